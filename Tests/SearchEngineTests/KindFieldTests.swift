import Foundation
import ResultKit
import SearchEngine
import StreamingJSON
import TerminalTable
import Testing

/// A field a kind declares deeper in its records (`born` for `/author/born`)
/// is a field like any other for filters and `--sort`, on every route; a
/// field that records hold as an object or an array is an error naming its
/// type; and a note a row gives is reported once, with the record kept.
@Suite struct KindFieldTests {
    struct BookRow: CellRepresentable {
        var name: String
        var year: String
        var detailCells: [Cell] { [Cell(year)] }
        var notes: [RecordNote] {
            Int(year) == nil
                ? [RecordNote(key: "year", "column Year: \"\(year)\" is not a year; shown as written")] : []
        }
    }

    /// Books whose `author` is an object holding `born`.
    static let book = ResultKind(
        name: "book", plural: "books",
        columns: [KindColumn("Year", field: "year")],
        searchFields: [.field("title", weight: 100)],
        namedFields: [
            KindField("born", source: "/author/born", reads: ["author"]) { object in
                if case .object(let author)? = object["author"] { return author["born"] }
                return nil
            }
        ],
        decode: { (object) throws(RecordDecodingError) -> BookRow in
            BookRow(name: try object.requiredString("title"), year: object["year"]?.scalarText ?? "")
        },
        present: { $0 }
    )

    /// 40 books, born 1800 + 7 × i mod 100; every tenth has an odd year.
    static let lines: [String] = (0..<40).map { index in
        let year = index % 10 == 3 ? #""c. 19\#(index)""# : "\(1900 + index)"
        return
            #"{"kind":"book","title":"Book \#(index)","author":{"name":"A\#(index)","born":\#(1800 + (7 * index) % 100)},"year":\#(year)}"#
    }

    struct Outcome: Equatable {
        var names: [String]
        var diagnostics: [String]
        var matched: Int
    }

    func path() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("kind-fields-\(UUID().uuidString).jsonl").path
        try (Self.lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The search over the file as records, as NDJSON lines, and in blocks on three workers.
    func outcomes(_ query: String, sort: FieldSort? = nil) throws -> [Outcome] {
        let path = try path()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let registry = try KindRegistry([Self.book])
        let options = SearchOptions(limit: 50, sort: sort)
        var outcomes: [Outcome] = []
        for route in 0..<3 {
            var session = SearchSession(registry: registry, query: try QueryParser().parse(query), options: options)
            var diagnostics = PrintedDiagnostics()
            switch route {
            case 0:
                RecordReader(registry: registry).read(
                    .path(path), record: { record in session.consider(record) { diagnostics.add($0) } },
                    diagnose: { diagnostics.add($0) })
            case 1:
                RecordReader(registry: registry).read(
                    .path(path), record: { record in session.consider(record) { diagnostics.add($0) } },
                    lines: { line in session.consider(line) { diagnostics.add($0) } },
                    diagnose: { diagnostics.add($0) })
            default:
                session.searchNDJSONFile(
                    path: path, hint: nil, sourceIndex: 1, maxLineBytes: 1 << 20, workers: 3, blockSize: 512
                ) { diagnostics.add($0) }
            }
            let result = session.finish()
            outcomes.append(
                Outcome(
                    names: result.hits.map(\.row.name),
                    diagnostics: diagnostics.lines.map { $0.replacingOccurrences(of: path, with: "books.jsonl") },
                    matched: result.statistics.matched))
        }
        return outcomes
    }

    static func expectedBooks(_ holds: (Int) -> Bool) -> [String] {
        (0..<40).filter { holds(1800 + (7 * $0) % 100) }.map { "Book \($0)" }
    }

    /// Each query, and the years of birth it keeps.
    static func holds(_ query: String, _ born: Int) -> Bool {
        switch query {
        case "born<1850": born < 1850
        case "-born<1850": born >= 1850
        case "born:1820..1830": (1820...1830).contains(born)
        default: born == 1807
        }
    }

    @Test(arguments: ["born<1850", "-born<1850", "born:1820..1830", "born:1807"])
    func aDeclaredFieldFiltersOnEveryRoute(query: String) throws {
        let outcomes = try outcomes(query)
        let expected = Self.expectedBooks { Self.holds(query, $0) }
        #expect(!expected.isEmpty)
        for outcome in outcomes {
            #expect(outcome.names == expected, "\(query)")
            #expect(outcome.matched == expected.count)
        }
    }

    @Test func aDeclaredFieldSortsOnEveryRoute() throws {
        let expected = (0..<40).sorted { a, b in
            let (bornA, bornB) = ((7 * a) % 100, (7 * b) % 100)
            return bornA != bornB ? bornA > bornB : a < b
        }.map { "Book \($0)" }
        for outcome in try outcomes("", sort: FieldSort(field: "born", descending: true)) {
            #expect(outcome.names == expected)
        }
    }

    @Test func aNoteIsReportedOnceAndTheRecordIsKept() throws {
        for outcome in try outcomes("book") {
            #expect(outcome.names.count == 40)
            #expect(
                outcome.diagnostics == [
                    #"warning: books.jsonl:4: book: column Year: "c. 193" is not a year; shown as written"#,
                    "warnings 1, errors 0, skipped 0",
                ])
        }
    }

    @Test func sortingOrFilteringOnAnObjectIsAnErrorNamingItsType() throws {
        let registry = try KindRegistry([Self.book])
        let path = try path()
        defer { try? FileManager.default.removeItem(atPath: path) }
        for (query, sort, start) in [
            ("", FieldSort(field: "author", descending: false), "cannot sort by 'author'"),
            ("author:A1", nil, "cannot filter on 'author'"),
        ] {
            #expect {
                _ = try SearchEngine.search(
                    sources: [DataSource.path(path)], query: try QueryParser().parse(query),
                    options: SearchOptions(limit: 5, sort: sort), registry: registry
                ) { _ in }
            } throws: { error in
                guard case SearchError.unorderedField(let message) = error else { return false }
                return message.hasPrefix("\(start): it is an object in records of kind book (\(path))")
            }
        }
    }

    /// A declared field made from a flat record's top-level fields: lines
    /// that raw-value filters would check for a `decade` key they lack.
    @Test func aDeclaredFieldOfAFlatRecordIsNotCheckedOnRawValues() throws {
        let film = ResultKind(
            name: "film", plural: "films", columns: [], searchFields: [.field("title", weight: 100)],
            namedFields: [
                KindField("decade", source: "{year}", reads: ["year"]) { object in
                    object["year"]?.doubleValue.map { .number(String(Int($0) / 10 * 10)) }
                }
            ],
            decode: { (object) throws(RecordDecodingError) -> NoteRowLike in
                NoteRowLike(name: try object.requiredString("title"))
            },
            present: { $0 })
        let lines = (0..<30).map { #"{"kind":"film","title":"Film \#($0)","year":\#(1950 + $0)}"# }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("films-\(UUID().uuidString).jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        let registry = try KindRegistry([film])
        var session = SearchSession(
            registry: registry, query: try QueryParser().parse("decade>=1960 decade<1970"),
            options: SearchOptions(limit: 50))
        RecordReader(registry: registry).read(
            .path(path.path), record: { record in session.consider(record) { _ in } },
            lines: { line in session.consider(line) { _ in } }, diagnose: { _ in })
        #expect(session.finish().hits.map(\.row.name) == (10..<20).map { "Film \($0)" })
    }

    struct NoteRowLike: CellRepresentable {
        var name: String
        var detailCells: [Cell] { [] }
    }

    @Test func aDeclaredFieldIsListedAmongTheKindsFields() {
        #expect(Self.book.fields.contains("born"))
        #expect(Self.book.reads(ofField: "born") == ["author"])
        #expect(Self.book.reads(ofField: "year") == ["year"])
    }
}
