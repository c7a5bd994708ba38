import FuzzSupport
import TerminalTable

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Draws a merged table and a sectioned table from the input: the width,
/// border, header and wide flags, the columns with their minimum and maximum
/// widths and priorities, and rows of hostile text with heights and asked
/// widths that may lie about the content.
///
/// Properties: no crash; no control character in the output; framed lines
/// all as wide; and every line within the width unless the width is too
/// narrow for the columns that must be kept.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTableLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzedBytes(UnsafeRawBufferPointer(start: data, count: size))
    let widthByte = input.int(in: 0...160)
    let border = BorderStyle.allCases[input.int(in: 0...(BorderStyle.allCases.count - 1))]
    let flags = input.byte()
    let options = RenderOptions(
        maxWidth: widthByte == 0 ? nil : widthByte,
        border: border,
        showHeaders: flags & 1 == 0,
        color: false,
        wide: flags & 2 != 0
    )
    let shared = (0..<input.int(in: 1...3)).map { _ in column(&input) }
    let groups = (0..<input.int(in: 0...4)).map { _ in
        DetailGroup(title: input.hostileText(upTo: 8), columns: (0..<input.int(in: 0...5)).map { _ in column(&input) })
    }
    var rows: [MergedRow] = []
    while !input.isEmpty && rows.count < 24 {
        let group = groups.isEmpty ? 0 : input.int(in: 0...(groups.count - 1))
        let sharedCells = shared.map { _ in cell(&input) }
        let details = (groups.isEmpty ? [] : groups[group].columns).map { _ in cell(&input) }
        let height = input.int(in: -1...6)
        var size = RowSize(height: height, measuring: sharedCells + details)
        if input.byte() & 3 == 0 {
            // A row that asks for widths of its own, right or wrong.
            size = RowSize(height: height, widths: (0..<input.int(in: 0...8)).map { _ in input.int(in: -2...90) })
        }
        rows.append(MergedRow(group: group, shared: sharedCells, details: details, size: size))
    }
    // Without wide mode, columns are dropped until the rest fit; in wide mode
    // every column stays, so only a width that gives each one a cell can fit.
    // Either way the frame holds: every framed line has the same width.
    let squeezed =
        options.wide
        && options.maxWidth.map { $0 < mergedMinimum(shared, groups, rows, border, headers: options.showHeaders) }
            ?? false
    let fits = squeezed ? nil : options.maxWidth.flatMap { $0 >= 12 || options.wide ? $0 : nil }
    let checkFrame = true
    if getenv("FUZZ_DESCRIBE") != nil {
        describe(options: options, shared: shared, groups: groups, rows: rows)
    }
    let merged = TableRenderer.render(MergedTable(shared: shared, groups: groups, rows: rows), options: options)
    OutputChecks.table(merged, border: border, fitWidth: fits, checkFrame: checkFrame)
    Invariant.require(
        merged == TableRenderer.render(MergedTable(shared: shared, groups: groups, rows: rows), options: options),
        "rendering twice gives different output")

    let sections = groups.enumerated().map { index, group in
        Section(
            // A title that starts like a frame would confuse the frame check.
            title: "§ " + group.title,
            columns: group.columns.isEmpty ? shared : group.columns,
            rows: rows.filter { $0.group == index }.map { row in
                Row(group.columns.isEmpty ? row.shared : row.details, size: row.size)
            }
        )
    }
    let sectionMinimum = sections.map { minimum(of: $0.columns.map { _ in 1 }, border) }.max() ?? 0
    let sectionsFit = options.maxWidth.flatMap { $0 >= (options.wide ? sectionMinimum : 12) ? $0 : nil }
    OutputChecks.table(TableRenderer.render(sections, options: options), border: border, fitWidth: sectionsFit)
    var coloured = options
    coloured.color = true
    _ = TableRenderer.render(MergedTable(shared: shared, groups: groups, rows: rows), options: coloured)
    return 0
}

/// A column with drawn header, alignment, width bounds and priority.
private func column(_ input: inout FuzzedBytes) -> Column {
    let header = input.hostileText(upTo: 10)
    let right = input.bool()
    let minWidth = input.int(in: -1...30)
    let maxByte = input.int(in: 0...60)
    return Column(
        header,
        alignment: right ? .right : .left,
        minWidth: minWidth,
        maxWidth: maxByte == 0 ? nil : maxByte - 5,
        priority: input.int(in: -3...100)
    )
}

/// A cell of one line with highlights, or of several lines.
private func cell(_ input: inout FuzzedBytes) -> Cell {
    let kind = input.byte()
    let style = CellStyle.allCases[Int(kind >> 4) % CellStyle.allCases.count]
    if kind & 1 == 1 {
        return Cell(lines: (0..<input.int(in: 0...4)).map { _ in input.hostileText(upTo: 30) }, style: style)
    }
    let text = input.hostileText(upTo: 60)
    let highlights = (0..<input.int(in: 0...3)).map { _ in
        let start = input.int(in: 0...70)
        return start..<(start + input.int(in: 0...10))
    }
    return Cell(text, style: style, highlights: highlights)
}

/// Prints the decoded table as Swift, to turn a crash into a regression test
/// (run the target on the input with `FUZZ_DESCRIBE=1`).
private func describe(options: RenderOptions, shared: [Column], groups: [DetailGroup], rows: [MergedRow]) {
    func column(_ column: Column) -> String {
        "Column(\(column.header.debugDescription), alignment: .\(column.alignment), minWidth: \(column.minWidth), "
            + "maxWidth: \(column.maxWidth.map(String.init) ?? "nil"), priority: \(column.priority))"
    }
    func cell(_ cell: Cell) -> String {
        "Cell(lines: \(cell.lines.debugDescription), style: .\(cell.style)) /* highlights \(cell.highlights) */"
    }
    var text = "let options = RenderOptions(maxWidth: \(options.maxWidth.map(String.init) ?? "nil"), "
    text += "border: .\(options.border), showHeaders: \(options.showHeaders), wide: \(options.wide))\n"
    text += "let shared = [\n" + shared.map { "    " + column($0) + ",\n" }.joined() + "]\n"
    text += "let groups = [\n"
    for group in groups {
        text += "    DetailGroup(title: \(group.title.debugDescription), columns: [\n"
        text += group.columns.map { "        " + column($0) + ",\n" }.joined() + "    ]),\n"
    }
    text += "]\nlet rows = [\n"
    for row in rows {
        text += "    MergedRow(group: \(row.group), shared: [\(row.shared.map(cell).joined(separator: ", "))],\n"
        text += "        details: [\(row.details.map(cell).joined(separator: ", "))],\n"
        text += "        size: RowSize(height: \(row.size.height), widths: \(row.size.widths))),\n"
    }
    text += "]\n"
    // Straight to the descriptor: a crash right after would lose buffered output.
    _ = text.utf8.withContiguousStorageIfAvailable { write(2, $0.baseAddress, $0.count) }
}

/// The narrowest a wide merged table can be drawn: every column one cell
/// wide, the details region as wide as the widest group's columns with
/// their gaps (and its header's first 4 cells), and the separators. Columns
/// left out for having no value only make it narrower, so a table given
/// this width must fit it.
private func mergedMinimum(
    _ shared: [Column], _ groups: [DetailGroup], _ rows: [MergedRow], _ border: BorderStyle, headers: Bool
) -> Int {
    let active = Set(rows.map(\.group)).filter { groups.indices.contains($0) }
    let columns = active.map { groups[$0].columns.count }.max() ?? 0
    let region = columns > 0 ? max(headers ? 4 : 0, columns + 2 * (columns - 1)) : 0
    return minimum(of: shared.map { _ in 1 } + (region > 0 ? [region] : []), border)
}

/// The narrowest line of columns this wide, with the border's separators.
private func minimum(of widths: [Int], _ border: BorderStyle) -> Int {
    let count = widths.count
    let overhead = border == .plain ? 2 * max(0, count - 1) : 3 * count + 1
    return widths.reduce(0, +) + overhead
}
