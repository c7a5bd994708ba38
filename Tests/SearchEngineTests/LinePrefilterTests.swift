import Foundation
import ResultKit
import StreamingJSON
import TerminalTable
import TestSupport
import Testing

@testable import SearchEngine

/// A large search rules lines out from their raw bytes (``LinePrefilter``).
/// Whatever it rules out must be a line that could not have matched, so the
/// search gives exactly what reading every record gives: same hits, order,
/// line numbers, warnings and counts.
@Suite struct LinePrefilterTests {
    /// A kind whose search field is computed from two fields (so raw bytes do
    /// not show its text: `c` stands for "coffee"), declaring what it reads.
    static func pairKind() -> ResultKind {
        ResultKind(
            name: "pair",
            plural: "pairs",
            columns: [],
            searchFields: [
                SearchField("title", weight: 100, reads: ["first", "second"]) { object in
                    guard let first = object["first"]?.scalarText, let second = object["second"]?.scalarText
                    else { return nil }
                    let words = ["c": "coffee", "g": "garden", "h": "chocolate"]
                    return "\(words[first] ?? first) \(second)"
                }
            ],
            decode: { (object) throws(RecordDecodingError) -> String in
                try object.requiredString("first") + object.requiredString("second")
            },
            present: { NoteRow(name: $0) }
        )
    }

    /// A kind whose search field may read anything.
    static func blobKind() -> ResultKind {
        ResultKind(
            name: "blob",
            plural: "blobs",
            columns: [],
            searchFields: [
                SearchField("all", weight: 50) { object in object.keys.joined(separator: " ") }
            ],
            decode: { (object) throws(RecordDecodingError) -> String in object.keys.joined(separator: "+") },
            present: { NoteRow(name: $0) }
        )
    }

    /// Names with the word in every case, with typos, escaped, with accents,
    /// split across fields, inside keys, and not at all.
    static let names = [
        "coffee", "COFFEE beans", "Cofee", "cofefe", "ocffee", "tea", "toffee", "\\u0063offee", "café noir",
        "Caf\\u00e9", "CAFÉ", "green tea", "teapot", "coffe", "decaf coffee", "cof fee", "chocolate",
        "chcoolate", "hcocolate", "chocolat", "choclate", "chcooalte", "garden", "gadren", "日本のコーヒー",
        "coffee\\ttab",
    ]

    static func writeFile(seed: UInt64) throws -> String {
        var random = SplitMix64(state: seed)
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        var lines: [String] = []
        for index in 0..<8_000 {
            let name = pick(names)
            switch random.next() % 20 {
            case 0: lines.append(#"{"kind":"note","name":"\#(name)"#)  // truncated
            case 1: lines.append(#"{"kind":"planet","name":"\#(name)","moons":\#(index % 7)}"#)
            case 2: lines.append(#"{"kind":"pair","first":"cof","second":"\#(pick(["fee", "fe", "ee", "x"]))"}"#)
            case 3: lines.append(#"{"kind":"pair","first":"\#(pick(["c", "g", "h", "t"]))","second":"a"}"#)
            case 4: lines.append(#"{"kind":"blob","\#(name)":1}"#)
            case 5: lines.append(#"["not","an","object","\#(name)"]"#)
            case 6: lines.append(#"{"kind":"note","body":"no name, \#(name)"}"#)  // rejected if it matches
            case 7: lines.append(#"{"kind":"note","name":"\#(name)","body":"\#(pick(names))","n\u0061me":"x"}"#)
            case 8: lines.append(#"{"kind":"note","name":"tea \#(index)","coffee":"in a key only"}"#)
            default:
                lines.append(#"{"kind":"note","name":"\#(name) \#(index % 13)","body":"\#(pick(names))"}"#)
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("prefilter-\(UUID().uuidString).jsonl")
            .path
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    struct Outcome: Equatable {
        var hits: [String]
        var diagnostics: [String]
        var statistics: SearchStatistics

        /// Where `self` and `other` part: the first hit or diagnostic that
        /// differs, or the statistics, for a failure's message.
        func difference(from other: Outcome) -> String {
            if hits != other.hits {
                let index = hits.indices.first { $0 >= other.hits.count || hits[$0] != other.hits[$0] } ?? hits.count
                let mine = index < hits.count ? hits[index] : "none"
                let theirs = index < other.hits.count ? other.hits[index] : "none"
                return "hit \(index) of \(hits.count)/\(other.hits.count): \(mine) against \(theirs)"
            }
            if diagnostics != other.diagnostics {
                return "diagnostics: \(diagnostics.count) against \(other.diagnostics.count)"
            }
            return "statistics: \(statistics) against \(other.statistics)"
        }
    }

    /// How the file is searched: record by record (the reference), in
    /// parallel blocks, or line by line as a stream is.
    enum Mode { case records, blocks, lines }

    func run(_ query: String, path: String, mode: Mode) throws -> Outcome {
        let registry = try KindRegistry([noteKind(), Self.pairKind(), Self.blobKind()])
        var session = SearchSession(
            registry: registry,
            query: try QueryParser().parse(query),
            options: SearchOptions(limit: 40, offset: 2)
        )
        var diagnostics = PrintedDiagnostics()
        switch mode {
        case .blocks:
            session.searchNDJSONFile(
                path: path, hint: nil, sourceIndex: 1, maxLineBytes: 1 << 20, workers: 2, blockSize: 16_384
            ) { diagnostics.add($0) }
        case .records:
            RecordReader(registry: registry).read(
                .path(path),
                record: { record in session.consider(record) { diagnostics.add($0) } },
                diagnose: { diagnostics.add($0) }
            )
        case .lines:
            RecordReader(registry: registry).read(
                .path(path),
                record: { _ in Issue.record("NDJSON lines must reach the line handler") },
                lines: { line in session.consider(line) { diagnostics.add($0) } },
                diagnose: { diagnostics.add($0) }
            )
        }
        let result = session.finish()
        return Outcome(
            hits: result.hits.map {
                "\($0.row.name) @\($0.record.location.line) \($0.rank.tier.map { "\($0)" } ?? "")"
            },
            diagnostics: diagnostics.lines,
            statistics: result.statistics
        )
    }

    @Test(arguments: [
        "coffee", "COFFEE", "cofee", "caf", "cafe", "chocolate", "tea coffee", "coffee -decaf", "name:coffee",
        "body:cofee", "kind:pair coffee", "kind:note toffee", "coffee moons>3", "\"green tea\"", "cffe", "cfee",
        "zzzzzz",
        "coffee tab", "garden",
        // Short-word typos (fragments with any byte) and words that spell keys (`"kind":`, `"name":`).
        "tae", "cfae", "caef", "cafx", "kind", "kine", "name", "nmae",
        // Every record shown: lines read whole, most of them parsed from their shape.
        "",
    ])
    func theSearchGivesWhatReadingEveryRecordGives(query: String) throws {
        let path = try Self.writeFile(seed: 7)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sequential = try run(query, path: path, mode: .records)
        // The parts where they differ, so that a rare failure says what it saw.
        let blocks = try run(query, path: path, mode: .blocks)
        #expect(blocks == sequential, "\(blocks.difference(from: sequential))")
        let lines = try run(query, path: path, mode: .lines)
        #expect(lines == sequential, "\(lines.difference(from: sequential))")
        #expect(sequential.statistics.read > 6_000)
    }

    @Test func aQueryThatMatchesNothingStillFindsFuzzyMatches() throws {
        let path = try Self.writeFile(seed: 8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let parallel = try run("cfee", path: path, mode: .blocks)
        #expect(try run("cfee", path: path, mode: .records) == parallel)
        #expect(!parallel.hits.isEmpty)
        #expect(parallel.hits.allSatisfy { $0.hasSuffix("fuzzy") }, "\(parallel.hits)")
    }

    /// `cofee` may be cut as `co` + `fee` or `cof` + `ee`; on `.com` domains
    /// the first lets every line through, so the sample picks the second.
    @Test func theSampleChoosesTheCutThatLetsFewestLinesThrough() throws {
        let query = try QueryParser().parse("cofee")
        let prefilter = try #require(LinePrefilter(query: query, fuzzy: false))
        #expect(prefilter.fragments.contains(Array("co".utf8)))
        let sample = Array(
            (0..<200).map { #"{"kind":"domain","name":"shop\#($0).com","status":"taken"}"# + "\n" }.joined().utf8)
        let adapted = sample.withUnsafeBytes { prefilter.adapted(toSample: $0) }
        #expect(adapted.fragments.map { String(decoding: $0, as: UTF8.self) } == ["cof", "ee", "coefe"])
    }
}
