import Foundation
import ResultKit
import SearchEngine
import TestSupport
import Testing

/// A JSON array read in blocks on every core finds what the reader in order
/// finds: the same results at the same lines, the same counts, and the same
/// warnings at the same lines and columns, in the same order, for random
/// arrays of every layout (one line, a line per element, pretty-printed,
/// odd spacing, CRLF), alone, wrapped in an object, named by `--records` or
/// one after another, full of what goes wrong: elements that are malformed,
/// not objects, of unknown kinds, rejected by their kind, over the cap,
/// nested deeper than the scan follows; strings holding `]`, `},{`, quotes,
/// backslashes, escapes and CJK; elements larger than a block; and mistakes
/// in the array itself (a missing comma, a bracket that does not match, a
/// trailing comma, the end of the file inside the array).
@Suite struct ParallelArrayAgreementTests {
    static let cap = 2000

    /// One random element: its text, and what it is.
    static func element(_ index: Int, _ generator: inout SplitMix64) -> String {
        func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        let words = ["tea", "teapot", "coffee", "green tea", "herbal", "café", "茶 tea", "planet"]
        let word = words[pick(words.count)]
        switch pick(40) {
        case 0: return #"{"kind":"planet","name":"\#(word) \#(index)"}"#
        case 1: return #"{"kind":"note","title":"no name \#(index)"}"#
        case 2: return #"{"kind":"note","name": \#(word)}"#
        case 3: return #"{"kind":"note","name":"\#(word) \#(index)",}"#
        case 4:
            return #"{"kind":"note","name":"\#(word) \"quoted\" ]},{ \\ \u00e9 [ \#(index)","body":"\\\"},{\""}"#
        case 5: return #"{"kind":"note","name":"nested \#(word)","tags":[[1,2],{"a":[3,{"b":"]"}]}],"n":\#(index)}"#
        case 6: return ["1", #""a string""#, "null", "true", "-2.5e3"][pick(5)]
        case 7: return "[\(index),\"\(word)\"]"
        case 8:
            let body = String(repeating: "lorem ipsum tea ", count: 20 + pick(200))
            return #"{"kind":"note","name":"long \#(word) \#(index)","body":"\#(body)"}"#
        case 9:
            return String(repeating: #"{"a":"#, count: 70) + #"{"kind":"note","name":"deep"}"#
                + String(repeating: "}", count: 70)
        case 10: return "{\"kind\":\"note\",\"name\":\"raw\nline \(word)\"}"
        case 11: return #"{"kind":"note",\"name":"x"}"#
        case 12: return #"{"kind":"note","name":"\#(word) \#(index)","body":"ends in a backslash \\"}"#
        case 13: return "{}"
        case 14: return #"{"kind":"note","name":"日本語 \#(index) \#(word)","body":"中文 ,{[]} tea"}"#
        default: return #"{"kind":"note","name":"\#(word) \#(index)","body":"item \#(index)"}"#
        }
    }

    /// A random array, laid out in one of the ways arrays are written.
    static func array(_ elements: [String], _ generator: inout SplitMix64) -> String {
        func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        let newline = pick(3) == 0 ? "\r\n" : "\n"
        switch pick(5) {
        case 0: return "[" + elements.joined(separator: ",") + "]"
        case 1: return "[" + newline + elements.joined(separator: "," + newline) + newline + "]"
        case 2:
            let pretty = elements.map { "  " + $0.replacingOccurrences(of: #","k"#, with: "," + newline + #"    "k"#) }
            return "[" + newline + pretty.joined(separator: " ," + newline) + newline + "]"
        case 3:
            var text = "[ "
            for (index, element) in elements.enumerated() {
                if index > 0 { text += [",", " ,", ",\t", "," + newline + "\t", " , "][pick(5)] }
                text += element
            }
            return text + [" ]", newline + "]", "\t]"][pick(3)]
        default:
            // Several elements to a line.
            var text = "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += index % 3 == 0 ? "," + newline : ", " }
                text += element
            }
            return text + "]"
        }
    }

    /// A random document holding arrays of records, and the `--records`
    /// pointer that names them when one must.
    static func document(seed: UInt64) -> (text: String, pointer: String?) {
        var generator = SplitMix64(state: seed)
        func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        func elements() -> [String] {
            (0..<(20 + pick(300))).map { element($0, &generator) }
        }
        var text: String
        var pointer: String?
        switch pick(5) {
        case 0:
            text = #"{"total":3,"items":"# + array(elements(), &generator) + #","more":[{"a":1}]}"#
        case 1:
            pointer = "/data/0/rows"
            text = #"{"data":[{"rows":"# + array(elements(), &generator) + "}]}"
        case 2:
            text = array(elements(), &generator) + "\n" + array(elements(), &generator)
        default:
            text = array(elements(), &generator)
        }
        // A mistake in the array itself, now and then, near its end.
        switch pick(8) {
        case 0:
            if let last = text.range(of: "}", options: .backwards) { text.replaceSubrange(last, with: "} {}") }
        case 1:
            if let last = text.range(of: "]", options: .backwards) { text.replaceSubrange(last, with: "}") }
        case 2:
            if let last = text.range(of: "]", options: .backwards) { text.replaceSubrange(last, with: ",]") }
        case 3:
            text = String(text.dropLast(1 + pick(30)))
        default:
            break
        }
        return (pick(4) == 0 ? "\u{FEFF}" + text : text, pointer)
    }

    struct Outcome: Equatable {
        var hits: [String]
        var diagnostics: [String]
        var statistics: String
        var readings: [String]
    }

    static func search(_ query: String, path: String, pointer: String?, blocks: ArrayBlockTuning?) throws -> Outcome {
        let registry = try KindRegistry([noteKind()])
        var options = SearchOptions(limit: 1000, maxLineBytes: Self.cap)
        options.reading.records = pointer.map { RecordsPointer(tokens: ["data", "0", "rows"], description: $0) }
        if let blocks { options.arrayBlocks = blocks }
        var diagnostics = PrintedDiagnostics()
        let result = try SearchEngine.search(
            sources: [DataSource.path(path)], query: try QueryParser().parse(query), options: options,
            registry: registry
        ) { diagnostics.add($0) }
        return Outcome(
            hits: result.hits.map { "\($0.row.name) @\($0.record.location.line)" },
            diagnostics: diagnostics.lines, statistics: "\(result.statistics)",
            readings: result.readings.map { "\($0.summary): \($0.recordCount)" })
    }

    @Test(arguments: 0..<40)
    func blocksOnEveryCoreFindWhatTheReaderInOrderFinds(seed: Int) throws {
        let (text, pointer) = Self.document(seed: UInt64(seed))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("array-\(UUID().uuidString).json")
            .path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let query = ["tea", "", "coffee -green", "planet", "herbal nested", "茶", "qzv", "deep"][seed % 8]
        let inOrder = try Self.search(query, path: path, pointer: pointer, blocks: nil)
        #expect(!inOrder.diagnostics.isEmpty)
        for (blockSize, elements) in [(1, 1), (50, 3), (700, 64), (1 << 16, 1 << 16)] {
            let blocks = ArrayBlockTuning(
                workers: 1 + (seed + blockSize) % 3, blockSize: blockSize, blockElements: elements, minimumBytes: 0,
                reading: .mapped)
            let parallel = try Self.search(query, path: path, pointer: pointer, blocks: blocks)
            #expect(parallel == inOrder, "seed \(seed), blocks of \(blockSize) bytes, \(elements) elements")
        }
    }

    /// Ties go to the record met first, whatever route read it: a listing
    /// (every record ties) shows a large NDJSON file read in blocks, or an
    /// array read in blocks, before the file after it, read in order. (A
    /// parallel read numbered its records by their offsets, and the records
    /// read in order after it came first.)
    @Test(arguments: [true, false])
    func tiesKeepInputOrderAcrossRoutes(array: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ties-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let records = (0..<150_000).map { #"{"kind":"note","name":"big \#($0)","body":"padding padding padding"}"# }
        let big = directory.appendingPathComponent(array ? "big.json" : "big.jsonl")
        let text = array ? "[" + records.joined(separator: ",") + "]" : records.joined(separator: "\n")
        try Data(text.utf8).write(to: big)
        // Large enough to be read in blocks.
        #expect(text.utf8.count > 9 << 20)
        let small = directory.appendingPathComponent("small.jsonl")
        try Data((0..<3).map { #"{"kind":"note","name":"small \#($0)"}"# }.joined(separator: "\n").utf8).write(
            to: small)
        var options = SearchOptions(limit: 2)
        options.arrayBlocks = ArrayBlockTuning(workers: 2, reading: .mapped)
        let result = try SearchEngine.search(
            sources: [DataSource.path(big.path), DataSource.path(small.path)], query: try QueryParser().parse(""),
            options: options, registry: try KindRegistry([noteKind()])
        ) { _ in }
        #expect(result.hits.map(\.row.name) == ["big 0", "big 1"])
    }

    /// An array read in blocks is read in blocks indeed: the scan finds its
    /// elements (a test of agreement alone would also pass if it read
    /// nothing and left the reader in order everything).
    @Test func theBlocksReadTheElements() throws {
        var generator = SplitMix64(state: 7)
        let elements = (0..<500).map { index in
            #"{"kind":"note","name":"tea \#(index)","body":"\#(index % 7 == 0 ? "},{" : "x")"}"#
        }
        let text = Self.array(elements, &generator)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("array-\(UUID().uuidString).json")
            .path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let registry = try KindRegistry([noteKind()])
        var session = SearchSession(
            registry: registry, query: try QueryParser().parse("tea"), options: SearchOptions(limit: 10))
        let outcome = session.searchArrayStretch(
            ArrayStretch(
                path: path, file: path, hint: nil, start: 1, first: true, line: 1, lineStart: 0,
                maxElementBytes: 1 << 20),
            sourceIndex: 1, workers: 2, blockSize: 100, reading: .mapped
        ) { _ in }
        let ended = try #require(outcome)
        #expect(ended.elements == 500)
        #expect(ended.arrayEnded)
        #expect(ended.position == text.utf8.count)
        #expect(session.finish().statistics.matched == 500)
    }
}
