import Foundation
import ResultKit
import SearchEngine
import TestSupport
import Testing

/// The engine's one entry point and its source seam.
@Suite struct SearchEngineTests {
    /// A source that is not a file: it hands the engine raw NDJSON lines,
    /// as a remote engine hands over the candidates it found.
    struct LinesSource: SearchSource {
        var name: String
        var lines: [String]
        var displayName: String { name }

        func search(into sink: inout RecordSink) {
            for (index, line) in lines.enumerated() {
                let bytes = Array(line.utf8)
                sink.consider(ndjson: bytes.span, number: index + 1, file: name, hint: "note")
            }
        }
    }

    func search(
        _ query: String, _ sources: [any SearchSource], options: SearchOptions = SearchOptions(limit: 10)
    ) throws -> (names: [String], diagnostics: [String]) {
        var diagnostics: [String] = []
        let result = try SearchEngine.search(
            sources: sources, query: try QueryParser().parse(query), options: options,
            registry: try KindRegistry([noteKind()])
        ) { diagnostics.append($0.description) }
        return (result.hits.map(\.row.name), diagnostics)
    }

    func file(_ lines: [String]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("engine-\(UUID().uuidString).jsonl")
            .path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The lines every route must treat alike: a record, a blank line, a
    /// malformed line, a line over the cap, an array, and a match.
    static let lines = [
        #"{"name":"coffee house"}"#, "   ", #"{"name":"#, #"{"name":"\#(String(repeating: "x", count: 200))"}"#,
        "[1]", #"{"name":"coffee"}"#,
    ]

    @Test func aSourceOfRawLinesGivesWhatAFileOfThemGives() throws {
        let path = try file(Self.lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // The file's records take the one kind asked for, as the lines do.
        var options = SearchOptions(limit: 10, kinds: ["note"])
        options.maxLineBytes = 100
        let fromFile = try search("coffee", [DataSource.path(path)], options: options)
        let fromLines = try search("coffee", [LinesSource(name: path, lines: Self.lines)], options: options)
        #expect(fromFile.names == ["coffee", "coffee house"])
        #expect(fromLines.names == fromFile.names)
        #expect(fromLines.diagnostics == fromFile.diagnostics)
        #expect(fromFile.diagnostics.count == 3)
        #expect(fromFile.diagnostics.contains { $0.contains(":4: line is longer than --max-line-bytes (100 bytes)") })
    }

    @Test func sourcesAreRankedAsOne() throws {
        let path = try file([#"{"name":"coffee house"}"#])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let found = try search(
            "coffee", [DataSource.path(path), LinesSource(name: "remote", lines: [#"{"name":"coffee"}"#])],
            options: SearchOptions(limit: 10, kinds: ["note"]))
        #expect(found.names == ["coffee", "coffee house"])
    }

    /// An unknown kind's search text joins its keys and values, so a key is
    /// found in every record that has it, by every route: lines as a file,
    /// lines handed over, and whole records.
    @Test func aKeyOfAnUnknownKindIsFoundInEveryRecordByEveryRoute() throws {
        let lines = (0..<40).map { #"{"kind":"recipe","name":"Dish \#($0)","minutes":\#($0),"difficulty":"easy"}"# }
        let path = try file(lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let options = SearchOptions(limit: 100)
        for query in ["minutes", "difficulty", "easy"] {
            #expect(try search(query, [DataSource.path(path)], options: options).names.count == 40, "\(query)")
            #expect(try search(query, [LinesSource(name: "remote", lines: lines)], options: options).names.count == 40)
        }
    }

    /// A word may be a typo; a filter's value may not: `body:Cyrl` is not `Cyrs`.
    @Test func aFilterTakesItsValueAsWrittenNotATypoOfIt() throws {
        let source = LinesSource(
            name: "remote",
            lines: [
                #"{"name":"Cyrillic","body":"Cyrl"}"#, #"{"name":"Old Church Slavonic","body":"Cyrs"}"#,
                #"{"name":"Cyrillic again","body":"Cyrl script"}"#,
            ])
        let options = SearchOptions(limit: 10, kinds: ["note"])
        #expect(try search("body:Cyrl", [source], options: options).names == ["Cyrillic", "Cyrillic again"])
        #expect(try search("-body:Cyrl", [source], options: options).names == ["Old Church Slavonic"])
        // As a word, the typo still finds it.
        #expect(try search("Cyrs", [source], options: options).names.first == "Old Church Slavonic")
    }

    /// An unknown kind's NAME is guessed (`name`, `title` or `id`): a match as
    /// good in a known kind's name ranks before it, whatever the order read.
    @Test func aKnownKindsNameRanksBeforeAGuessedOneOnAnEqualMatch() throws {
        let source = LinesSource(
            name: "remote",
            lines: [
                #"{"kind":"translation","name":"Korea, Republik"}"#, #"{"kind":"note","name":"Korea, Republic of"}"#,
            ])
        #expect(try search("korea", [source]).names == ["Korea, Republic of", "Korea, Republik"])
    }

    @Test func anUnknownFieldIsAnErrorThatListsTheFields() throws {
        let error = #expect(throws: SearchError.self) {
            _ = try search("colour:red", [LinesSource(name: "remote", lines: [#"{"name":"coffee"}"#])])
        }
        let expected = "unknown field 'colour': no record searched has it\nAvailable fields: kind, name, body"
        #expect(error?.description == expected)
    }

    /// The fields listed are those of records read: a registered kind none
    /// of whose records was read lists none of its own.
    @Test func anUnknownFieldListsOnlyTheFieldsOfKindsRead() throws {
        let book = ResultKind(
            name: "book", plural: "books", columns: [],
            searchFields: [.field("name", weight: 100), .field("author", weight: 10)],
            decode: { (object) throws(RecordDecodingError) -> String in try object.requiredString("name") },
            present: { NoteRow(name: $0) })
        let registry = try KindRegistry([noteKind(), book])
        func message(_ lines: [String]) -> String? {
            let error = #expect(throws: SearchError.self) {
                _ = try SearchEngine.search(
                    sources: [LinesSource(name: "remote", lines: lines)], query: try QueryParser().parse("colour:red"),
                    options: SearchOptions(limit: 10), registry: registry
                ) { _ in }
            }
            return error?.description
        }
        #expect(
            message([#"{"name":"coffee","size":2}"#])
                == "unknown field 'colour': no record searched has it\nAvailable fields: kind, name, body, size")
        #expect(
            message([#"{"kind":"book","name":"Emma"}"#, #"{"kind":"shelf","name":"A","colours":3}"#])
                == "unknown field 'colour': no record searched has it\nhint: did you mean 'colours'?\n"
                + "Available fields: kind, name, author, colours")
        // A registered kind met after more unknown kinds than are held by
        // identity is still listed.
        let unknownKinds = (0..<40).map { #"{"kind":"k\#($0)","name":"n"}"# }
        #expect(
            message(unknownKinds + [#"{"kind":"book","name":"Emma"}"#])
                == "unknown field 'colour': no record searched has it\nAvailable fields: kind, name, author")
    }

    @Test(arguments: [
        ("", true, 10, "blank"), ("  \t", true, 10, "blank"), ("\u{FEFF} ", true, 10, "blank"),
        ("\u{FEFF}", true, 10, "blank"), (#"{"a":1}"#, true, 7, "content 0..<7"), (#"{"a":1}"#, true, 6, "overLong"),
        (#"\#u{FEFF}{"a":1}"#, true, 10, "content 3..<10"), (#"\#u{FEFF}{"a":1}"#, false, 10, "content 0..<10"),
        ("\u{FEFF} ", false, 10, "content 0..<4"), (#"  {"a":1}"#, true, 9, "content 0..<9"),
        ("\t \t x", true, 10, "content 0..<5"), ("\u{FEFF}\u{FEFF}", true, 10, "content 3..<6"),
        ("\u{FEFF}", true, 2, "overLong"),
    ])
    func oneRuleSaysWhatALineIs(line: String, isFirstLine: Bool, maxLineBytes: Int, expected: String) {
        let bytes = Array(line.utf8)
        let extent =
            switch NDJSONLineRule.classify(bytes.span, isFirstLine: isFirstLine, maxLineBytes: maxLineBytes) {
            case .blank: "blank"
            case .overLong: "overLong"
            case .content(let range): "content \(range)"
            }
        #expect(extent == expected)
        // The form that lends the line as a pointer says the same.
        let verdict = bytes.withUnsafeBytes { raw in
            switch NDJSONLineRule.classify(raw, isFirstLine: isFirstLine, maxLineBytes: maxLineBytes) {
            case .blank: "blank"
            case .overLong: "overLong"
            case .content(let content):
                "content \(content.baseAddress! - raw.baseAddress!)..<\(content.baseAddress! - raw.baseAddress! + content.count)"
            }
        }
        #expect(verdict == expected)
    }
}
