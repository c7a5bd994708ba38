import ResultKit
package import ResultOutput
import SearchEngine
import StreamingJSON
import TerminalTable

/// Draws the picker's screen from its state: the merged table of the rows
/// in view, a status line, and the query line, each line at most the
/// screen's width. Pure: the same state and size give the same frame.
///
/// The table is the one-shot command's: ``TableOutput`` renders the rows
/// built so far, with their kinds, colours, multi-line rows and highlighted
/// matches, once (``DrawnPage``), and the screen shows a window of it: the
/// columns stay put while the selection scrolls. The table is three cells
/// narrower than its part of the screen: two for the gutter that shows the
/// selected row (`>`) and the marked ones (`*`), one for the scroll bar.
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

    /// The scroll bar's thumb, in the table's last column.
    static let scrollThumb = "┃"

    /// The prompt before the query.
    static let prompt = "> "

    package init(width: Int, height: Int, reverse: Bool, table: TableOutput) {
        self.width = width
        self.height = height
        self.reverse = reverse
        self.table = table
    }

    /// The screen, exactly ``height`` lines, none wider than ``width``.
    /// Moves `state`'s scroll so that the selected row is in view, and its
    /// preview scroll within the record.
    /// - Parameters:
    ///   - state: The rows, the selection and the marks.
    ///   - query: The query line's text and cursor, as typed.
    ///   - status: The status line's text.
    package func frame(_ state: inout PickerState, query: LineEditor, status: String) -> Frame {
        let tableHeight = max(0, height - 2)
        var body: Body
        var previewColumn: Int?
        if preview && width >= Self.previewMinimumWidth {
            // The table gets 55 % of the width, the pane the rest after a rule.
            let tableWidth = width * 55 / 100
            body = tableBody(&state, width: tableWidth, height: tableHeight)
            body.pad(to: tableHeight, atTop: !reverse)
            let paneWidth = width - tableWidth - 3
            let pane = previewLines(&state, width: paneWidth, height: tableHeight)
            body.lines = body.lines.map { line in
                line + String(repeating: " ", count: max(0, tableWidth - ScreenText.visibleWidth(line)))
            }
            body.panes = body.lines.indices.map { " │ " + ($0 < pane.count ? pane[$0] : "") }
            previewColumn = tableWidth + 3
        } else {
            body = tableBody(&state, width: width, height: tableHeight)
            body.pad(to: tableHeight, atTop: !reverse)
        }
        let (queryText, queryCursor) = Self.queryLine(query, width: width)
        let statusLine = "  " + ScreenText.truncated(TerminalText.sanitize(status), to: max(0, width - 2))
        let panes = body.panes ?? Array(repeating: "", count: body.lines.count)
        var frame: Frame
        let bodyStart: Int
        if reverse {
            frame = Frame(left: [queryText, statusLine] + body.lines, right: ["", ""] + panes)
            frame.cursorLine = 0
            bodyStart = 2
        } else {
            frame = Frame(left: body.lines + [statusLine, queryText], right: panes + ["", ""])
            frame.cursorLine = body.lines.count + 1
            bodyStart = 0
        }
        // A screen of fewer than three lines shows what fits from the query line's side.
        let dropped = max(0, frame.left.count - height)
        if dropped > 0 {
            if reverse {
                frame.left = Array(frame.left.prefix(height))
                frame.right = Array(frame.right.prefix(height))
            } else {
                frame.left = Array(frame.left.suffix(height))
                frame.right = Array(frame.right.suffix(height))
                frame.cursorLine -= dropped
            }
        }
        let shift = bodyStart - (reverse ? 0 : dropped)
        frame.cursorColumn = queryCursor
        frame.selectedLines = body.selected.map { ($0.lowerBound + shift)..<($0.upperBound + shift) } ?? 0..<0
        frame.rowAtLine = Array(repeating: nil, count: frame.left.count)
        for (index, row) in body.rowAtLine.enumerated() where frame.rowAtLine.indices.contains(index + shift) {
            frame.rowAtLine[index + shift] = row
        }
        if let previewColumn {
            let start = max(0, shift)
            frame.previewLines = start..<min(frame.left.count, shift + body.lines.count)
            frame.previewColumn = previewColumn
        }
        return frame
    }

    /// The query line, `> ` and as much of the query as fits with the
    /// cursor in view, and the cell the cursor is on.
    static func queryLine(_ query: LineEditor, width: Int) -> (text: String, cursor: Int) {
        let before = TerminalText.sanitize(query.beforeCursor)
        let after = TerminalText.sanitize(String(query.text.dropFirst(query.beforeCursor.count)))
        // The cells for the query: the cursor at its end takes one more.
        let room = max(1, width - prompt.count)
        let beforeWidth = DisplayWidth.of(before)
        let afterWidth = DisplayWidth.of(after)
        if beforeWidth + afterWidth < room {
            return (prompt + before + after, prompt.count + beforeWidth)
        }
        if beforeWidth < room - 1 {
            // The start shows, and the cursor in it.
            return (prompt + before + ScreenText.truncated(after, to: room - beforeWidth), prompt.count + beforeWidth)
        }
        // The cursor far along: the text before it, cut at its start, and a
        // little of what follows it.
        let following = min(afterWidth, room / 4)
        let shown = ScreenText.tail(before, width: room - 1 - following)
        let shownWidth = DisplayWidth.of(shown)
        return (
            prompt + shown + ScreenText.truncated(after, to: room - shownWidth), prompt.count + shownWidth
        )
    }

    /// The table's part of the screen: its lines, the selected row's lines,
    /// and the row each line shows.
    private struct Body {
        var lines: [String] = []
        /// Beside each line, the preview pane's, when it shows.
        var panes: [String]?
        var selected: Range<Int>?
        var rowAtLine: [Int?] = []

        /// Adds blank lines up to `height`, above the table (the rows stay
        /// beside the status and query lines) or below it.
        mutating func pad(to height: Int, atTop: Bool) {
            let count = max(0, height - lines.count)
            guard count > 0 else { return }
            let blank = Array(repeating: "", count: count)
            if atTop {
                lines = blank + lines
                rowAtLine = Array(repeating: nil, count: count) + rowAtLine
                selected = selected.map { ($0.lowerBound + count)..<($0.upperBound + count) }
            } else {
                lines += blank
                rowAtLine += Array(repeating: nil, count: count)
            }
        }
    }

    /// The table of the rows that fit in `height` lines from the scroll
    /// position, the scroll moved first so that the selected row shows, in
    /// `width` cells: the gutter, the table, the scroll bar.
    private func tableBody(_ state: inout PickerState, width: Int, height: Int) -> Body {
        guard state.count > 0, height > 0 else { return Body() }
        let tableWidth = max(10, width - Self.gutterWidth - 1)
        state.build(through: max(state.scroll + height, state.cursor + 1))
        if state.drawnPage?.width != tableWidth || state.drawnPage?.rowCount != state.hits.count {
            var output = table
            output.options.maxWidth = tableWidth
            state.drawnPage = DrawnPage(state.hits, output: output, width: tableWidth)
        }
        guard let page = state.drawnPage, !page.rows.isEmpty else { return Body() }
        // The headers and each kind's legend while they leave half the
        // lines for rows; on fewer lines, the rows first.
        var head = page.head
        var tail = page.tail
        while head.count > 1, height - head.count - tail.count < max(1, height / 2) { head.removeLast() }
        while !head.isEmpty, head.count + tail.count >= height {
            if !tail.isEmpty { tail.removeAll() } else { head.removeLast() }
        }
        let room = max(1, height - head.count - tail.count)
        let cursor = min(state.cursor, page.rows.count - 1)
        // The selected row in view: above, it is the first; below, the last.
        if cursor < state.scroll { state.scroll = cursor }
        state.scroll = min(state.scroll, page.rows.count - 1)
        var used = page.rows[state.scroll...cursor].reduce(0) { $0 + $1.count }
        while used > room, state.scroll < cursor {
            used -= page.rows[state.scroll].count
            state.scroll += 1
        }
        var body = Body()
        body.lines = head.map { "  " + $0 }
        body.rowAtLine = Array(repeating: nil, count: head.count)
        var last = state.scroll
        var lineCount = 0
        for index in state.scroll..<page.rows.count {
            let lines = page.rows[index]
            if lineCount > 0, lineCount + lines.count > room { break }
            let kept = lines.prefix(room - lineCount)
            let start = body.lines.count
            for (offset, line) in kept.enumerated() {
                let marker = offset > 0 ? "  " : (index == cursor ? ">" : " ") + (state.isMarked(index) ? "*" : " ")
                body.lines.append(marker + line)
                body.rowAtLine.append(index)
            }
            if index == cursor { body.selected = start..<body.lines.count }
            lineCount += kept.count
            last = index
            if lineCount >= room { break }
        }
        body.lines += tail.map { "  " + $0 }
        body.rowAtLine += Array(repeating: nil, count: tail.count)
        // The scroll bar beside the rows, when not every row shows.
        let shown = last - state.scroll + 1
        if shown < state.count {
            let first = head.count
            let length = lineCount
            let thumb = max(1, length * shown / state.count)
            let start = min(length - thumb, (length * state.scroll + state.count / 2) / state.count)
            let atEnd = last == state.count - 1
            let thumbStart = atEnd ? length - thumb : start
            for line in first..<(first + length) {
                let position = line - first
                guard position >= thumbStart, position < thumbStart + thumb else { continue }
                let padding = max(0, width - 1 - ScreenText.visibleWidth(body.lines[line]))
                body.lines[line] += String(repeating: " ", count: padding) + Self.scrollThumb
            }
        }
        return body
    }

    /// The selected record's preview, from its scroll position: the lines
    /// made once for the record, the scroll kept within them.
    private func previewLines(_ state: inout PickerState, width: Int, height: Int) -> [String] {
        guard state.hits.indices.contains(state.cursor), height > 0 else { return [] }
        if state.previewLines?.record != state.cursor || state.previewLines?.width != width {
            let record = state.hits[state.cursor].record.object
            state.previewLines = (state.cursor, width, RecordPreview.lines(.object(record), width: width))
        }
        let all = state.previewLines?.lines ?? []
        state.previewScroll = min(state.previewScroll, max(0, all.count - height))
        var shown = Array(all.dropFirst(state.previewScroll).prefix(height))
        if all.count > height, !shown.isEmpty {
            // Where the pane is in the record, at the top right, as fzf shows it.
            let label = " \(state.previewScroll + 1)/\(all.count)"
            let labelWidth = label.count
            let first = ScreenText.truncated(shown[0], to: max(0, width - labelWidth))
            let padding = max(0, width - labelWidth - DisplayWidth.of(first))
            shown[0] = first + String(repeating: " ", count: padding) + label
        }
        return shown
    }
}
