import Foundation
import ResultKit
import SearchEngine
import TestSupport
import Testing

/// Whichever route reads an NDJSON file (parallel blocks of any size, or one
/// pass), the records found and every diagnostic are the same, for random
/// files full of what goes wrong: malformed lines, values that are not
/// objects, blank lines, lines over the cap and exactly at it, CRLF, a BOM,
/// unknown kinds and records their kind rejects.
@Suite struct ReadingRoutesPropertyTests {
    static let cap = 300

    /// One random file, rebuilt exactly from `seed`.
    static func randomFile(seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(state: seed)
        func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        let words = ["tea", "teapot", "coffee", "green tea", "herbal", "café", "planet"]
        var lines: [String] = []
        for index in 0..<(40 + pick(400)) {
            let word = words[pick(words.count)]
            switch pick(20) {
            case 0: lines.append(#"{"kind":"note","name":"\#(word)"#)
            case 1: lines.append("[\(index)]")
            case 2: lines.append(pick(2) == 0 ? "" : "  \t")
            case 3:
                let body = String(repeating: "x", count: cap + pick(3 * cap))
                lines.append(#"{"kind":"note","name":"\#(word) long","body":"\#(body)"}"#)
            case 4:
                let head = #"{"kind":"note","name":"\#(word) edge","body":""#
                lines.append(head + String(repeating: "y", count: cap - head.utf8.count - 2) + #""}"#)
            case 5: lines.append(#"{"kind":"planet","name":"\#(word) \#(index)"}"#)
            case 6: lines.append(#"{"kind":"note","title":"no name \#(index)"}"#)
            case 7: lines.append(#"{"kind":"note","name":"\#(word) \#(index)",}"#)
            default: lines.append(#"{"kind":"note","name":"\#(word) \#(index)","body":"line \#(index)"}"#)
            }
        }
        let separator = pick(3) == 0 ? "\r\n" : "\n"
        var text = lines.joined(separator: separator)
        if pick(2) == 0 { text += separator }
        return (pick(4) == 0 ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
    }

    struct Outcome: Equatable {
        var hits: [String]
        var diagnostics: [String]
        var statistics: String
    }

    static func search(
        _ query: String, path: String, blockSize: Int?, workers: Int = 2
    ) throws -> Outcome {
        let registry = try KindRegistry([noteKind()])
        var session = SearchSession(
            registry: registry, query: try QueryParser().parse(query), options: SearchOptions(limit: 1000))
        // As the command prints them: the first few of each group, then the tallies.
        var diagnostics = PrintedDiagnostics()
        if let blockSize {
            session.searchNDJSONFile(
                path: path, hint: nil, sourceIndex: 1, maxLineBytes: cap, workers: workers, blockSize: blockSize
            ) { diagnostics.add($0) }
        } else {
            // As the command reads a small file or standard input.
            RecordReader(registry: registry, maxLineBytes: cap).read(
                .path(path), record: { _ in },
                lines: { line in session.consider(line) { diagnostics.add($0) } },
                diagnose: { diagnostics.add($0) })
        }
        let result = session.finish()
        return Outcome(
            hits: result.hits.map { "\($0.row.name) @\($0.record.location.line)" },
            diagnostics: diagnostics.lines,
            statistics: "\(result.statistics)")
    }

    @Test(arguments: 0..<24)
    func everyRouteFindsTheSameRecordsAndDiagnostics(seed: Int) throws {
        let bytes = Self.randomFile(seed: UInt64(seed))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("routes-\(UUID().uuidString).jsonl")
            .path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let query = ["tea", "", "coffee -green", "planet", "long"][seed % 5]
        let sequential = try Self.search(query, path: path, blockSize: nil)
        #expect(!sequential.diagnostics.isEmpty)
        for blockSize in [37, 256, 1000, 1 << 16] {
            let parallel = try Self.search(query, path: path, blockSize: blockSize, workers: 1 + seed % 3)
            #expect(parallel == sequential, "seed \(seed), blocks of \(blockSize)")
        }
    }

    /// A JSON array with one element per line (as exporters write one):
    /// records, records their kind rejects, unknown kinds, malformed
    /// elements and values that are not objects, in CRLF or LF lines.
    static func randomArray(seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(state: seed)
        func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        let words = ["tea", "teapot", "coffee", "green tea", "herbal", "café", "planet"]
        var elements: [String] = []
        for index in 0..<(40 + pick(400)) {
            let word = words[pick(words.count)]
            switch pick(12) {
            case 0: elements.append("[\(index)]")
            case 1: elements.append(#"{"kind":"planet","name":"\#(word) \#(index)"}"#)
            case 2: elements.append(#"{"kind":"note","title":"no name \#(index)"}"#)
            case 3: elements.append(#"{"kind":"note","name":"\#(word) \#(index)",}"#)
            case 4: elements.append(#"{"kind":"note","name": \#(word)}"#)
            default: elements.append(#"{"kind":"note","name":"\#(word) \#(index)","body":"line \#(index)"}"#)
            }
        }
        let separator = pick(3) == 0 ? "\r\n" : "\n"
        let indent = pick(2) == 0 ? "" : "  "
        let closing = pick(2) == 0 ? separator + "]" : "]"
        let text =
            "[" + separator + elements.map { indent + $0 }.joined(separator: "," + separator) + closing + separator
        return Array(text.utf8)
    }

    /// Such an array reads the same in blocks on every core, each line's
    /// element without its punctuation, as in one pass of its JSON.
    @Test(arguments: 0..<12)
    func anArrayWithOneElementPerLineReadsTheSameInBlocks(seed: Int) throws {
        let bytes = Self.randomArray(seed: UInt64(seed))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("array-\(UUID().uuidString).json")
            .path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let query = ["tea", "", "coffee -green", "planet", "herbal"][seed % 5]
        let registry = try KindRegistry([noteKind()])
        func newSession() throws -> SearchSession {
            SearchSession(
                registry: registry, query: try QueryParser().parse(query), options: SearchOptions(limit: 1000))
        }
        func outcome(_ result: SearchResult, _ diagnostics: PrintedDiagnostics) -> Outcome {
            Outcome(
                hits: result.hits.map { "\($0.row.name) @\($0.record.location.line)" },
                diagnostics: diagnostics.lines, statistics: "\(result.statistics)")
        }
        // In one pass, as the engine reads a small file: messages inside an
        // element are placed in the file by the sink.
        var diagnostics = PrintedDiagnostics()
        let result = try SearchEngine.search(
            sources: [DataSource.path(path)], query: try QueryParser().parse(query),
            options: SearchOptions(limit: 1000, maxLineBytes: Self.cap), registry: registry
        ) { diagnostics.add($0) }
        let sequential = outcome(result, diagnostics)
        #expect(!sequential.diagnostics.isEmpty)
        #expect(!sequential.hits.isEmpty || query == "planet")
        for blockSize in [37, 256, 1000, 1 << 16] {
            var session = try newSession()
            var diagnostics = PrintedDiagnostics()
            session.searchNDJSONFile(
                path: path, hint: nil, sourceIndex: 1, maxLineBytes: Self.cap, workers: 1 + seed % 3,
                blockSize: blockSize, reading: .automatic, framing: .arrayElementPerLine
            ) { diagnostics.add($0) }
            let parallel = outcome(session.finish(), diagnostics)
            #expect(parallel == sequential, "seed \(seed), blocks of \(blockSize)")
        }
    }
}
