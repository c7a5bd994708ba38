import ResultOutput
import SearchEngine
import TerminalTable

/// The rows built so far drawn as one merged table, once, at one width: its
/// header lines (the column headers and the legend of each kind), each
/// row's lines, and the lines after the rows (a border's bottom rule).
///
/// The screen shows a window of these lines. The columns' widths are those
/// the whole page asks for, not those of the rows in view, so that they
/// stay where they are while the selection scrolls.
struct DrawnPage: Sendable {
    /// The table's width: the page is drawn again at another.
    let width: Int
    /// How many rows it holds: the first this many of the state's hits.
    let rowCount: Int
    let head: [String]
    let rows: [[String]]
    let tail: [String]

    init(_ hits: [SearchHit], output: TableOutput, width: Int) {
        self.width = width
        rowCount = hits.count
        let (text, rowLines) = output.renderMergedWithRowLines(hits)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let tailCount = output.options.border == .plain ? 0 : 1
        let headCount = max(0, lines.count - rowLines.reduce(0, +) - tailCount)
        head = Array(lines.prefix(headCount))
        var rows: [[String]] = []
        rows.reserveCapacity(rowLines.count)
        var start = headCount
        for count in rowLines {
            rows.append(Array(lines[start..<min(lines.count, start + count)]))
            start += count
        }
        self.rows = rows
        tail = Array(lines[min(lines.count, start)...])
    }
}
