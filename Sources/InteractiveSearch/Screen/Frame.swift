/// One screen as drawn: its lines, where the terminal's cursor goes (the
/// query's cursor), which lines are the selected row's (to highlight), and
/// where the rows and the preview are (for the mouse).
package struct Frame: Sendable {
    package init(left: [String], right: [String]? = nil) {
        self.left = left
        self.right = right ?? Array(repeating: "", count: left.count)
    }

    /// The lines, top to bottom, none wider than the screen: each its
    /// ``left`` part and its ``right`` part.
    package var lines: [String] { zip(left, right).map { $0 + $1 } }
    /// Each line's table, status or query, padded to the pane's rule when a
    /// preview pane shows: the part a selected row's highlight covers.
    package var left: [String]
    /// Each line's preview pane with the rule before it; empty without one.
    package var right: [String]
    /// The line the cursor is on, counted from 0.
    package var cursorLine = 0
    /// The cell the cursor is on, counted from 0.
    package var cursorColumn = 0
    /// The lines of the selected row.
    package var selectedLines: Range<Int> = 0..<0
    /// The row each line shows, `nil` for a line that shows none.
    package var rowAtLine: [Int?] = []
    /// The lines of the preview pane and its first column, when it shows.
    package var previewLines: Range<Int>?
    package var previewColumn = 0
}
