import TerminalTable
import Testing

/// No control character of the data reaches the terminal, whatever the part of
/// the table it is put in.
struct SafetyTests {
    static let hostile = "x" + Controls.all + "\u{1B}]8;;http://evil\u{7}link\u{1B}]8;;\u{7}y"

    static var table: MergedTable {
        MergedTable(
            shared: [Column(hostile), Column("name" + hostile)],
            detailsHeader: "details" + hostile,
            groups: [DetailGroup(title: "kind" + hostile, columns: [Column(hostile, alignment: .right)])],
            rows: [
                MergedRow(
                    group: 0,
                    shared: [Cell(hostile, style: .red), Cell(hostile, highlights: [0..<3, 40..<60])],
                    details: [Cell(hostile)],
                    size: RowSize(height: 2, widths: [200, 200, 200])
                ),
                MergedRow(
                    group: 0,
                    shared: [Cell(lines: [hostile, hostile]), Cell(hostile)],
                    details: [Cell(lines: [hostile])],
                    size: RowSize(height: 3, measuring: [Cell(hostile)])
                ),
            ]
        )
    }

    static var sections: [Section] {
        [
            Section(
                title: "title" + hostile, columns: [Column(hostile), Column(hostile)],
                rows: [Row([Cell(hostile), Cell(hostile)], height: 2)])
        ]
    }

    static func rawControls(_ text: String, color: Bool) -> [Unicode.Scalar] {
        let checked = color ? SGR.strip(text) : text
        return checked.unicodeScalars.filter { $0 != "\n" && Controls.isForbidden($0) }
    }

    @Test(arguments: BorderStyle.allCases, [false, true])
    func noControlReachesTheOutput(border: BorderStyle, color: Bool) {
        for width in [nil, 30, 80, 400] {
            let options = RenderOptions(maxWidth: width, border: border, color: color)
            let merged = TableRenderer.render(Self.table, options: options)
            #expect(Self.rawControls(merged, color: color).isEmpty)
            let sections = TableRenderer.render(Self.sections, options: options)
            #expect(Self.rawControls(sections, color: color).isEmpty)
            if let width {
                Invariants.check(color ? SGR.strip(merged) : merged, maxWidth: width, border: border)
            }
        }
    }

    @Test func colourOutputHoldsOnlyTheRenderersOwnSGRSequences() {
        let text = TableRenderer.render(Self.table, options: RenderOptions(color: true))
        var index = text.startIndex
        while let escape = text[index...].firstIndex(of: "\u{1B}") {
            let rest = text[text.index(after: escape)...]
            let sequence = rest.prefix { $0 != "m" }
            #expect(
                sequence.first == "[" && sequence.dropFirst().allSatisfy { $0.isNumber || $0 == ";" }, "\(sequence)")
            index = rest.startIndex
        }
    }

    @Test func markdownHoldsNoControls() {
        let text = TableRenderer.markdown(headers: [Self.hostile], rows: [[Self.hostile]])
        #expect(text.unicodeScalars.filter { $0 != "\n" && Controls.isForbidden($0) }.isEmpty)
        #expect(text.split(separator: "\n").count == 3)
    }
}
