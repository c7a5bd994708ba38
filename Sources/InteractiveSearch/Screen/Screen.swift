import ResultKit
package import ResultOutput
import SearchEngine
import StreamingJSON
import TerminalTable

/// Draws the picker's screen from its state: the merged table of the rows
/// in view, a status line, and the query line, each line at most the
/// screen's width. Pure: the same state and size give the same lines.
///
/// The table is the one-shot command's: ``TableOutput`` renders the rows in
/// view, with their kinds, colours, multi-line rows and highlighted matches,
/// two cells narrower than the screen to leave room for the gutter that
/// shows the selected row (`>`) and the marked ones (`*`).
package struct Screen: Sendable {
    /// Columns.
    package var width: Int
    /// Lines.
    package var height: Int
    /// The query line at the top, as fzf's `--layout reverse`.
    package var reverse: Bool
    /// How the table is drawn (its width is set from ``width``).
    package var table: TableOutput
    /// Whether a pane beside the table shows the selected record whole.
    package var preview = false

    /// The narrowest screen that shows the preview pane beside the table.
    static let previewMinimumWidth = 60

    /// The gutter's width: the selection marker and the mark.
    static let gutterWidth = 2

    package init(width: Int, height: Int, reverse: Bool, table: TableOutput) {
        self.width = width
        self.height = height
        self.reverse = reverse
        self.table = table
    }

    /// The lines of the screen, top to bottom, exactly ``height`` of them,
    /// none wider than ``width``. Moves `state`'s scroll so that the
    /// selected row is in view.
    /// - Parameters:
    ///   - state: The rows, the selection and the marks.
    ///   - query: The query line's text, as typed.
    ///   - status: The status line's text.
    package func lines(_ state: inout PickerState, query: String, status: String) -> [String] {
        let tableHeight = max(0, height - 2)
        var tableLines: [String]
        if preview && width >= Self.previewMinimumWidth {
            // The table gets 55 % of the width, the pane the rest after a rule.
            var narrow = self
            narrow.preview = false
            narrow.width = width * 55 / 100
            tableLines = narrow.tableLines(&state, height: tableHeight)
            let paneWidth = width - narrow.width - 3
            let record = state.hits.indices.contains(state.cursor) ? state.hits[state.cursor].record.object : nil
            let pane = record.map { RecordPreview.lines(.object($0), width: paneWidth, height: tableHeight) } ?? []
            tableLines += Array(repeating: "", count: max(0, tableHeight - tableLines.count))
            tableLines = tableLines.enumerated().map { index, line in
                let padding = String(repeating: " ", count: max(0, narrow.width - ScreenText.visibleWidth(line)))
                return line + padding + " │ " + (index < pane.count ? pane[index] : "")
            }
        } else {
            tableLines = self.tableLines(&state, height: tableHeight)
        }
        let queryLine = "> " + ScreenText.tail(TerminalText.sanitize(query), width: max(0, width - 3)) + "▏"
        let statusLine = "  " + ScreenText.truncated(TerminalText.sanitize(status), to: max(0, width - 2))
        let padding = Array(repeating: "", count: max(0, tableHeight - tableLines.count))
        let all =
            reverse
            ? [queryLine, statusLine] + tableLines + padding
            : padding + tableLines + [statusLine, queryLine]
        return Array(all.suffix(height))
    }

    /// The table of the rows that fit in `height` lines from the scroll
    /// position, the scroll moved first so that the selected row shows.
    private func tableLines(_ state: inout PickerState, height: Int) -> [String] {
        guard state.count > 0, height > 0 else { return [] }
        if state.cursor < state.scroll { state.scroll = state.cursor }
        var options = table.options
        options.maxWidth = max(10, width - Self.gutterWidth)
        var output = table
        output.options = options
        // Draw from the scroll position; while the selected row does not
        // fit, scroll on by a row.
        while true {
            state.build(through: state.scroll + height)
            let drawn = draw(state.hits, from: state.scroll, height: height, output: output)
            if state.cursor < state.scroll + drawn.rowCount || state.scroll >= state.cursor {
                return decorate(drawn, state: state)
            }
            state.scroll += 1
        }
    }

    /// A table drawn from the row `first` on: its lines, how many rows
    /// fit, and on which line each row starts.
    private struct Drawn {
        var lines: [String]
        var first: Int
        var rowCount: Int
        var rowStarts: [Int]
    }

    private func draw(_ hits: [SearchHit], from first: Int, height: Int, output: TableOutput) -> Drawn {
        // At most as many rows as lines, fewer while the table overflows.
        var count = min(hits.count - first, height)
        while true {
            let window = Array(hits[first..<(first + count)])
            // The lines each row takes as drawn: a row of two lines whose
            // cells fit on one takes one.
            let (text, heights) = output.renderMergedWithRowLines(window)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            let trailing = output.options.border == .plain ? 0 : 1
            let header = max(0, lines.count - heights.reduce(0, +) - trailing)
            if lines.count <= height || count == 1 {
                var starts: [Int] = []
                var line = header
                for rowHeight in heights {
                    starts.append(line)
                    line += rowHeight
                }
                return Drawn(lines: Array(lines.prefix(height)), first: first, rowCount: count, rowStarts: starts)
            }
            count -= 1
        }
    }

    /// The table's lines behind the gutter: `>` on the selected row's first
    /// line, `*` on each marked row's.
    private func decorate(_ drawn: Drawn, state: PickerState) -> [String] {
        var gutters = Array(repeating: "  ", count: drawn.lines.count)
        for (offset, start) in drawn.rowStarts.enumerated() where start < gutters.count {
            let index = drawn.first + offset
            let selected = index == state.cursor
            let marked = state.isMarked(index)
            gutters[start] = (selected ? ">" : " ") + (marked ? "*" : " ")
        }
        return zip(gutters, drawn.lines).map { $0 + $1 }
    }
}
