import Foundation
import KindSpecs
import ResultKit
import ResultOutput
import SearchEngine
import StreamingJSON
import TerminalTable
import Testing

/// A column is a field (its header names its value, at any depth, in
/// filters, `--sort` and `--fields`); mistakes in specs are loud; the
/// expressive keys (computed columns, `*` paths, `noWrap`) do what they say.
struct SpecColumnFieldTests {
    /// Nested books, as a JSON array's records are read.
    static let books = #"""
        {"kind":"book","title":"Pride and Prejudice","author":{"name":"Jane Austen","born":1775},"published":"1813","votes":4123456,"subjects":["Courtship","England"]}
        {"kind":"book","title":"Moby-Dick","author":{"name":"Herman Melville","born":1819},"published":"1851-10","votes":"c. 1.2M","subjects":["Whaling"]}
        {"kind":"book","title":"Middlemarch","author":{"name":"George Eliot","born":1819},"published":"1871-12-01","votes":412345,"subjects":[]}
        {"kind":"book","title":"Ulysses","author":{"name":"James Joyce","born":1882},"published":"1922-02-02","votes":123456,"editions":[{"publisher":"Shakespeare and Company"},{"publisher":"Random House"}]}
        """#

    static let spec = #"""
        {"name": "book", "plural": "books", "nameTemplate": "{title}",
         "columns": [
           {"header": "Author", "path": "/author/name"},
           {"header": "Born", "path": "/author/born", "type": "integer"},
           {"header": "Published", "path": "/published", "type": "date", "format": "date"},
           {"header": "Votes", "path": "/votes", "type": "integer", "format": "number"},
           {"header": "Subjects", "path": "/subjects", "missing": "–"},
           {"header": "Publishers", "path": "/editions/*/publisher", "missing": "–", "noWrap": true, "maxWidth": 12},
           {"header": "Byline", "template": "{title} by {/author/name|anonymous}"}
         ],
         "search": [{"path": "/title", "weight": 100}, {"path": "/author/name", "name": "writer", "weight": 50}]}
        """#

    static func search(_ query: String, sort: FieldSort? = nil) throws -> (names: [String], diagnostics: [String]) {
        let kind = try SpecFixtures.spec(Self.spec).kind
        let (hits, diagnostics) = try SpecFixtures.search(
            query, registry: try KindRegistry([kind]), records: try SpecFixtures.records(ndjson: Self.books),
            options: SearchOptions(limit: 10, sort: sort))
        return (hits.map(\.row.name), diagnostics.map(\.description))
    }

    @Test(arguments: [
        ("born<1850", ["Pride and Prejudice", "Moby-Dick", "Middlemarch"]),
        ("born:1819", ["Moby-Dick", "Middlemarch"]),
        ("author:austen", ["Pride and Prejudice"]),
        ("publishers:random", ["Ulysses"]),
        ("subjects:*", ["Pride and Prejudice", "Moby-Dick"]),
        ("-subjects:*", ["Middlemarch", "Ulysses"]),
        ("byline:joyce", ["Ulysses"]),
        ("votes>400000", ["Pride and Prejudice", "Middlemarch"]),
    ])
    func aColumnsHeaderNamesItsValueInFilters(query: String, expected: [String]) throws {
        #expect(try Self.search(query).names == expected)
    }

    @Test func aColumnsHeaderSortsByItsValueAtAnyDepth() throws {
        #expect(
            try Self.search("", sort: FieldSort(field: "born", descending: true)).names == [
                "Ulysses", "Moby-Dick", "Middlemarch", "Pride and Prejudice",
            ])
        #expect(
            try Self.search("", sort: FieldSort(field: "author", descending: false)).names == [
                "Middlemarch", "Moby-Dick", "Ulysses", "Pride and Prejudice",
            ])
    }

    @Test func fieldsPrintsAColumnsValueByItsHeader() throws {
        let kind = try SpecFixtures.spec(Self.spec).kind
        let (hits, _) = try SpecFixtures.search(
            "ulysses", registry: try KindRegistry([kind]), records: try SpecFixtures.records(ndjson: Self.books))
        #expect(
            RecordOutput.jsonLine(hits[0], fields: ["title", "born", "author", "publishers"])
                .contains(
                    #""record":{"title":"Ulysses","born":1882,"author":"James Joyce","publishers":"Shakespeare and Company, Random House"}"#
                ))
        #expect(
            RecordOutput.csv(hits, columns: ["name", "born", "byline"]).contains("Ulysses,1882,Ulysses by James Joyce"))
    }

    @Test func anOddValueIsShownAsWrittenOnceWarnedAndTheRecordKept() throws {
        let result = try Self.search("")
        #expect(result.names.count == 4)
        #expect(
            result.diagnostics == [
                #"warning: test.jsonl:2: book: column Votes: "c. 1.2M" is not a number; shown as written"#
            ])
    }

    @Test func expressiveColumnsRender() throws {
        let kind = try SpecFixtures.spec(Self.spec).kind
        let records = try SpecFixtures.records(ndjson: Self.books)
        let rows = try records.map { try kind.makeRow($0.object) }
        let cells = rows.map { $0.detailCells.map { $0.lines.joined(separator: "/") } }
        #expect(
            cells[0] == [
                "Jane Austen", "1775", "1813", "4,123,456", "Courtship, England", "–",
                "Pride and Prejudice by Jane Austen",
            ])
        #expect(cells[1][2] == "1851-10")
        #expect(cells[3][5] == "Shakespeare and Company, Random House")
        let table = TableOutput(options: RenderOptions(maxWidth: 200)).render(
            try SpecFixtures.search(
                "ulysses", registry: try KindRegistry([kind]), records: records
            ).hits)
        // noWrap: cut on one line at maxWidth, not wrapped.
        #expect(table.contains("Shakespeare…"))
        #expect(!table.contains("Random House"))
    }

    @Test func aColumnThatMatchesNoRecordIsReported() throws {
        let spec = try SpecFixtures.spec(
            Self.spec.replacingOccurrences(of: "\"/author/name\"}", with: "\"/autor/name\"}"))
        #expect(spec.columnsMatchingNoRecord.isEmpty)
        _ = try SpecFixtures.search(
            "", registry: try KindRegistry([spec.kind]), records: try SpecFixtures.records(ndjson: Self.books))
        #expect(spec.columnsMatchingNoRecord.map(\.header) == ["Author"])
    }

    @Test(arguments: [
        (
            #"{"header": "Price", "path": "/a"}, {"header": "PRICE", "path": "/b"}"#,
            #"columns[1].header: "PRICE" is already the header of columns[0]; each column needs its own"#
        ),
        (
            #"{"header": "Official name", "path": "/a"}, {"header": "official-name", "path": "/b"}, {"header": "Official  Name!", "path": "/c"}"#,
            #"columns[2].header: "Official  Name!" names the field "official_name", as the header of columns[0] does for another value (/a); change one of the headers"#
        ),
        (
            #"{"header": "A", "path": "$.author.name"}"#,
            #"columns[0].path: "$.author.name" is not a JSON Pointer; did you mean "/author/name"?"#
        ),
        (
            #"{"header": "A", "path": ".author.name"}"#,
            #"columns[0].path: ".author.name" is not a JSON Pointer; did you mean "/author/name"?"#
        ),
        (
            #"{"header": "A", "path": "author.name"}"#,
            #"columns[0].path: "author.name" is not a JSON Pointer; did you mean "/author/name"?"#
        ),
        (
            #"{"header": "A", "path": "$.editions[0].year"}"#,
            #"columns[0].path: "$.editions[0].year" is not a JSON Pointer; did you mean "/editions/0/year"?"#
        ),
        (
            #"{"header": "A", "path": "$['a b'].c"}"#,
            #"columns[0].path: "$['a b'].c" is not a JSON Pointer; did you mean "/a b/c"?"#
        ),
        (
            #"{"header": "A", "path": "/author/"}"#,
            #"columns[0].path: "/author/" has an empty key (a "/" at its end, or two together); did you mean "/author"?"#
        ),
        (
            #"{"header": "A", "path": "/a/*", "type": "number"}"#,
            #"columns[0].type: a path with "*" joins what it matches into text: its type is string, not number"#
        ),
        (
            #"{"header": "A", "path": "/a", "template": "{a}"}"#,
            #"columns[0].template: give either "path" or "template", not both"#
        ),
        (
            #"{"header": "A", "path": "/a", "styles": {"<x": "red"}}"#,
            #"columns[0].styles.<x: "<x" is neither a range (<10, <=10, >10, >=10, =0, 10..100) nor a value to match; a value that starts with < or > or holds .. cannot be matched"#
        ),
        (
            #"{"header": "A", "path": "/a", "type": "integer", "format": "bytes", "unit": "kib"}"#,
            #"columns[0].unit: "kib" is not one of B, kB, MB, GB, TB, KiB, MiB, GiB, TiB; did you mean "KiB"?"#
        ),
        (#"{"header": "A", "path": "/a", "unit": "KiB"}"#, #"columns[0].unit: only used with format "bytes""#),
        (
            #"{"header": "Title", "path": "/name"}"#,
            #"search[0].name: this search field takes the name "title" and reads /title, but the header of columns[0] ("Title") names /name so; make them read the same value, or give the search field another "name""#
        ),
    ])
    func mistakesAreLoud(columns: String, error: String) {
        let errors = SpecFixtures.errors(
            #"{"name": "weather", "plural": "weathers", "columns": [\#(columns)], "search": [{"path": "/title", "weight": 1}]}"#
        )
        #expect(errors == ["weather.kind.json: " + error])
    }

    @Test func aHeaderNamesAFieldAsTypedAndKindAndNameKeepTheirMeaning() {
        #expect(KindSpec.Column.fieldName(forHeader: "Official name") == "official_name")
        #expect(KindSpec.Column.fieldName(forHeader: "Size (KiB)") == "size_kib")
        #expect(KindSpec.Column.fieldName(forHeader: "Alpha-3") == "alpha-3")
        #expect(KindSpec.Column.fieldName(forHeader: "Name") == nil)
        #expect(KindSpec.Column.fieldName(forHeader: "KIND") == nil)
        #expect(KindSpec.Column.fieldName(forHeader: "★") == nil)
    }

    @Test func theStarterSpecLoadsAndItsSchemaIsTheShippedOne() throws {
        for (name, replaces) in [("book", nil), ("city", nil), ("box", nil), ("product", "product")]
            as [(String, String?)]
        {
            let spec = try SpecFixtures.spec(
                KindSpecStarter.text(name: name, replaces: replaces), file: "\(name).kind.json")
            #expect(spec.name == name)
            #expect(spec.replaces == replaces)
        }
        #expect(KindSpecStarter.plural(of: "city") == "cities")
        #expect(KindSpecStarter.plural(of: "box") == "boxes")
        #expect(KindSpecStarter.plural(of: "day") == "days")
        let file = SpecFixtures.packageRoot.appendingPathComponent("schemas/kind-spec.schema.json")
        #expect(
            try String(contentsOf: file, encoding: .utf8) == KindSpecSchema.text,
            "the embedded schema is stale: run scripts/embed-kind-schema.sh")
        let schema = try #require(try JSONParser().parse(KindSpecSchema.text).objectValue)
        // The $id resolves, against the file it is read from, to that file.
        #expect(schema["$id"] == .string(KindSpecSchema.fileName))
        #expect(file.lastPathComponent == KindSpecSchema.fileName)
    }

    @Test func theStarterIsWrittenWithItsSchemaAndNeverOverwrites() throws {
        try SpecFixtures.withTemporaryDirectory { directory in
            let written = try KindSpecStarter.write(name: "book", in: directory.path).get()
            #expect(written == [directory.path + "/book.kind.json", directory.path + "/kind-spec.schema.json"])
            let loaded = KindSpecLoader.load(directories: [directory.path])
            #expect(loaded.errors.isEmpty)
            #expect(loaded.specs.map(\.name) == ["book"])
            // The $schema of the spec names a file beside it.
            let text = try String(contentsOf: directory.appendingPathComponent("book.kind.json"), encoding: .utf8)
            let schema = try #require(try JSONParser().parse(text).objectValue?["$schema"]?.stringValue)
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(schema).path))
            #expect(throws: KindSpecError.self) { try KindSpecStarter.write(name: "book", in: directory.path).get() }
            #expect(throws: KindSpecError.self) { try KindSpecStarter.write(name: "Book", in: directory.path).get() }
            // Again with another name: the same schema is not written twice.
            #expect(
                try KindSpecStarter.write(name: "film", in: directory.path).get() == [
                    directory.path + "/film.kind.json"
                ])
        }
    }
}
