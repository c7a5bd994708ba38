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
}
