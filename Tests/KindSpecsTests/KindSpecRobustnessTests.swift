import Foundation
import KindSpecs
import ResultKit
import ResultOutput
import StreamingJSON
import TerminalTable
import TestSupport
import Testing

/// No spec can crash the tool: thousands of damaged copies of the shipped
/// specs each load as a spec or as errors, and every spec that loads renders
/// real and hostile records.
struct KindSpecRobustnessTests {
    static let fragments: [[UInt8]] = [
        "{", "}", "[", "]", ",", ":", "\"", "~", "/", "{}", "-1", "1e999", "0.5", "null", "true", "\"/\"", "\"{\"",
        "\"}\"", "\"~2\"", "\"\\u0000\"", "\"date\"", "\"stars\"", "\"currency\"", "\"relative-date\"", "99999999999",
    ].map { Array($0.utf8) }

    static let hostileRecords = #"""
        {"kind":"country","name":"\u001b[2J\u202eevil","alpha_2":"ZZ","numeric":1e999,"official_name":"a\nb"}
        {"kind":"timezone","name":"x","utc_offset":"+01:00","latitude":"","longitude":-1e308,"countries":[[[]]]}
        {"kind":"country","name":null,"alpha_2":"ZZ"}
        {"kind":"timezone","name":"","utc_offset":{}}
        """#

    @Test func damagedSpecsNeverCrashAndEveryLoadedSpecRenders() throws {
        let originals = try ["country", "timezone"].map { name in
            let path = SpecFixtures.examples + "/\(name).kind.json"
            return try #require(FileManager.default.contents(atPath: path)).map { $0 }
        }
        let records =
            try SpecFixtures.records(ndjson: Self.hostileRecords)
            + SpecFixtures.records(
                SpecFixtures.examples + "/countries.jsonl",
                registry: try KindRegistry([])
            ).prefix(20)
        var generator = SplitMix64(state: 2025)
        var loaded = 0
        for round in 0..<3_000 {
            var bytes = originals[round % originals.count]
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: position)
                case 2:
                    bytes.insert(
                        contentsOf: Self.fragments.randomElement(using: &generator) ?? [],
                        at: position
                    )
                default: bytes.removeSubrange(position..<min(bytes.count, position + 16))
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            switch KindSpecLoader.parse(bytes, file: "fuzz.kind.json", referenceTime: SpecFixtures.now) {
            case .success(let spec):
                loaded += 1
                let kind = spec.kind
                for record in records {
                    guard let row = try? kind.makeRow(record.object) else { continue }
                    #expect(!row.name.isEmpty || spec.nameTemplate != nil)
                    #expect(row.detailCells.count == kind.columns.count)
                    #expect(row.cellWidths(for: row.detailCells).count == kind.columns.count + 1)
                    #expect((1...20).contains(row.rowHeight))
                    for field in kind.searchFields { _ = field.text(record.object) }
                }
            case .failure(let failure):
                #expect(!failure.errors.isEmpty)
                for error in failure.errors { #expect(error.description.hasPrefix("fuzz.kind.json")) }
            }
        }
        #expect(loaded > 100)
    }

    @Test func hostileRecordsAreSanitisedOrRejectedWithTheirField() throws {
        let registry = try KindRegistry(try SpecFixtures.exampleSpecs().map(\.kind))
        let (hits, diagnostics) = try SpecFixtures.search(
            "",
            registry: registry,
            records: try SpecFixtures.records(ndjson: Self.hostileRecords)
        )
        #expect(
            diagnostics.map(\.description) == [
                "warning: test.jsonl:2: timezone: column Countries (/countries) holds an array, shown as empty; "
                    + "name a value inside it, such as /countries/*",
                #"warning: test.jsonl:3: country: missing field "name"; record skipped"#,
                #"warning: test.jsonl:4: timezone: field "name" is empty; record skipped"#,
            ]
        )
        let table = TableOutput(options: RenderOptions(maxWidth: 80)).render(hits)
        #expect(hits.count == 2)
        #expect(!table.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(table.contains("^[[2J"))
        #expect(table.contains("1e999"))
    }
}
