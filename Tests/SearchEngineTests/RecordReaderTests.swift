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

        /// The `body` of the record named `name`.
        func body(of name: String) -> String? {
            records.first { $0.object["name"]?.stringValue == name }?.object["body"]?.stringValue
        }
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

    func read(
        _ source: DataSource, maxLineBytes: Int = 64 << 20, options: ReadingOptions = ReadingOptions(),
        reading: (SourceReading) -> Void = { _ in }
    ) throws -> Outcome {
        let registry = try KindRegistry([noteKind(), .line])
        var outcome = Outcome()
        RecordReader(registry: registry, maxLineBytes: maxLineBytes, options: options).read(
            source,
            record: { outcome.records.append($0) },
            diagnose: { outcome.diagnostics.append($0) },
            reading: reading
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

    /// Regression: a stray quote on one row swallowed every row after it,
    /// with one warning, and a TSV file was called CSV. The row is skipped
    /// and reading goes on from the next line.
    @Test(arguments: ["csv", "tsv"])
    func aStrayQuoteSkipsItsLineAndTheRestIsRead(format: String) throws {
        let separator = format == "csv" ? "," : "\t"
        var rows = ["name", "body"].joined(separator: separator) + "\n"
        for index in 1...200 {
            let body = index == 12 ? "\"stray" : index == 5 ? "\"two\nlines\"" : "b\(index)"
            rows += "n\(index)\(separator)\(body)\n"
        }
        let path = try write("stray.\(format)", rows)
        let outcome = try read(.path(path))
        #expect(outcome.records.count == 199)
        #expect(!outcome.names.contains("n12"))
        #expect(outcome.names.last == "n200")
        #expect(outcome.body(of: "n5") == "two\nlines")
        #expect(
            outcome.messages == [
                "warning: \(path):14: malformed \(format.uppercased()): a quoted field is never closed; "
                    + "skipped line 14 and read on from line 15"
            ])
        #expect(outcome.diagnostics.allSatisfy { $0.skipsRecord })
    }

    /// A stray quote that a later quote closes makes a row over many lines:
    /// that row's first line is skipped and the lines it swallowed are read
    /// as rows, whether the closing quote is followed by more of the field
    /// or leaves the row with more fields than the header.
    @Test func aStrayQuoteClosedLaterSkipsOnlyItsOwnLine() throws {
        var rows = "name,body,price\n"
        for index in 1...100 {
            rows += index == 10 ? "n10,\"stray,1\n" : index == 60 ? "n60,\"quoted, body\",2\n" : "n\(index),b,3\n"
        }
        let path = try write("late.csv", rows)
        let outcome = try read(.path(path))
        #expect(outcome.records.count == 99)
        #expect(outcome.names.contains("n60"))
        #expect(outcome.body(of: "n60") == "quoted, body")

        let misaligned = try read(.path(try write("misaligned.csv", "name,body\nn1,\"x\nn2,b\nn3,\",c\nn4,d\n")))
        #expect(misaligned.names == ["n2", "n4"])
        #expect(
            misaligned.messages == [
                "warning: \(directory.path)/misaligned.csv:2: malformed CSV: a quoted field runs to line 4 and leaves "
                    + "3 fields where the header has 2; skipped line 2 and read on from line 3",
                "warning: \(directory.path)/misaligned.csv:4: malformed CSV: a quoted field is never closed; "
                    + "skipped line 4 and read on from line 5",
            ])
        #expect(
            outcome.messages == [
                "warning: \(path):11: malformed CSV: a quoted field runs to line 61, where its closing quote is not "
                    + "followed by a delimiter or the end of the row; skipped line 11 and read on from line 12"
            ])
    }

    /// Stray quotes on many lines each cost one line, and a quote left open
    /// on the last line says so without promising more.
    @Test func strayQuotesOnManyLinesEachCostOneLine() throws {
        var rows = "name,body\n"
        for index in 1...50 { rows += index % 5 == 0 ? "n\(index),\"x\n" : "n\(index),b\n" }
        rows += "last,\"open"
        let path = try write("many.csv", rows)
        let outcome = try read(.path(path))
        #expect(outcome.records.count == 40)
        #expect(outcome.diagnostics.count == 11)
        #expect(outcome.diagnostics.map(\.location?.line) == (1...10).map { $0 * 5 + 1 } + [52])
        #expect(
            outcome.messages.last
                == "warning: \(path):52: malformed CSV: a quoted field is never closed; skipped line 52")
    }

    /// Regression: UTF-16 input gave garbage or confusing errors.
    @Test(arguments: [
        ("bom-le.jsonl", [0xFF, 0xFE] as [UInt8], true), ("bom-be.jsonl", [0xFE, 0xFF], false),
        ("le.jsonl", [], true), ("be.csv", [], false),
    ])
    func utf16IsRefusedWithAHintToConvert(name: String, bom: [UInt8], littleEndian: Bool) throws {
        let text = name.hasSuffix(".csv") ? "name\nnote\n" : "{\"name\":\"caf\u{E9}\"}\n{\"name\":\"b\"}\n"
        let units = text.utf16.flatMap { unit in
            littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        let path = try write(name, bom + units)
        let outcome = try read(.path(path))
        #expect(outcome.records.isEmpty)
        #expect(
            outcome.messages == ["error: \(path): UTF-16 is not supported; convert to UTF-8 (iconv -f UTF-16 -t UTF-8)"]
        )
    }

    /// Regression: duplicate and empty header names were taken silently, so
    /// a later column hid an earlier one.
    @Test func aHeaderWithDuplicateOrEmptyNamesKeepsEveryColumnAndSaysSo() throws {
        let path = try write("dup.csv", "name,body,,body\nx,first,third,fourth\n")
        let outcome = try read(.path(path))
        #expect(outcome.records.count == 1)
        let keys = outcome.records.first?.object.members.map(\.key)
        #expect(keys == ["name", "body", "column3", "body_2"])
        #expect(outcome.records.first?.object["body_2"]?.stringValue == "fourth")
        #expect(
            outcome.messages == [
                "warning: \(path):1: column 3 has no name; read as \"column3\"",
                "warning: \(path):1: duplicate column \"body\" (columns 2 and 4); column 4 is read as \"body_2\"",
            ])
        #expect(outcome.diagnostics.allSatisfy { !$0.skipsRecord })
    }

    /// An empty folder is no warning (that counted as a skipped record once):
    /// it is read as a source that held nothing, which the command says.
    @Test func anEmptyFolderIsReadAsHoldingNothing() throws {
        let folder = directory.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var readings: [SourceReading] = []
        let outcome = try read(.path(folder.path)) { readings.append($0) }
        #expect(outcome.diagnostics.isEmpty)
        #expect(readings.count == 1)
        #expect(readings.first?.isFolder == true)
        #expect(readings.first?.emptiness.hasSuffix("it has none") == true)
    }

    /// A folder's data files are read by their names, its other text files
    /// as their content says (here lines), in name order; a file that is not
    /// text is skipped with one warning, as an archive is.
    @Test func aDirectoryIsReadInNameOrderWithItsTextFilesAndNotItsBinaryOnes() throws {
        let folder = directory.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\"name\":\"second\"}\n".utf8).write(to: folder.appendingPathComponent("b.jsonl"))
        try Data("name,price\nfirst,1\n".utf8).write(to: folder.appendingPathComponent("a.csv"))
        try Data("not data".utf8).write(to: folder.appendingPathComponent("README.md"))
        try Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0]).write(to: folder.appendingPathComponent("logo.png"))
        try Data([0x1F, 0x8B, 8, 0]).write(to: folder.appendingPathComponent("old.tar.gz"))
        let outcome = try read(.path(folder.path))
        #expect(outcome.names == ["not data", "first", "second"])
        #expect(outcome.records.first?.kindName == "line")
        #expect(outcome.messages == ["warning: \(folder.path): skipped 1 file that is not text (logo.png)"])
    }

    @Test func kindSpecFilesInADataFolderAreNotReadAsData() throws {
        let folder = directory.appendingPathComponent("specs-and-samples")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"name":"country","search":[{"path":"/name","weight":100}]}"#.utf8)
            .write(to: folder.appendingPathComponent("country.kind.json"))
        try Data(#"{"name":"Upper"}"#.utf8).write(to: folder.appendingPathComponent("Other.KIND.JSON"))
        try Data("{\"name\":\"New Zealand\"}\n".utf8).write(to: folder.appendingPathComponent("countries.jsonl"))
        let outcome = try read(.path(folder.path))
        #expect(outcome.names == ["New Zealand"])
        #expect(outcome.diagnostics.isEmpty)
    }

    @Test func aMissingFileIsAnError() throws {
        let outcome = try read(.path("/nonexistent/notes.jsonl"))
        #expect(outcome.records.isEmpty)
        #expect(outcome.messages == ["error: cannot read /nonexistent/notes.jsonl: No such file or directory"])
    }

    /// Regression: a line over the cap stopped the whole source. It is one
    /// record lost: skipped with a located warning, and the rest is read,
    /// whether the long line ends inside one read or spans many.
    @Test(arguments: [100, 3 << 20])
    func aLineOverTheCapIsSkippedAndTheRestIsRead(length: Int) throws {
        let long = "{\"name\":\"" + String(repeating: "x", count: length) + "\"}"
        let text = "{\"name\":\"before\"}\n" + long + "\r\n{\"name\":\"after\"}\n" + long + "\n{\"name\":\"end\"}"
        let path = try write("big.jsonl", text)
        let cap = length / 2
        let outcome = try read(.path(path), maxLineBytes: cap)
        #expect(outcome.names == ["before", "after", "end"])
        let limit = length >= 1 << 20 ? "1536 KiB" : "50 bytes"
        #expect(
            outcome.messages == [
                "warning: \(path):2: line is longer than --max-line-bytes (\(limit)); skipped",
                "warning: \(path):4: line is longer than --max-line-bytes (\(limit)); skipped",
            ]
        )
        #expect(outcome.records.map(\.location.line) == [1, 3, 5])
    }

    /// A line exactly at the cap is read, with or without a `\r` before its
    /// newline; one byte more is skipped.
    @Test func aLineExactlyAtTheCapIsRead() throws {
        let line = "{\"name\":\"" + String(repeating: "x", count: 90) + "\"}"
        let path = try write("edge.jsonl", line + "\r\n" + line + "\n" + line + "\n")
        let atCap = try read(.path(path), maxLineBytes: line.utf8.count)
        #expect(atCap.records.count == 3)
        #expect(atCap.diagnostics.isEmpty)
        let under = try read(.path(path), maxLineBytes: line.utf8.count - 1)
        #expect(under.records.isEmpty)
        #expect(under.diagnostics.map(\.location?.line) == [1, 2, 3])
    }

    /// Regression: the document cap was checked only after a second read,
    /// so a document that arrived in the first read passed any cap. It
    /// guards a document that is one record; arrays and CSV stream, whatever
    /// their size.
    @Test(arguments: ["doc.json", "doc.csv", "doc.tsv", "one.json"])
    func theDocumentCapGuardsASingleRecordOnly(name: String) throws {
        let text =
            name == "one.json"
            ? "{\"name\":\"big\",\"body\":\"" + String(repeating: "x", count: 2000) + "\"}"
            : name.hasSuffix(".json")
                ? "[" + (0..<200).map { "{\"name\":\"n\($0)\"}" }.joined(separator: ",") + "]"
                : "name\n" + (0..<400).map { "n\($0)" }.joined(separator: "\n")
        let path = try write(name, text)
        let registry = try KindRegistry([noteKind()])
        var outcome = Outcome()
        RecordReader(registry: registry, maxDocumentBytes: 1024).read(
            .path(path), record: { outcome.records.append($0) }, diagnose: { outcome.diagnostics.append($0) })
        if name == "one.json" {
            #expect(outcome.records.isEmpty)
            #expect(outcome.messages.count == 1)
            #expect(
                outcome.messages.first?.hasPrefix("error: \(path):1: a JSON document larger than 1 KiB") == true,
                "\(outcome.messages)")
        } else {
            #expect(outcome.records.count == (name.hasSuffix(".json") ? 200 : 400))
            #expect(outcome.diagnostics.isEmpty)
        }
    }

    @Test func binaryDataIsRefusedAtOnce() throws {
        let outcome = try read(.path("/dev/zero"))
        #expect(outcome.records.isEmpty)
        #expect(
            outcome.messages == [
                "error: /dev/zero: binary data (control byte 0x0 at offset 0); expected JSON, NDJSON, CSV, TSV or "
                    + "text, plain or compressed (gzip, zstd, xz, bzip2)"
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
