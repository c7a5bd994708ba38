import Foundation
import ResultKit
import SearchEngine
import StreamingJSON
import TestSupport
import Testing

/// Edge cases of the parallel file search, which must end as a sequential
/// read does: blocks much smaller than a line (some then hold no line start
/// at all, and must give no lines; a fuzzed file once crashed the
/// prefilter's scan of such a block), and binary data.
@Suite struct ParallelFileEdgeTests {
    @Test(arguments: ["tea", "cofee", ""])
    func blocksInsideOneLine(query: String) throws {
        let padding = String(repeating: "x", count: 700)
        let lines = (0..<40).map { index in
            index % 3 == 0
                ? #"{"kind":"note","name":"tea \#(index)","body":"\#(padding)"}"#
                : #"{"kind":"note","name":"coffee \#(index)"}"#
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID().uuidString).jsonl").path
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }

        func search(blockSize: Int?) throws -> [String] {
            try Self.printed(path: path, query: query, limit: 100, maxLineBytes: 1 << 20, blockSize: blockSize)
        }
        let sequential = try search(blockSize: nil)
        #expect(sequential.count > 10)
        #expect(try search(blockSize: 61) == sequential)
        #expect(try search(blockSize: 300) == sequential)
    }

    /// A block whose only newline is its last byte ends the long line that
    /// started before it, and starts no line of its own.
    @Test func blockEndingWithTheNewlineOfALongLine() throws {
        let blockSize = 100
        let head = #"{"kind":"note","name":"tea first","body":""#
        let first = head + String(repeating: "y", count: 2 * blockSize - 1 - head.count - 2) + #""}"#
        #expect(first.utf8.count == 2 * blockSize - 1)
        let lines = [first] + (0..<10).map { #"{"kind":"note","name":"tea \#($0)"}"# }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("edge-\(UUID().uuidString).jsonl")
            .path
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let registry = try KindRegistry([noteKind()])
        var session = SearchSession(
            registry: registry, query: try QueryParser().parse("tea"), options: SearchOptions(limit: 100))
        session.searchNDJSONFile(
            path: path, hint: nil, sourceIndex: 1, maxLineBytes: 1 << 20, workers: 2, blockSize: blockSize
        ) { _ in }
        let result = session.finish()
        #expect(result.hits.map(\.record.location.line).sorted() == Array(1...11))
    }

    /// A file that starts with binary data gets the reader's one error, not
    /// a warning per line.
    @Test func binaryDataIsRefusedAtOnce() throws {
        var bytes = Array(#"{"kind":"note","name":"tea"}"#.utf8) + [0x0A]
        bytes += (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 131) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("binary-\(UUID().uuidString).jsonl")
            .path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let registry = try KindRegistry([noteKind()])
        var messages: [String] = []
        RecordReader(registry: registry).read(
            .path(path), record: { _ in }, diagnose: { messages.append($0.description) })
        var session = SearchSession(
            registry: registry, query: try QueryParser().parse("tea"), options: SearchOptions(limit: 10))
        var parallel: [String] = []
        session.searchNDJSONFile(
            path: path, hint: nil, sourceIndex: 1, maxLineBytes: 1 << 20, workers: 2, blockSize: 4096
        ) {
            parallel.append($0.description)
        }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("binary data") == true)
        #expect(parallel == messages)
        #expect(session.finish().hits.isEmpty)
    }

    /// Regression: a line over `maxLineBytes` skipped the rest of its block
    /// in parallel, and stopped the source when read in one pass. Each route
    /// now skips that one line with the same warning, whether the line lies
    /// inside a block, spans several, or ends the file.
    @Test(arguments: [61, 300, 4096])
    func anOverLongLineIsSkippedAsASequentialReadSkipsIt(blockSize: Int) throws {
        let cap = 500
        var lines: [String] = []
        for index in 0..<60 {
            switch index % 7 {
            case 2:
                let body = String(repeating: "w", count: 3_000)
                lines.append(#"{"kind":"note","name":"tea \#(index)","body":"\#(body)"}"#)
            case 5:
                // Exactly at the cap, without its `\r`.
                let head = #"{"kind":"note","name":"tea \#(index)","body":""#
                lines.append(head + String(repeating: "v", count: cap - head.utf8.count - 2) + #""}"#)
            default: lines.append(#"{"kind":"note","name":"tea \#(index)"}"#)
            }
        }
        lines.append(String(repeating: "u", count: 2_000))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("over-\(UUID().uuidString).jsonl")
            .path
        try Data(lines.joined(separator: "\r\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let registry = try KindRegistry([noteKind()])
        func search(parallel: Bool) throws -> [String] {
            var session = SearchSession(
                registry: registry, query: try QueryParser().parse("tea"), options: SearchOptions(limit: 100))
            var messages: [String] = []
            if parallel {
                session.searchNDJSONFile(
                    path: path, hint: nil, sourceIndex: 1, maxLineBytes: cap, workers: 2, blockSize: blockSize
                ) { messages.append($0.description) }
            } else {
                RecordReader(registry: registry, maxLineBytes: cap).read(
                    .path(path), record: { _ in },
                    lines: { line in session.consider(line) { messages.append($0.description) } },
                    diagnose: { messages.append($0.description) })
            }
            let result = session.finish()
            return result.hits.map { "\($0.row.name) @\($0.record.location.line)" } + messages
                + ["\(result.statistics)"]
        }
        let sequential = try search(parallel: false)
        let warnings = sequential.filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 10, "\(warnings)")
        #expect(warnings.first == "warning: \(path):3: line is longer than --max-line-bytes (500 bytes); skipped")
        #expect(warnings.last == "warning: \(path):61: line is longer than --max-line-bytes (500 bytes); skipped")
        #expect(sequential.contains("tea 59 @60"))
        #expect(sequential.contains("tea 5 @6"), "a line at the cap (with its \\r) is read")
        #expect(try search(parallel: true) == sequential)
    }

    /// Fuzzy matches stand in only while nothing has matched in the input
    /// read so far. A worker starts with nothing matched, so it tries them on
    /// lines that a read in order would not, and its kind's rejection of such
    /// a line must not reach the user: here an earlier source matched, and
    /// in the second file a block's first line is a note without a name
    /// (rejected) whose body matches `cfe` only fuzzily.
    @Test(arguments: [false, true])
    func aRecordRejectedAsAFuzzyStandInAfterAMatchIsNotReported(matchInFile: Bool) throws {
        let rejected = #"{"kind":"note","body":"coffee"}"#
        let lines =
            (matchInFile ? [#"{"kind":"note","name":"cfe"}"#] : [])
            + (0..<30).map { #"{"kind":"note","name":"tea \#($0)"}"# }
            + [rejected] + (0..<30).map { #"{"kind":"note","name":"tea \#($0)"}"# } + [rejected]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("standin-\(UUID().uuidString).jsonl")
            .path
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let registry = try KindRegistry([noteKind()])
        func search(parallel: Bool) throws -> [String] {
            var session = SearchSession(
                registry: registry, query: try QueryParser().parse("cfe"), options: SearchOptions(limit: 100))
            var messages: [String] = []
            if !matchInFile {
                let object = try #require(try JSONParser().parse(#"{"kind":"note","name":"cfe"}"#).objectValue)
                session.consider(Record(object: object, location: SourceLocation(file: "first.jsonl", line: 1))) {
                    messages.append($0.description)
                }
            }
            if parallel {
                session.searchNDJSONFile(
                    path: path, hint: nil, sourceIndex: 2, maxLineBytes: 1 << 20, workers: 2, blockSize: 64
                ) { messages.append($0.description) }
            } else {
                RecordReader(registry: registry).read(
                    .path(path), record: { record in session.consider(record) { messages.append($0.description) } },
                    diagnose: { messages.append($0.description) })
            }
            let result = session.finish()
            return result.hits.map { "\($0.row.name) @\($0.record.location.line)" } + messages
                + ["\(result.statistics)"]
        }
        let sequential = try search(parallel: false)
        #expect(sequential.first == "cfe @1")
        #expect(!sequential.contains { $0.contains("record skipped") })
        #expect(try search(parallel: true) == sequential)
    }

    /// Found by FuzzRecordReader: thirteen malformed lines of one group (a
    /// NUL in a string, invalid UTF-8, CSV text) read in blocks smaller than
    /// the lines. The blocks keep the first ten and count the rest, the
    /// sequential read passes on all thirteen; what is printed, the summary
    /// line and the counts must be the same.
    @Test(arguments: [17, 61, 300])
    func moreMalformedLinesThanTheCapPrintAsASequentialReadPrintsThem(blockSize: Int) throws {
        let csv =
            Array("p,ace/,\"".utf8) + Array(repeating: 0xB1, count: 6) + Array("Quote".utf8) + [0x8A]
            + Array(", n!me\",QN".utf8)
        var lines: [[UInt8]] = [Array("e".utf8), csv, Array("pla%cti".utf8), Array("line\",ML".utf8), []]
        lines += [csv, Array("pla%cti".utf8), Array("line\",ML".utf8), Array("plce,seorp".utf8)]
        lines += [Array("\"unte".utf8) + [0x7F, 0x00] + Array("re".utf8), Array("place/,plce,seorp".utf8)]
        lines += [Array("\"unte".utf8) + [0x7F, 0x00] + Array("re".utf8), csv]
        lines += [Array(repeating: 0xAB, count: 7) + Array("d, ne\",minaten".utf8)]
        lines += (0..<5).map { Array(#"{"kind":"note","name":"tea \#($0)"}"#.utf8) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("capped-\(UUID().uuidString).jsonl")
            .path
        try Data(Array(lines.joined(separator: [0x0A]))).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        func search(blockSize: Int?) throws -> [String] {
            try Self.printed(path: path, query: "tea -green", limit: 8, maxLineBytes: 1 << 16, blockSize: blockSize)
        }
        let sequential = try search(blockSize: nil)
        #expect(sequential.filter { $0.contains(": malformed JSON: ") }.count == 10, "\(sequential)")
        #expect(sequential.contains("warning: \(path): ... and 3 more like this"), "\(sequential)")
        #expect(sequential.contains("tea 4 @19"))
        #expect(try search(blockSize: blockSize) == sequential)
    }

    /// Lines the prefilter rules out are settled in runs, up to the next
    /// line it keeps: every sort of line in such a run (CRLF, blank, over
    /// long, malformed, of an unknown kind or a new shape, a last line
    /// without its newline, a malformed first line) ends as a read line by
    /// line ends it, at every block size.
    @Test(arguments: ["tea", "cofee", "zzqxj", "tea -green"])
    func runsOfRuledOutLinesEndAsALineByLineReadEndsThem(query: String) throws {
        let ruledOut: [String] = [
            #"{"kind":"note","name":"plain \#u{7B}"}"#,
            #"{"kind":"note","name":"crlf"}"# + "\r",
            "",
            "  \t ",
            #"{"kind":"note","name":"cut short""#,
            #"{"kind":"note","name":"bad number","size":01}"#,
            #"{"kind":"note","name":"control \#u{01} byte"}"#,
            #"{"kind":"note","name":"over long","body":""# + String(repeating: "o", count: 400) + #""}"#,
            #"{"kind":"memo","name":"unknown kind"}"#,
            #"{"kind":"note","size":3,"name":"another shape"}"#,
            #"{"kind":"note","name":"trailing space"} "#,
            #"{"kind":"note","name":null}"#,
            #"["not","an","object"]"#,
            #"{"kind":"note","name":"two","name":"names"}"#,
        ]
        var lines = [#"{"kind":"note","name":"malformed first line""#]
        for index in 0..<90 {
            lines.append(ruledOut[index % ruledOut.count])
            if index % 4 == 3 { lines.append(ruledOut[(index * 5) % ruledOut.count]) }
            if index % 9 == 8 { lines.append(#"{"kind":"note","name":"tea \#(index)"}"#) }
        }
        lines.append(#"{"kind":"note","name":"no newline"}"#)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("runs-\(UUID().uuidString).jsonl")
            .path
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        func search(blockSize: Int?) throws -> [String] {
            try Self.printed(path: path, query: query, limit: 100, maxLineBytes: 300, blockSize: blockSize)
        }
        let sequential = try search(blockSize: nil)
        #expect(sequential.contains { $0.contains(":1:") && $0.contains("malformed JSON") }, "\(sequential)")
        #expect(sequential.contains { $0.contains("longer than --max-line-bytes") }, "\(sequential)")
        for blockSize in [17, 61, 300, 4096, 1 << 20] {
            #expect(try search(blockSize: blockSize) == sequential, "block size \(blockSize)")
        }
    }

    /// A note file's hits, the diagnostics as `search` prints them and the
    /// counts: read in parallel blocks of `blockSize`, or record by record.
    static func printed(path: String, query: String, limit: Int, maxLineBytes: Int, blockSize: Int?) throws
        -> [String]
    {
        let registry = try KindRegistry([noteKind()])
        var session = SearchSession(
            registry: registry, query: try QueryParser().parse(query), options: SearchOptions(limit: limit))
        var messages = PrintedDiagnostics()
        if let blockSize {
            session.searchNDJSONFile(
                path: path, hint: nil, sourceIndex: 1, maxLineBytes: maxLineBytes, workers: 2, blockSize: blockSize
            ) { messages.add($0) }
        } else {
            RecordReader(registry: registry, maxLineBytes: maxLineBytes).read(
                .path(path), record: { record in session.consider(record) { messages.add($0) } },
                diagnose: { messages.add($0) })
        }
        let result = session.finish()
        return result.hits.map { "\($0.row.name) @\($0.record.location.line)" } + messages.lines
            + ["\(result.statistics)"]
    }
}
