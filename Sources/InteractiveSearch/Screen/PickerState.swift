package import ResultKit
package import SearchEngine

/// What the picker shows and where the user is in it: the results of the
/// latest search, the selected row, the first row on screen, the rows
/// marked with Tab, and how far the preview is scrolled. A value: every
/// key makes a new state.
package struct PickerState: Sendable {
    /// The rows built so far, best first: the first ``count`` rows, or
    /// fewer when the rest are built as they are shown.
    package private(set) var hits: [SearchHit] = []
    /// How many rows there are.
    package private(set) var count = 0
    /// Builds the rows past ``hits``.
    private var more: LiveSearch.MoreHits?
    /// How many rows are built at a time past those built.
    static let rowsBuiltAtOnce = 100
    /// The index of the selected row in ``hits``.
    package private(set) var cursor = 0
    /// The index of the first row on screen.
    package var scroll = 0
    /// The first line of the selected record's preview on screen.
    package var previewScroll = 0
    /// The rows marked with Tab, by the record's place in its source, so
    /// that a mark survives a new query that still finds the record.
    package private(set) var marked: [SourceLocation: SearchHit] = [:]
    /// The order rows were marked in, which is the order they are printed in.
    package private(set) var markOrder: [SourceLocation] = []
    /// The rows built so far drawn as one table, kept while they and the
    /// width stay the same (see ``Screen``).
    var drawnPage: DrawnPage?
    /// The selected record's preview, kept while it stays selected.
    var previewLines: (record: Int, width: Int, lines: [String])?

    package init() {}

    /// Shows the results of a new search: the selection goes back to the
    /// best row, or stays at its place for the same query searched again.
    /// - Parameters:
    ///   - hits: The rows built, best first.
    ///   - count: How many rows there are, when more than `hits`.
    ///   - more: Builds the rest, as they are shown.
    ///   - keepingSelection: Whether the selection and the scroll stay.
    package mutating func show(
        _ hits: [SearchHit], count: Int? = nil, more: LiveSearch.MoreHits? = nil, keepingSelection: Bool = false
    ) {
        let selected = self.hits.indices.contains(cursor) ? self.hits[cursor].record.location : nil
        self.hits = hits
        self.count = more == nil ? hits.count : max(hits.count, count ?? hits.count)
        self.more = more
        if keepingSelection {
            cursor = min(cursor, max(0, self.count - 1))
            build(through: cursor + 1)
            if self.hits.indices.contains(cursor), self.hits[cursor].record.location != selected { previewScroll = 0 }
        } else {
            cursor = 0
            scroll = 0
            previewScroll = 0
        }
        drawnPage = nil
        previewLines = nil
    }

    /// Builds the rows up to `end` (or all of them) when they are not built yet.
    package mutating func build(through end: Int) {
        let end = min(end, count)
        guard end > hits.count, let more else { return }
        let range = hits.count..<min(count, max(end, hits.count + Self.rowsBuiltAtOnce))
        let built = more.build(range)
        hits += built
        // Fewer than asked: there are no more (the records changed meanwhile).
        if built.count < range.count { count = hits.count }
        if hits.count == count { self.more = nil }
        cursor = min(cursor, max(0, count - 1))
        drawnPage = nil
    }

    /// Moves the selection by `rows` (negative is up), staying within the rows.
    package mutating func move(by rows: Int) {
        guard count > 0 else { return }
        select(cursor + rows)
    }

    /// Selects the row at `index`, or the nearest there is.
    package mutating func select(_ index: Int) {
        guard count > 0 else { return }
        let moved = min(max(0, index), count - 1)
        if moved != cursor { previewScroll = 0 }
        cursor = moved
        build(through: cursor + 1)
    }

    /// Scrolls the preview by `lines` (negative is up); ``Screen`` keeps it
    /// within the record's lines.
    package mutating func scrollPreview(by lines: Int) {
        previewScroll = max(0, previewScroll + lines)
    }

    /// Marks the selected row, or unmarks it when it is marked.
    package mutating func toggleMark() {
        guard hits.indices.contains(cursor) else { return }
        let hit = hits[cursor]
        let key = hit.record.location
        if marked.removeValue(forKey: key) != nil {
            markOrder.removeAll { $0 == key }
        } else {
            marked[key] = hit
            markOrder.append(key)
        }
    }

    /// Whether the row at `index` is marked.
    package func isMarked(_ index: Int) -> Bool {
        hits.indices.contains(index) && marked[hits[index].record.location] != nil
    }

    /// What Enter prints: the marked rows in the order they were marked, or
    /// else the selected row; none when there are no rows.
    package var chosen: [SearchHit] {
        if !markOrder.isEmpty { return markOrder.compactMap { marked[$0] } }
        return hits.indices.contains(cursor) ? [hits[cursor]] : []
    }
}
