import Foundation
import ResultKit
import SearchEngine
import StreamingJSON
import TestSupport
import Testing

/// Reads real files written to a temporary directory.
@Suite struct RecordReaderTests {
    struct Outcome {
        var records: [Record] = []
        var diagnostics: [Diagnostic] = []
        var names: [String] { records.compactMap { $0.object["name"]?.stringValue } }
        var messages: [String] { diagnostics.map(\.description) }
    }

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8))
    }

    func read(_ source: DataSource, maxLineBytes: Int = 64 << 20) throws -> Outcome {
        let registry = try KindRegistry([noteKind()])
        var outcome = Outcome()
        RecordReader(registry: registry, maxLineBytes: maxLineBytes).read(
            source,
            record: { outcome.records.append($0) },
            diagnose: { outcome.diagnostics.append($0) }
        )
        return outcome
    }

    @Test func ndjsonWithBOMCRLFBlankLinesAndAMalformedLine() throws {
        let text = "\u{FEFF}{\"name\":\"a\"}\r\n\r\n{\"name\":\"b\",}\r\n[1]\n{\"name\":\"c\"}"
        let path = try write("notes.jsonl", text)
        let outcome = try read(.path(path))
        #expect(outcome.names == ["a", "c"])
        #expect(outcome.records.map(\.location.line) == [1, 5])
        #expect(outcome.records.allSatisfy { $0.kindName == "note" })
        #expect(outcome.messages.count == 2)
        #expect(outcome.messages[0].hasPrefix("warning: \(path):3:"))
        #expect(outcome.messages[1] == "warning: \(path):4: expected a JSON object, found an array")
    }

    @Test func invalidUTF8AndNULAreReportedAndTheRestIsRead() throws {
        var bytes = Array("{\"name\":\"ok\"}\n{\"name\":\"".utf8) + [0xFF, 0xFE] + Array("\"}\n".utf8)
        bytes += Array("{\"name\":\"x\u{0}\"}\n{\"name\":\"last\"}\n".utf8)
        let outcome = try read(.path(try write("bad.jsonl", bytes)))
        #expect(outcome.names == ["ok", "last"])
        #expect(outcome.diagnostics.count == 2)
        #expect(outcome.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func aJSONArrayGivesEachRecordTheLineWhereItStarts() throws {
        let text = "[\n  {\"name\":\"a\"},\n  {\"name\":\"b\"},\n\n  {\"name\":\"c\"}\n]\n"
        let outcome = try read(.path(try write("notes.json", text)))
        #expect(outcome.names == ["a", "b", "c"])
        #expect(outcome.records.map(\.location.line) == [2, 3, 5])
        #expect(outcome.diagnostics.isEmpty)
    }

    @Test func aTruncatedJSONArrayKeepsWhatCameBeforeAndSaysWhere() throws {
        let text = "[\n{\"name\":\"a\"},\n{\"name\":"
        let path = try write("cut.json", text)
        let outcome = try read(.path(path))
        #expect(outcome.names == ["a"])
        #expect(outcome.messages.count == 1)
        #expect(outcome.messages[0].hasPrefix("warning: \(path):3:"))
    }

    @Test func aSingleObjectJSONFileIsOneRecord() throws {
        let outcome = try read(.path(try write("one.json", "{\"kind\":\"note\",\n\"name\":\"solo\"}\n")))
        #expect(outcome.names == ["solo"])
    }

    @Test func csvWithQuotesEmbeddedLineBreaksAndABadRow() throws {
        let text = "name,body\r\n\"a, with comma\",\"say \"\"hi\"\"\"\r\nb,\"two\nlines\"\r\nc,too,many\r\nd,last"
        let path = try write("notes.csv", text)
        let outcome = try read(.path(path))
        #expect(outcome.names == ["a, with comma", "b", "d"])
        #expect(outcome.records[0].object["body"]?.stringValue == "say \"hi\"")
        #expect(outcome.records[1].object["body"]?.stringValue == "two\nlines")
        #expect(outcome.records.map(\.location.line) == [2, 3, 6])
        #expect(outcome.records.allSatisfy { $0.kindName == "note" })
        #expect(outcome.messages == ["warning: \(path):5: expected 2 fields as in the header, found 3"])
    }

    @Test func tsvAndAKindColumn() throws {
        let outcome = try read(.path(try write("mixed.tsv", "kind\tname\nnote\tx\nother\ty\n")))
        #expect(outcome.records.map(\.kindName) == ["note", "other"])
    }

    @Test func aDirectoryIsReadInNameOrderSkippingOtherFiles() throws {
        let folder = directory.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\"name\":\"second\"}\n".utf8).write(to: folder.appendingPathComponent("b.jsonl"))
        try Data("name\nfirst\n".utf8).write(to: folder.appendingPathComponent("a.csv"))
        try Data("not data".utf8).write(to: folder.appendingPathComponent("README.md"))
        let outcome = try read(.path(folder.path))
        #expect(outcome.names == ["first", "second"])
        #expect(outcome.diagnostics.isEmpty)
    }

    @Test func aMissingFileIsAnError() throws {
        let outcome = try read(.path("/nonexistent/notes.jsonl"))
        #expect(outcome.records.isEmpty)
        #expect(outcome.messages == ["error: cannot read /nonexistent/notes.jsonl: No such file or directory"])
    }

    @Test func aLineOverTheCapStopsTheSourceWithAClearError() throws {
        let long = "{\"name\":\"" + String(repeating: "x", count: 3 << 20) + "\"}"
        let path = try write("big.jsonl", "{\"name\":\"before\"}\n" + long + "\n{\"name\":\"after\"}\n")
        let outcome = try read(.path(path), maxLineBytes: 1 << 20)
        #expect(outcome.names == ["before"])
        #expect(
            outcome.messages == [
                "error: \(path):2: line 2 is longer than 1 MiB; stopped reading this source (raise the cap with --max-line-bytes)"
            ]
        )
    }

    @Test func binaryDataIsRefusedAtOnce() throws {
        let outcome = try read(.path("/dev/zero"))
        #expect(outcome.records.isEmpty)
        #expect(
            outcome.messages == [
                "error: /dev/zero: binary data (control byte 0x0 at offset 0); expected NDJSON, JSON, CSV or TSV text"
            ])
        let random = try read(
            .path(try write("noise.jsonl", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })))
        #expect(random.records.isEmpty)
        #expect(random.messages.first?.contains("binary data") == true)
    }

    @Test func recordsLongerThanOneChunkAreReadWhole() throws {
        let lines = (0..<50_000).map { "{\"name\":\"n\($0)\",\"body\":\"\(String(repeating: "y", count: 40))\"}" }
        let outcome = try read(.path(try write("many.jsonl", lines.joined(separator: "\n"))))
        #expect(outcome.records.count == 50_000)
        #expect(outcome.records.last?.location.line == 50_000)
        #expect(outcome.diagnostics.isEmpty)
    }
}
