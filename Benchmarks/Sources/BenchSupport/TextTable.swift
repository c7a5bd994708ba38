/// A plain, aligned text table for the benchmarks' reports: two spaces
/// between columns, numbers right-aligned.
///
/// The report does not use the project's own table engine, so a bug there
/// cannot hide in the figures that measure it.
public struct TextTable: Sendable {
    /// The header line's cells.
    public var headers: [String]
    /// The columns aligned to the right.
    public var rightAligned: Set<Int>
    /// The rows, each with as many cells as there are headers.
    public var rows: [[String]] = []

    /// An empty table with these headers.
    public init(headers: [String], rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rightAligned = rightAligned
    }

    /// Adds a row.
    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The table as lines ending in newlines.
    public func render() -> String {
        let all = [headers] + rows
        var widths = [Int](repeating: 0, count: headers.count)
        for row in all {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        var output = ""
        for row in all {
            var line = ""
            for (index, width) in widths.enumerated() {
                let cell = index < row.count ? row[index] : ""
                let padding = String(repeating: " ", count: width - cell.count)
                if index > 0 { line += "  " }
                line += rightAligned.contains(index) ? padding + cell : cell + padding
            }
            while line.hasSuffix(" ") { line.removeLast() }
            output += line + "\n"
        }
        return output
    }
}
