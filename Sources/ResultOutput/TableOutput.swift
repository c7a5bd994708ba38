import ResultKit
public import SearchEngine
public import TerminalTable
import TextMatching

/// Lays out hits as the merged table: KIND and NAME shared by every row, and
/// each kind's own columns aligned among that kind's rows.
///
/// The renderer asks every row for its size and its cells; it never asks what
/// kind a row is.
public struct TableOutput: Sendable {
    /// How the table looks and how wide it may be.
    public var options: RenderOptions
    /// One titled section per kind instead of one merged table.
    public var groupByKind: Bool
    /// Add a MATCH column saying why each row matched.
    public var explain: Bool

    public init(options: RenderOptions, groupByKind: Bool = false, explain: Bool = false) {
        self.options = options
        self.groupByKind = groupByKind
        self.explain = explain
    }

    /// The MATCH column of `--explain`: a reason cut to fit keeps the
    /// field it names (`substring… in description`), the point of asking.
    static let matchColumn = Column("MATCH", minWidth: 5, priority: 70, cut: reasonCut)

    /// The KIND column: kept longest after NAME; under 60 columns it
    /// abbreviates to 4 cells, the legend naming each kind in full.
    static let kindColumn = Column(
        "KIND", minWidth: 4, maxWidth: kindWidthCap, priority: 90, isRequired: true, compactWidth: 4)
    /// The widest KIND gets: one long kind name does not widen every row.
    static let kindWidthCap = 12
    /// The NAME column: the identity, never dropped, and the first to get
    /// spare width: it keeps half the table's width (up to its widest name)
    /// before any details show, so that narrow tables still tell rows apart.
    /// A host name cut to fit is cut in the middle, keeping its public
    /// suffix (`queenc…eling.com`), and NAME is kept wide enough, when the
    /// width allows, that two hosts never read alike.
    static let nameColumn = Column("NAME", minWidth: 8, priority: 100, isRequired: true, share: 50, cut: hostCut)

    /// How NAME cuts a host: in the middle, keeping its public suffix.
    static let hostCut = CutRule(keptEnd: { PublicSuffixList.suffixLength(ofHost: $0) }, keepsApart: true)
    /// How MATCH cuts a reason: in the middle, keeping ` in FIELD`.
    static let reasonCut = CutRule(
        keptEnd: { reason in
            guard let last = reason.ranges(of: " in ").last else { return nil }
            return reason[last.lowerBound...].count
        }, restToStart: true)

    /// What a detail cell with nothing to show is drawn as, as a missing
    /// price is: the column stays, and the row says it has no value there.
    static let missingCell = Cell("–", style: .dim)

    /// `details` with every cell that shows nothing drawn as ``missingCell``.
    static func shown(_ details: [Cell]) -> [Cell] {
        var shown = details
        for index in details.indices where details[index].isBlank { shown[index] = missingCell }
        return shown
    }

    /// Renders `hits` as text ending in a newline (empty when there are none).
    public func render(_ hits: [SearchHit]) -> String {
        String(decoding: renderUTF8(hits), as: UTF8.self)
    }

    /// Renders `hits` as ``render(_:)`` does, as UTF-8 bytes, for a caller
    /// that writes them out as they are.
    package func renderUTF8(_ hits: [SearchHit]) -> [UInt8] {
        groupByKind ? renderSections(hits) : Array(renderMerged(hits).joined())
    }

    /// Hands `body` the bytes ``renderUTF8(_:)`` gives, in pieces, in order,
    /// as they are drawn: for a caller that writes each piece out and lets
    /// it go, so that the drawn table is never all in memory at once.
    package func forEachPiece(_ hits: [SearchHit], _ body: ([UInt8]) -> Void) {
        forEachPiece(hits, prepare: { $0 }, body)
    }

    /// Hands `body` the pieces ``forEachPiece(_:_:)`` gives, each as
    /// `prepare` makes it ready where it is drawn (on every core for many
    /// rows), in order; once `stop` says so (the reader went away), the rows
    /// left are not drawn.
    /// - Returns: The columns left out to fit the width, each named with
    ///   its kind (`nil` for MATCH, which every kind shares).
    @discardableResult
    package func forEachPiece<Piece: Sendable>(
        _ hits: [SearchHit], prepare: @escaping @Sendable ([UInt8]) -> Piece, stop: () -> Bool = { false },
        _ body: (Piece) -> Void
    ) -> [HiddenColumn] {
        guard !groupByKind else {
            let sections = renderSectionsWithHidden(hits)
            body(prepare(sections.bytes))
            return sections.hidden
        }
        let merged = mergedTable(hits)
        return TableRenderer.forEachPiece(
            shared: merged.shared, groups: merged.groups, blocks: merged.blocks, options: options, prepare: prepare,
            stop: stop, body)
    }

    /// What each hit's row shows in each column of the merged table,
    /// shared then its kind's (`nil` for a column not drawn): each cell's
    /// lines as fitted, joined with line feeds. For tests that compare what
    /// different widths show.
    package func visibleCells(_ hits: [SearchHit]) -> [[String?]] {
        let merged = mergedTable(hits)
        return TableRenderer.visibleCells(
            shared: merged.shared, groups: merged.groups, blocks: merged.blocks, options: options)
    }

    /// Renders `hits` as one merged table, as ``render(_:)`` does without
    /// `groupByKind`, with how many lines each hit's row takes in it, in
    /// order: for a caller that places marks beside the rows (the picker).
    package func renderMergedWithRowLines(_ hits: [SearchHit]) -> (text: String, rowLines: [Int]) {
        let merged = mergedTable(hits)
        let drawn = TableRenderer.renderPiecesAndRowLines(
            shared: merged.shared, groups: merged.groups, blocks: merged.blocks, options: options)
        return (String(decoding: drawn.pieces.joined(), as: UTF8.self), drawn.rowLines)
    }

    private func renderMerged(_ hits: [SearchHit]) -> [[UInt8]] {
        let merged = mergedTable(hits)
        return TableRenderer.renderPieces(
            shared: merged.shared, groups: merged.groups, blocks: merged.blocks, options: options)
    }

    /// The merged table of `hits`: its shared columns, a group per kind, and its rows in blocks.
    private func mergedTable(_ hits: [SearchHit]) -> (shared: [Column], groups: [DetailGroup], blocks: [RowBlock]) {
        // The rows, made into blocks on every core: each row gives its cells
        // and the widths it wants, which go straight into flat storage. A
        // block groups its rows by the kinds it meets, in order, so that each
        // hit is read once (reading a hit is a trip to memory); the table's
        // groups, a kind's name each in order of first appearance, are
        // settled from the blocks' after.
        let explain = explain
        let ranges = ParallelBlocks.blocks(count: hits.count)
        var made = ParallelBlocks.mapBlocks(ranges.count, parallel: ranges.count > 1) { block in
            var kinds: [ResultKind] = []
            var kindCells: [Cell] = []
            var groupOfKind: [ObjectIdentifier: Int] = [:]
            let rows = Self.rows(of: hits, ranges[block], explain: explain, groupColumns: []) { identity, index, rows in
                if let known = groupOfKind[identity] { return (known, kindCells[known]) }
                let kind = hits[index].kind
                let group = rows.addGroup(columns: kind.columns.count)
                groupOfKind[identity] = group
                kinds.append(kind)
                kindCells.append(Cell(kind.name, style: Self.style(forKind: kind.name)))
                return (group, kindCells[group])
            }
            return (rows: rows, kinds: kinds, kindCells: kindCells)
        }
        // Kinds made apart (the fallback kind of each parallel worker) share a
        // group by name; its columns are those of the first of them.
        var groupIndex: [String: Int] = [:]
        var groups: [DetailGroup] = []
        var kindCells: [Cell] = []
        let groupsOfBlocks = made.map { block in
            zip(block.kinds, block.kindCells).map { kind, cell in
                if let known = groupIndex[kind.name] { return known }
                groupIndex[kind.name] = groups.count
                groups.append(DetailGroup(title: kind.name, columns: kind.columns.map(\.tableColumn)))
                kindCells.append(cell)
                return groups.count - 1
            }
        }
        let groupColumns = groups.map(\.columns.count)
        for block in made.indices where !made[block].rows.regroup(groupsOfBlocks[block], columns: groupColumns) {
            // A kind named as another of other columns: its rows are laid out
            // again in the table's group, as that group's columns say.
            let cells = kindCells
            made[block].rows = Self.rows(of: hits, ranges[block], explain: explain, groupColumns: groupColumns) {
                _, index, _ in
                let group = groupIndex[hits[index].kind.name] ?? -1
                return (group, cells.indices.contains(group) ? cells[group] : Cell(hits[index].kind.name))
            }
        }
        // In a table of 60 columns or more, KIND shows its widest label whole (up to the cap).
        var kindColumn = Self.kindColumn
        kindColumn.minWidth = min(Self.kindWidthCap, max(4, kindCells.map(\.displayWidth).max() ?? 4))
        let sharedColumns = [kindColumn, Self.nameColumn] + (explain ? [Self.matchColumn] : [])
        return (sharedColumns, groups, made.map(\.rows))
    }

    /// The rows of `hits[range]` in a block whose groups have `groupColumns`
    /// columns each; `group` gives the group and KIND cell of a hit of a
    /// kind other than the row before's, from the kind's identity and the
    /// hit's index, and may add the group to the block.
    private static func rows(
        of hits: [SearchHit], _ range: Range<Int>, explain: Bool, groupColumns: [Int],
        group: (ObjectIdentifier, Int, inout RowBlock) -> (index: Int, kindCell: Cell)
    ) -> RowBlock {
        let sharedCount = explain ? 3 : 2
        var rows = RowBlock(sharedColumns: sharedCount, groupColumns: groupColumns)
        rows.reserve(rows: range.count, cellsPerRow: sharedCount + 3, bytesPerRow: 80)
        var previous: (kind: ObjectIdentifier, group: Int, kindCell: Cell)?
        for index in range {
            let (identity, row, match) = SearchHit.identityRowAndMatch(in: hits, at: index)
            if previous?.kind != identity {
                let (group, kindCell) = group(identity, index, &rows)
                previous = (identity, group, kindCell)
            }
            guard let previous else { continue }
            add(
                row, match: match, reason: explain ? reason(hits[index]) : nil, kindCell: previous.kindCell,
                group: previous.group, to: &rows)
        }
        return rows
    }

    /// Adds a hit's row to `rows`: KIND, NAME and (for `--explain`) MATCH,
    /// then its details; and the widths it wants, KIND's first.
    /// - Parameter reason: The MATCH text, for `--explain`.
    private static func add(
        _ row: any CellRepresentable, match: FieldMatch?, reason: String?, kindCell: Cell, group: Int,
        to rows: inout RowBlock
    ) {
        rows.beginRow(group: group, height: max(1, row.rowHeight))
        rows.add(kindCell, repeatedAs: group)
        addName(row.name, match: match, to: &rows)
        let reason = reason.map { Cell($0, style: .dim) }
        if let reason { rows.add(reason) }
        rows.beginDetails()
        // An empty cell shows the missing value's mark; the width it wants is the kind's to say.
        let details = row.detailCells
        rows.add(contentsOf: details, blank: missingCell)
        // KIND's width, then the row's own with MATCH's after NAME's.
        let widths = row.cellWidths(for: details)
        rows.addWidth(kindCell.displayWidth)
        if let reason {
            for (index, width) in widths.enumerated() {
                rows.addWidth(width)
                if index == 0 { rows.addWidth(reason.displayWidth) }
            }
        } else {
            rows.addWidths(widths)
        }
        rows.endRow()
    }

    private func renderSections(_ hits: [SearchHit]) -> [UInt8] {
        renderSectionsWithHidden(hits).bytes
    }

    /// The sections of `--group-by kind`, and the columns each left out,
    /// named with its kind.
    private func renderSectionsWithHidden(_ hits: [SearchHit]) -> (bytes: [UInt8], hidden: [HiddenColumn]) {
        var order: [String] = []
        var byKind: [String: [SearchHit]] = [:]
        for hit in hits {
            if byKind[hit.kind.name] == nil { order.append(hit.kind.name) }
            byKind[hit.kind.name, default: []].append(hit)
        }
        let explain = explain
        let sections = order.compactMap { name -> (kind: String, section: Section)? in
            guard let hits = byKind[name], let kind = hits.first?.kind else { return nil }
            let rows = ParallelBlocks.mapEach(count: hits.count) { index in
                let presented = PresentedRow(hits[index], explain: explain)
                var cells = [presented.name]
                var widths = presented.widths
                if let reason = presented.reason {
                    cells.append(reason)
                    widths.insert(reason.displayWidth, at: 1)
                }
                cells.append(contentsOf: presented.details)
                return Row(cells, size: RowSize(height: presented.height, widths: widths))
            }
            let title = "\(kind.plural.uppercased()) (\(hits.count))"
            let columns = [Self.nameColumn] + (explain ? [Self.matchColumn] : []) + kind.columns.map(\.tableColumn)
            return (kind.name, Section(title: title, columns: columns, rows: rows))
        }
        let drawn = TableRenderer.renderSections(sections.map(\.section), options: options)
        let hidden = zip(sections, drawn.hidden).flatMap { section, hidden in
            hidden.map { HiddenColumn(group: $0.header == "MATCH" ? nil : section.kind, header: $0.header) }
        }
        return (drawn.bytes, hidden)
    }

    /// What a hit's row gives the table: asked once each.
    private struct PresentedRow {
        /// The NAME cell.
        let name: Cell
        /// The MATCH cell of `--explain`.
        let reason: Cell?
        let details: [Cell]
        /// The NAME cell's width, then each detail cell's.
        let widths: [Int]
        let height: Int

        init(_ hit: borrowing SearchHit, explain: Bool) {
            let row = hit.row
            name = TableOutput.nameCell(row.name, match: hit.match)
            reason = explain ? Cell(TableOutput.reason(hit), style: .dim) : nil
            details = TableOutput.shown(row.detailCells)
            widths = row.cellWidths(for: details)
            height = max(1, row.rowHeight)
        }
    }

    /// Adds the NAME cell to `rows`, as ``nameCell(_:match:)`` makes it.
    private static func addName(_ name: String, match: FieldMatch?, to rows: inout RowBlock) {
        if let highlights = nameHighlights(name, match: match) {
            rows.add(Cell(name, style: .bold, highlights: highlights))
        } else {
            rows.add(line: name, style: .bold)
        }
    }

    /// The NAME cell, with the matched characters highlighted when the match
    /// was in the text NAME shows.
    private static func nameCell(_ name: String, match: FieldMatch?) -> Cell {
        Cell(name, style: .bold, highlights: nameHighlights(name, match: match) ?? [])
    }

    /// The characters of NAME that `match` found, when it was in the text
    /// NAME shows; else `nil`.
    private static func nameHighlights(_ name: String, match: FieldMatch?) -> [Range<Int>]? {
        guard let match, match.text == name, !match.positions.isEmpty else { return nil }
        return Self.ranges(match.positions)
    }

    /// `prefix in name`, `typo in description`, or `filter` for a query of
    /// filters only.
    static func reason(_ hit: SearchHit) -> String {
        guard let match = hit.match else { return hit.rank.tier == nil ? "listed" : "filter" }
        let qualifiers = match.strength?.qualifiers ?? []
        return "\(match.tier)\(qualifiers.isEmpty ? "" : " (\(qualifiers.joined(separator: ", ")))") in \(match.field)"
    }

    /// Consecutive offsets joined into ranges.
    static func ranges(_ positions: [Int]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for position in positions {
            if let last = ranges.last, last.upperBound == position {
                ranges[ranges.count - 1] = last.lowerBound..<(position + 1)
            } else {
                ranges.append(position..<(position + 1))
            }
        }
        return ranges
    }

    /// A stable colour for a kind's label, from its name: never red, which
    /// reads as an error, nor blue or yellow, which are hard to read on dark
    /// and on light backgrounds.
    package static func style(forKind name: String) -> CellStyle {
        let palette: [CellStyle] = [.cyan, .magenta, .green]
        let sum = name.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
        return palette[sum % palette.count]
    }
}
