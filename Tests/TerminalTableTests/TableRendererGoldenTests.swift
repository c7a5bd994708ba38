import TerminalTable
import TestSupport
import Testing

/// Golden tables over multilingual data, with the width and border invariants
/// checked on every one of them.
struct TableRendererGoldenTests {
    static let widths = [40, 60, 80, 120, 200]

    @Test(arguments: widths)
    func merged(width: Int) {
        let text = TableRenderer.render(Fixtures.merged, options: RenderOptions(maxWidth: width))
        Invariants.check(text, maxWidth: width, border: .plain)
        assertSnapshot(text, named: "merged-\(width)")
    }

    @Test(arguments: widths)
    func grouped(width: Int) {
        let text = TableRenderer.render(Fixtures.sections, options: RenderOptions(maxWidth: width))
        Invariants.check(text, maxWidth: width, border: .plain)
        assertSnapshot(text, named: "grouped-\(width)")
    }

    @Test(arguments: widths)
    func wide(width: Int) {
        let text = TableRenderer.render(Fixtures.merged, options: RenderOptions(maxWidth: width, wide: true))
        Invariants.check(text, maxWidth: width, border: .plain)
        assertSnapshot(text, named: "wide-\(width)")
    }

    @Test(arguments: widths)
    func ascii(width: Int) {
        let text = TableRenderer.render(Fixtures.merged, options: RenderOptions(maxWidth: width, border: .ascii))
        Invariants.check(text, maxWidth: width, border: .ascii)
        assertSnapshot(text, named: "ascii-\(width)")
    }

    @Test(arguments: widths)
    func rounded(width: Int) {
        let text = TableRenderer.render(Fixtures.merged, options: RenderOptions(maxWidth: width, border: .rounded))
        Invariants.check(text, maxWidth: width, border: .rounded)
        assertSnapshot(text, named: "rounded-\(width)")
    }

    @Test(arguments: widths)
    func groupedRounded(width: Int) {
        let text = TableRenderer.render(Fixtures.sections, options: RenderOptions(maxWidth: width, border: .rounded))
        Invariants.check(text, maxWidth: width, border: .rounded)
        assertSnapshot(text, named: "grouped-rounded-\(width)")
    }

    @Test func unlimitedWidthCutsOnlyAtMaxWidth() {
        var table = Fixtures.merged
        table.groups[0].columns[2].maxWidth = nil
        let text = TableRenderer.render(table, options: RenderOptions(maxWidth: nil))
        #expect(!text.contains("…"))
        #expect(text.contains("Mechanical keyboard with Hangul keycaps 🇰🇷"))
        assertSnapshot(text, named: "merged-unlimited")
    }

    @Test func markdown() {
        let rows = Fixtures.records.map { group, name, details, _ in [Fixtures.groups[group].title, name] + details }
        let text = TableRenderer.markdown(headers: ["KIND", "NAME", "PRICE", "RATING", "DESCRIPTION"], rows: rows)
        assertSnapshot(text, named: "markdown")
    }
}
