import KindSpecs
import ResultKit
import ResultOutput
import SearchEngine
import TerminalTable
import TestSupport
import Testing

/// Spec kinds render through the same table as every kind: golden files of
/// the shipped examples and of every format.
struct SpecKindRenderingTests {
    /// The example kinds and all their sample records, read once.
    static let loaded: (registry: KindRegistry, records: [Record])? = {
        let specs = KindSpecLoader.load(directories: [SpecFixtures.examples], referenceTime: SpecFixtures.now).specs
        guard let registry = try? KindRegistry(specs.map(\.kind)) else { return nil }
        let records =
            SpecFixtures.records(SpecFixtures.examples + "/countries.jsonl", registry: registry)
            + SpecFixtures.records(SpecFixtures.examples + "/timezones.jsonl", registry: registry)
        return (registry, records)
    }()

    static func examples() throws -> (KindRegistry, [Record]) {
        let loaded = try #require(loaded)
        #expect(loaded.records.count == 249 + 312)
        return (loaded.registry, loaded.records)
    }

    @Test(arguments: [60, 100])
    func countriesMatchingKingdom(width: Int) throws {
        let (registry, records) = try Self.examples()
        let (hits, diagnostics) = try SpecFixtures.search("kingdom", registry: registry, records: records)
        #expect(diagnostics.isEmpty)
        let text = TableOutput(options: RenderOptions(maxWidth: width)).render(hits)
        assertSnapshot(text, named: "countries-kingdom-\(width)")
    }

    static let widths = [40, 60, 80, 120, 200]

    /// Countries (a flag, two- and three-letter codes, a number, long
    /// official names) and time zones (offsets, flags, coordinates, lists of
    /// country codes), as a person reads them at each width.
    @Test(arguments: widths)
    func examplesAtEachWidth(width: Int) throws {
        let (registry, records) = try Self.examples()
        for query in ["united", "america"] {
            let (hits, diagnostics) = try SpecFixtures.search(query, registry: registry, records: records)
            #expect(diagnostics.isEmpty)
            let text = TableOutput(options: RenderOptions(maxWidth: width)).render(hits)
            assertSnapshot(text, named: "\(query)-\(width)")
        }
    }

    /// More width never shows less: from 30 to 200 columns no cell of the
    /// example kinds shows less text, and no column drawn disappears.
    @Test func moreWidthNeverShowsLess() throws {
        let (registry, records) = try Self.examples()
        for query in ["united", "america", "new", "island"] {
            let (hits, _) = try SpecFixtures.search(query, registry: registry, records: records)
            let shrink = firstShrinkingCell(over: 30...200) { width in
                TableOutput(options: RenderOptions(maxWidth: width)).visibleCells(hits)
            }
            #expect(shrink == nil, "\(query): \(shrink ?? "")")
        }
    }

    /// Codes, flags, numbers, offsets and coordinates are shown whole or not
    /// at all, and no cell is a bare `…`, at any width from 30 to 200; a
    /// required column outlives every column of lower rank.
    @Test func valuesAreNeverCutIntoAnotherMeaning() throws {
        let (registry, records) = try Self.examples()
        for query in ["united", "america", "new", "island"] {
            let (hits, _) = try SpecFixtures.search(query, registry: registry, records: records)
            let full = TableOutput(options: RenderOptions(maxWidth: nil)).visibleCells(hits)
            let cut = firstCutValue(
                over: 30...200, full: full,
                isWhole: { row, column in
                    let columns = hits[row].kind.columns
                    return column >= 2 && column - 2 < columns.count
                        && (columns[column - 2].alignment == .right || columns[column - 2].keepsWhole)
                },
                visible: { width in TableOutput(options: RenderOptions(maxWidth: width)).visibleCells(hits) })
            #expect(cut == nil, "\(query): \(cut ?? "")")
            // Code (required) and UTC (required) are shown at every width where any detail is.
            for width in 30...200 {
                let visible = TableOutput(options: RenderOptions(maxWidth: width)).visibleCells(hits)
                for (row, cells) in visible.enumerated() where cells.dropFirst(2).contains(where: { $0 != nil }) {
                    #expect(
                        cells[2] != nil,
                        "\(query) at \(width): row \(row) shows details but not its required first column")
                }
            }
        }
    }

    @Test func mixedKindsInOneTableAndInSections() throws {
        let (registry, records) = try Self.examples()
        let (hits, _) = try SpecFixtures.search("new", registry: registry, records: records)
        #expect(Set(hits.map(\.kind.name)) == ["country", "timezone"])
        let merged = TableOutput(options: RenderOptions(maxWidth: 110)).render(hits)
        assertSnapshot(merged, named: "new-merged-110")
        let sections = TableOutput(options: RenderOptions(maxWidth: 110), groupByKind: true).render(hits)
        assertSnapshot(sections, named: "new-grouped-110")
    }

    static let formats = #"""
        {"name": "listing", "plural": "listings", "nameTemplate": "{title} ({/seller/city})", "rowHeight": 3,
         "columns": [
           {"header": "Price", "path": "/price", "type": "number", "format": "currency", "currency": "USD",
            "currencyPath": "/currency", "missing": "free", "style": "green"},
           {"header": "Rating", "path": "/rating", "type": "number", "format": "stars", "missing": "–"},
           {"header": "Off", "path": "/discount", "type": "number", "format": "percent"},
           {"header": "Size", "path": "/size", "type": "integer", "format": "bytes"},
           {"header": "Stock", "path": "/stock", "type": "integer", "format": "number"},
           {"header": "Listed", "path": "/listed", "type": "date", "format": "date"},
           {"header": "Updated", "path": "/updated", "type": "date", "format": "relative-date"},
           {"header": "New", "path": "/new", "type": "bool", "styles": {"true": "yellow"}},
           {"header": "Tags", "path": "/tags", "maxWidth": 12}
         ],
         "search": [{"template": "{title}", "name": "title", "weight": 100}, {"path": "/seller/city", "name": "city", "weight": 30}]}
        """#

    static let listings = #"""
        {"kind":"listing","title":"Desk lamp","seller":{"city":"Lyon"},"price":1234.5,"currency":"EUR","rating":4.2,"discount":0.15,"size":1536,"stock":12000,"listed":"2025-05-31","updated":"2025-05-29T12:00:00Z","new":true,"tags":["light","office","brass"]}
        {"kind":"listing","title":"Old map","seller":{"city":"Bern"},"price":"80","currency":"chf","discount":"0.333","size":512,"stock":"7","listed":1700000000,"updated":"2026-01-01","new":"false","tags":"paper"}
        {"kind":"listing","title":"Free sample","seller":{"city":"Oslo"},"rating":0,"size":5000000000,"listed":"2024-02-29T23:30:00-02:00","updated":1748735990}
        """#

    @Test func everyFormatRendersAsDocumented() throws {
        let spec = try SpecFixtures.spec(Self.formats)
        let registry = try KindRegistry([spec.kind])
        let (hits, diagnostics) = try SpecFixtures.search(
            "",
            registry: registry,
            records: try SpecFixtures.records(ndjson: Self.listings)
        )
        #expect(diagnostics.isEmpty)
        let cells = hits.map { $0.row.detailCells.map { $0.lines.joined(separator: "\n") } }
        #expect(hits.map(\.row.name) == ["Desk lamp (Lyon)", "Old map (Bern)", "Free sample (Oslo)"])
        #expect(
            cells == [
                [
                    "€1,234.50", "★★★★☆ 4.2", "15%", "1.5 KiB", "12,000", "2025-05-31", "2 days ago", "true",
                    "light, office, brass",
                ],
                ["CHF 80.00", "–", "33%", "512 B", "7", "2023-11-14", "in 7 months", "false", "paper"],
                ["free", "☆☆☆☆☆ 0.0", "", "4.7 GiB", "", "2024-03-01", "just now", "", ""],
            ]
        )
        // The spec's rowHeight is the most lines a row takes; the table takes what the text needs.
        #expect(hits.map(\.row.rowHeight) == [3, 3, 3])
        let text = TableOutput(options: RenderOptions(maxWidth: 140)).render(hits)
        assertSnapshot(text, named: "formats-140")
    }

    @Test func stylesFollowTheValueWhenColourIsOn() throws {
        let spec = try SpecFixtures.spec(Self.formats)
        let records = try SpecFixtures.records(ndjson: Self.listings)
        let rows = try records.map { try spec.kind.makeRow($0.object) }
        #expect(rows.map { $0.detailCells[7].style } == [.yellow, .plain, .plain])
        #expect(rows.map { $0.detailCells[0].style } == [.green, .green, .green])
    }
}
