import Foundation
import KindSpecs
import ResultKit
import ResultOutput
import SearchEngine
import StreamingJSON
import TerminalTable
import TestSupport
import Testing

/// The fuzz targets' properties, replayed over their committed corpora
/// (`Fuzz/Corpus/<target>`, where every crash the fuzzers find is added), and
/// seeded property tests of the outputs.
@Suite struct FuzzRegressionTests {
    // MARK: Corpora replayed

    /// Extensions picked by an input's first byte, as in `FuzzRecordReader`.
    static let extensions = [".jsonl", ".json", ".csv", ".tsv", ""]

    @Test func everyRecordReaderCorpusInputIsReadSearchedAndRendered() throws {
        let inputs = try FuzzCorpus.inputs(of: "FuzzRecordReader")
        #expect(inputs.count >= 5)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, bytes) in inputs {
            let selector = Int(bytes.first ?? 0)
            let path = directory.appendingPathComponent("input" + Self.extensions[selector % 5]).path
            try Data(bytes.dropFirst()).write(to: URL(fileURLWithPath: path))
            var records: [Record] = []
            var diagnostics: [Diagnostic] = []
            RecordReader(registry: try OutputFixtures.registry(), maxLineBytes: 1 << 16, maxDocumentBytes: 1 << 18)
                .read(.path(path), record: { records.append($0) }, diagnose: { diagnostics.append($0) })
            for diagnostic in diagnostics {
                #expect(diagnostic.description.contains(path), "\(name): \(diagnostic)")
            }
            try OutputFixtures.checkOutputs(of: records, query: "", width: 12 + selector / 5, input: name)
        }
    }

    @Test func everyQueryCorpusInputParsesOrPointsInsideTheQuery() throws {
        let inputs = try FuzzCorpus.inputs(of: "FuzzQueryParser")
        #expect(inputs.count >= 5)
        for (name, bytes) in inputs {
            let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
            do throws(QuerySyntaxError) {
                _ = try QueryParser().parse(text)
            } catch {
                #expect((1...(text.count + 1)).contains(error.position), "\(name): \(error)")
                #expect(!error.message.isEmpty)
                continue
            }
            try OutputFixtures.checkOutputs(
                of: OutputFixtures.sampleRecords(), query: text, width: Int(bytes.first ?? 0), input: name)
        }
    }

    @Test func everyKindSpecCorpusInputLoadsOrNamesTheFile() throws {
        let inputs = try FuzzCorpus.inputs(of: "FuzzKindSpec")
        #expect(inputs.count >= 3)
        for (name, bytes) in inputs {
            switch KindSpecLoader.parse(bytes, file: "fuzz.kind.json", referenceTime: 1_700_000_000) {
            case .success(let spec):
                #expect((try? KindRegistry([spec.kind])) != nil, "\(name)")
            case .failure(let failure):
                #expect(!failure.errors.isEmpty)
                for error in failure.errors {
                    #expect(error.description.contains("fuzz.kind.json"), "\(name): \(error)")
                }
            }
        }
    }

    // MARK: Seeded properties

    static let seeds = Array(0..<60)

    @Test(arguments: seeds) func jsonOutputParsesAndRoundTripsEveryRecord(seed: Int) throws {
        var random = seededRandom(seed)
        let objects = (0..<Int.random(in: 1...8, using: &random)).map { _ in OutputFixtures.object(&random) }
        let (hits, statistics) = try OutputFixtures.search(objects, query: "")
        // Every record is accounted for: shown, or skipped with a reason.
        #expect(hits.count + statistics.skipped == objects.count)
        #expect(!hits.isEmpty || objects.allSatisfy { $0["kind"]?.stringValue != "comet" })
        let text = RecordOutput.json(hits, query: "q \u{1B}\"\\", total: hits.count)
        let document = try JSONParser().parse(text)
        #expect(document.objectValue?["query"]?.stringValue == "q \u{1B}\"\\")
        guard case .array(let results)? = document.objectValue?["results"] else {
            Issue.record("no results array in \(text)")
            return
        }
        // Each result keeps its record whole, and names where it came from.
        #expect(
            results.map { $0.objectValue?["record"]?.objectValue } == hits.map { objects[$0.record.location.line - 1] })
        for hit in hits {
            let line = try JSONParser().parse(RecordOutput.jsonLine(hit))
            #expect(line.objectValue?["record"]?.objectValue == objects[hit.record.location.line - 1])
            #expect(line.objectValue?["source"]?.stringValue == "p.jsonl:\(hit.record.location.line)")
        }
        // JSONWriter alone, on the same records.
        for object in objects {
            #expect(try JSONParser().parse(JSONWriter.string(.object(object))) == .object(object))
        }
    }

    @Test(arguments: seeds) func theResultsTableIsFramedCleanAndDeterministic(seed: Int) throws {
        var random = seededRandom(seed)
        let objects = (0..<Int.random(in: 1...8, using: &random)).map { _ in OutputFixtures.object(&random) }
        let width = Int.random(in: 30...140, using: &random)
        let hits = try OutputFixtures.search(objects, query: "").hits
        for border in [BorderStyle.ascii, .rounded] {
            for grouped in [false, true] {
                let output = TableOutput(options: RenderOptions(maxWidth: width, border: border), groupByKind: grouped)
                let text = output.render(hits)
                #expect(OutputFixtures.firstControl(in: text) == nil, "seed \(seed): \(text.debugDescription)")
                for frame in OutputFixtures.frames(of: text) {
                    let widths = Set(frame.map { DisplayWidth.of($0) })
                    #expect(widths.count == 1, "seed \(seed) \(border): widths \(widths)\n\(text)")
                    #expect(widths.allSatisfy { $0 <= width }, "seed \(seed) \(border): wider than \(width)\n\(text)")
                }
                let again = output.render(try OutputFixtures.search(objects, query: "").hits)
                #expect(Array(text.utf8) == Array(again.utf8), "seed \(seed): not deterministic")
            }
        }
    }
}

/// Reads the committed fuzz corpora.
enum FuzzCorpus {
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")
    }

    /// Every input of `target`'s corpus, by file name, sorted.
    static func inputs(of target: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = root.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try names.map { name in (name, Array(try Data(contentsOf: folder.appendingPathComponent(name)))) }
    }
}

/// Kinds, records and checks shared by the output properties.
enum OutputFixtures {
    /// A kind with every column type, from a spec, and one with a required column.
    static let specs = [
        #"""
        {"name":"gadget","plural":"gadgets","rowHeight":2,
         "columns":[{"header":"Price","path":"/price","type":"number","format":"number","decimals":2,"align":"right"},
                    {"header":"Stock","path":"/stock","type":"bool"},
                    {"header":"Tags","path":"/tags","maxWidth":20},
                    {"header":"Note","path":"/meta/note","minWidth":6,"missing":"-"}],
         "search":[{"path":"/name","weight":100},{"path":"/meta/note","name":"note","weight":20}]}
        """#,
        #"""
        {"name":"place","plural":"places","columns":[{"header":"Code","path":"/code","required":true}],
         "search":[{"path":"/name","weight":100}]}
        """#,
    ]

    static func registry() throws -> KindRegistry {
        try KindRegistry(
            specs.map { text in
                switch KindSpecLoader.parse(text, file: "fixture.kind.json") {
                case .success(let spec): return spec.kind
                case .failure(let errors): throw errors
                }
            })
    }

    static let pieces = [
        "a", "Z", "9", " ", "中", "한", "👍🏽", "👨‍👩‍👧", "e\u{301}", "\u{200D}", "\u{1B}[31m", "\u{1B}]8;;http://x\u{7}",
        "\u{1B}]52;c;aGk=\u{7}", "\u{9B}2J", "\u{202E}", "\u{0}", "\t", "\n", "\u{7F}", "\u{85}", "\u{2028}", "\"",
        "\\", "…",
    ]

    typealias Random = SplitMix64

    static func text(_ random: inout Random, _ count: ClosedRange<Int>) -> String {
        (0..<Int.random(in: count, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
    }

    static func value(_ random: inout Random, depth: Int) -> JSONValue {
        switch Int.random(in: 0...(depth > 2 ? 3 : 5), using: &random) {
        case 0: .null
        case 1: .bool(Bool.random(using: &random))
        case 2:
            .number(
                ["0", "-1.5", "1e400", "12.50", "123456789012345678901234567890"].randomElement(using: &random) ?? "0")
        case 3: .string(text(&random, 0...12))
        case 4: .array((0..<Int.random(in: 0...3, using: &random)).map { _ in value(&random, depth: depth + 1) })
        default:
            .object(
                JSONObject(
                    (0..<Int.random(in: 0...3, using: &random)).map { _ in
                        JSONObject.Member(key: text(&random, 0...4), value: value(&random, depth: depth + 1))
                    }))
        }
    }

    /// A record of a random kind (gadget, place, or one unknown), with its
    /// name, the kind's fields, and members of every JSON type.
    static func object(_ random: inout Random) -> JSONObject {
        var members: [JSONObject.Member] = [
            .init(key: "kind", value: .string(["gadget", "place", "comet"].randomElement(using: &random) ?? "comet")),
            .init(key: "name", value: .string(text(&random, 1...20))),
            .init(key: "code", value: .string(text(&random, 1...3))),
            .init(key: "price", value: value(&random, depth: 3)),
            .init(key: "stock", value: .bool(Bool.random(using: &random))),
            .init(key: "tags", value: .string(text(&random, 0...30))),
        ]
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            members.append(.init(key: text(&random, 0...6), value: value(&random, depth: 0)))
        }
        return JSONObject(members)
    }

    static func sampleRecords() -> [Record] {
        var random = seededRandom(99)
        return (0..<6).map { index in
            Record(object: object(&random), location: SourceLocation(file: "sample.jsonl", line: index + 1))
        }
    }

    /// The hits of `objects` (records of `p.jsonl`, one per line) for `query`.
    static func search(_ objects: [JSONObject], query: String) throws -> (
        hits: [SearchHit], statistics: SearchStatistics
    ) {
        var session = SearchSession(
            registry: try registry(), query: try QueryParser().parse(query), options: SearchOptions(limit: 100))
        for (index, object) in objects.enumerated() {
            session.consider(Record(object: object, location: SourceLocation(file: "p.jsonl", line: index + 1))) { _ in
            }
        }
        let result = session.finish()
        return (result.hits, result.statistics)
    }

    /// Searches `records` and checks the JSON and table outputs, as the fuzz targets do.
    static func checkOutputs(of records: [Record], query: String, width: Int, input: String) throws {
        var session = SearchSession(
            registry: try registry(), query: try QueryParser().parse(query), options: SearchOptions(limit: 12))
        for record in records { session.consider(record) { _ in } }
        let result = session.finish()
        #expect(throws: Never.self, "\(input)") {
            _ = try JSONParser().parse(RecordOutput.json(result.hits, query: query, total: result.statistics.matched))
        }
        for border in BorderStyle.allCases {
            let text = TableOutput(options: RenderOptions(maxWidth: width, border: border)).render(result.hits)
            #expect(firstControl(in: text) == nil, "\(input) \(border): \(text.debugDescription)")
            guard border != .plain else { continue }
            for frame in frames(of: text) {
                #expect(Set(frame.map { DisplayWidth.of($0) }).count == 1, "\(input) \(border):\n\(text)")
            }
        }
    }

    /// The framed tables of `text`: runs of lines that start with a frame glyph.
    static func frames(of text: String) -> [[Substring]] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .split { line in !"+|╭│├╰".contains(line.first ?? " ") }
            .map(Array.init)
    }

    /// The first scalar that could act on a terminal (C0, C1, DEL, line
    /// separators and bidi controls), other than the line feed.
    static func firstControl(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            switch scalar.value {
            case 0x0A: false
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }
}

/// A generator whose sequence depends only on `seed`.
func seededRandom(_ seed: Int) -> SplitMix64 {
    SplitMix64(state: UInt64(truncatingIfNeeded: seed) &* 0x2545_F491_4F6C_DD1D)
}
