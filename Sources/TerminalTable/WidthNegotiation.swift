/// Shares a total width among columns.
enum WidthNegotiation {
    /// Widths for columns that want `naturals` and accept no less than
    /// `minimums`, summing to at most `available`.
    ///
    /// Columns that fit keep their natural width; when the total is too wide,
    /// the widest columns shrink first, down to a common level (so short
    /// columns stay whole). When even the minimums do not fit, every column may
    /// shrink to 1 cell; the result exceeds `available` only when it is
    /// smaller than the number of columns.
    static func distribute(naturals: [Int], minimums: [Int], available: Int) -> [Int] {
        var floors = minimums.map { max(1, $0) }
        if floors.reduce(0, +) > available {
            floors = floors.map { _ in 1 }
        }
        let wanted = zip(naturals, floors).map { max($0, $1) }
        if wanted.reduce(0, +) <= available { return wanted }
        if floors.reduce(0, +) >= available { return floors }

        func widths(atLevel level: Int) -> [Int] {
            zip(wanted, floors).map { natural, floor in max(floor, min(natural, level)) }
        }
        var low = 0
        var high = wanted.max() ?? 0
        while low < high {
            let middle = (low + high + 1) / 2
            if widths(atLevel: middle).reduce(0, +) <= available {
                low = middle
            } else {
                high = middle - 1
            }
        }
        var result = widths(atLevel: low)
        var remainder = available - result.reduce(0, +)
        for index in result.indices where remainder > 0 && result[index] < wanted[index] {
            result[index] += 1
            remainder -= 1
        }
        return result
    }
}
