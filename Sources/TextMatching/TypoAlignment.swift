/// Banded Damerau-Levenshtein (optimal string alignment) tables between the pattern and the text
/// from a word start, with free end in the text. One alignment serves every word start of a text:
/// ``run(from:width:)`` fills the table for one start, and ``matchedUnits(from:end:)`` reads it back.
struct TypoAlignment<Subject: MatchSubject & ~Escapable>: ~Escapable {
    let pattern: Span<UInt32>
    let subject: Subject
    /// The most edits allowed.
    let budget: Int
    /// `(pattern.count + 1) × columns` cells: the cost of aligning `i` pattern units with `j` text
    /// units. Read and written without bounds checks: every index below stays within the band of a
    /// table of this size, and the checks cost the typo tier 15% of its instructions.
    let table: UnsafeMutableBufferPointer<Int>
    let columns: Int

    @_lifetime(copy pattern, copy subject)
    init(
        pattern: Span<UInt32>, subject: Subject, budget: Int, table: TypoTable, columns: Int
    ) {
        self.pattern = pattern
        self.subject = subject
        self.budget = budget
        self.table = table.cells
        self.columns = columns
    }

    /// Larger than any cost within budget.
    private static var unreachable: Int { 1 << 20 }

    /// Fills the table for the word at `start`, taking at most `width` units of text from it;
    /// returns the lowest cost within budget and the text length that achieves it, or nil.
    func run(from start: Int, width: Int) -> (cost: Int, end: Int)? {
        @inline(__always)
        func textUnit(_ j: Int) -> UInt32 { subject.unit(at: start + j - 1) }
        // Said once, so that the text's reads below (units `start ..< start + width`) need no
        // check each.
        precondition(start >= 0 && width >= 0 && start + width <= subject.count)
        let length = pattern.count
        let unreachable = Self.unreachable
        table[0] = 0
        for j in 1...max(width, 1) {
            table[j] = j <= width && j <= budget ? table[j - 1] + 1 : unreachable
        }
        for i in 1...length {
            let row = i * columns
            let above = row - columns
            table[row] = i <= budget ? table[above] + 1 : unreachable
            var rowMinimum = table[row]
            let patternUnit = pattern[i - 1]
            // Only the band |i - j| <= budget can stay within budget; the cells just outside it are
            // read by the next cells and row, so they are marked unreachable.
            let low = max(1, i - budget)
            let high = min(width, i + budget)
            if low - 1 >= 1 { table[row + low - 1] = unreachable }
            if high + 1 <= width { table[row + high + 1] = unreachable }
            if low <= high {
                for j in low...high {
                    let unit = textUnit(j)
                    var cost = table[above + j - 1] + (patternUnit == unit ? 0 : 1)
                    cost = min(cost, table[above + j] + 1)
                    cost = min(cost, table[row + j - 1] + 1)
                    if i > 1, j > 1, patternUnit != unit, patternUnit == textUnit(j - 1), pattern[i - 2] == unit {
                        cost = min(cost, table[above - columns + j - 2] + 1)
                    }
                    table[row + j] = cost
                    rowMinimum = min(rowMinimum, cost)
                }
            }
            if rowMinimum > budget { return nil }
        }
        var best: (cost: Int, end: Int, endsWord: Bool)?
        let lastRow = length * columns
        for end in max(0, length - budget)...min(width, length + budget) {
            let cost = table[lastRow + end]
            guard cost <= budget else { continue }
            let endsWord = subject.endsWord(at: start + end)
            if let current = best, current.cost < cost || (current.cost == cost && (current.endsWord || !endsWord)) {
                continue
            }
            best = (cost, end, endsWord)
        }
        return best.map { ($0.cost, $0.end) }
    }

    /// The text units that the cheapest alignment from `start` ending at `end` keeps (equal or
    /// transposed), ascending. Reads the table as the last ``run(from:width:)`` from `start` left it.
    func matchedUnits(from start: Int, end: Int) -> [Int] {
        @inline(__always)
        func textUnit(_ j: Int) -> UInt32 { subject.unit(at: start + j - 1) }
        var units: [Int] = []
        var i = pattern.count
        var j = end
        while i > 0 && j > 0 {
            let cost = table[i * columns + j]
            let patternUnit = pattern[i - 1]
            let unit = textUnit(j)
            let diagonal = table[(i - 1) * columns + j - 1]
            if j > 1, patternUnit == unit, textUnit(j - 1) == unit, cost == table[i * columns + j - 1] + 1 {
                // A doubled letter in the text ("coffee" for "cofee"): keep the first of the two.
                j -= 1
            } else if patternUnit == unit && cost == diagonal {
                units.append(start + j - 1)
                i -= 1
                j -= 1
            } else if i > 1, j > 1, patternUnit == textUnit(j - 1), pattern[i - 2] == unit,
                cost == table[(i - 2) * columns + j - 2] + 1
            {
                units.append(start + j - 1)
                units.append(start + j - 2)
                i -= 2
                j -= 2
            } else if patternUnit != unit && cost == diagonal + 1 {
                i -= 1
                j -= 1
            } else if cost == table[(i - 1) * columns + j] + 1 {
                i -= 1
            } else {
                j -= 1
            }
        }
        return units.reversed()
    }
}

/// The cells of a typo alignment's table, on the stack for one match of a text: only
/// ``TypoAlignment`` reads and writes them, without bounds checks, and it writes each cell before
/// it reads it, so they need no filling first.
struct TypoTable {
    fileprivate let cells: UnsafeMutableBufferPointer<Int>

    /// Calls `body` with a table of `count` cells that lasts for the call: for an alignment of a
    /// pattern of `length` units, `(length + 1) × columns`, with more `columns` than the text
    /// lengths it aligns.
    static func with<Result>(count: Int, _ body: (TypoTable) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { body(TypoTable(cells: $0)) }
    }
}
