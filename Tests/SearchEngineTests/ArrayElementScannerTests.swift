import Foundation
import ResultKit
import SearchEngine
import TestSupport
import Testing

/// The scan that cuts a JSON array into its elements: the vector scan and
/// the plain one find the same elements and stop at the same place, however
/// the bytes come; they find exactly the elements the reader in order hands
/// over; and they stop, unsure, at everything the reader must judge.
@Suite struct ArrayElementScannerTests {
    struct Scan: Equatable {
        var elements: [String]
        var stop: ArrayElementScanner.Stop
        var resume: Int
        var resumesAtFirst: Bool
        /// Past the `]` when the array ended.
        var end: Int?
    }

    /// Scans `text` (an array's bytes; the scan starts past its `[`), given
    /// in pieces of `pieces` bytes, until a stop other than `more` or the
    /// end of the text, with room for `capacity` elements per call.
    static func scan(
        _ text: [UInt8], vector: Bool, pieces: Int = .max, capacity: Int = 1 << 16, limit: Int = .max,
        maxElementBytes: Int = .max
    ) -> Scan {
        let start = (text.firstIndex(of: UInt8(ascii: "[")) ?? 0) + 1
        var scanner = ArrayElementScanner(at: start, first: true, vector: vector)
        var found: [Int] = []
        var stop = ArrayElementScanner.Stop.more
        let bytes = text.span
        while scanner.position < bytes.count || stop == .block {
            let base = scanner.position
            let end = pieces == .max ? bytes.count : min(bytes.count, base + pieces)
            stop = scanner.scan(
                bytes.extracting(base..<end), base: base, limit: limit, maxElementBytes: maxElementBytes,
                capacity: capacity, into: &found)
            if stop == .end || stop == .unsure { break }
        }
        let elements = stride(from: 0, to: found.count, by: 2).map { index in
            String(decoding: text[found[index]..<found[index + 1]], as: UTF8.self)
        }
        return Scan(
            elements: elements, stop: stop, resume: scanner.resume, resumesAtFirst: scanner.resumesAtFirst,
            end: stop == .end ? scanner.position : nil)
    }

    /// Bytes that make the scan's life hard: runs of backslashes of every
    /// length, quotes, brackets of both kinds, commas, white space, CJK.
    static func hardText(_ generator: inout SplitMix64, count: Int) -> [UInt8] {
        func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        let pieces: [String] = [
            "{", "}", "[", "]", "\"", ",", " ", "\n", "\r\n", "\t", "a", "tea", "é", "茶", #"\"#, #"\\"#, #"\""#,
            #"\\\"#, "{\"k\":\"", "\"}", "},{", "1", "null",
        ]
        var text: [UInt8] = Array("[".utf8)
        while text.count < count { text += Array(pieces[pick(pieces.count)].utf8) }
        return text
    }

    /// A valid array of records whose strings are full of what a scan must
    /// skip: brackets, commas, quotes and backslashes, escapes, runs of
    /// backslashes across 64-byte boundaries.
    static func records(_ generator: inout SplitMix64) -> (text: [UInt8], elements: [String]) {
        func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        var elements: [String] = []
        for index in 0..<(1 + pick(60)) {
            var string = ""
            for _ in 0..<pick(12) {
                string +=
                    [
                        "tea", "]", "},{", #"\""#, String(repeating: #"\\"#, count: 1 + pick(40)), #"\u00e9"#, "茶",
                        "[{", " ", ",", #"\n"#,
                    ][pick(11)]
            }
            let padding = String(repeating: "x", count: pick(70))
            let element =
                pick(4) == 0
                ? #"[\#(index),"\#(string)",{"a":[]}]"# : #"{"kind":"note","name":"\#(string)","pad":"\#(padding)"}"#
            elements.append(element)
        }
        let separators = [",", " , ", ",\n  ", ",\r\n", "\t,"]
        var text = "[" + (pick(2) == 0 ? " " : "")
        for (index, element) in elements.enumerated() {
            if index > 0 { text += separators[pick(separators.count)] }
            text += element
        }
        text += pick(2) == 0 ? "]" : "\n]\n"
        return (Array(text.utf8), elements)
    }

    @Test(arguments: 0..<200)
    func theVectorScanAndThePlainOneAgree(seed: Int) {
        var generator = SplitMix64(state: UInt64(seed))
        let text =
            seed % 2 == 0
            ? Self.records(&generator).text : Self.hardText(&generator, count: 1 + Int(generator.next() % 3000))
        let plain = Self.scan(text, vector: false)
        for pieces in [.max, 1, 7, 64, 65, 200] {
            for (capacity, limit) in [(1 << 16, Int.max), (1, Int.max), (3, 100)] {
                let vector = Self.scan(text, vector: true, pieces: pieces, capacity: capacity, limit: limit)
                let piecewise = Self.scan(text, vector: false, pieces: pieces, capacity: capacity, limit: limit)
                #expect(vector == plain, "seed \(seed), pieces of \(pieces), \(capacity) per call")
                #expect(piecewise == plain, "seed \(seed), pieces of \(pieces), \(capacity) per call")
            }
        }
        for cap in [1, 30, 64, 65, 129, 500] {
            #expect(
                Self.scan(text, vector: true, maxElementBytes: cap)
                    == Self.scan(text, vector: false, maxElementBytes: cap),
                "seed \(seed), cap \(cap)")
        }
    }

    /// The elements the reader in order hands over, as text.
    static func elementsInOrder(of text: [UInt8]) throws -> [String] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString).json")
        try Data(text).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        var elements: [String] = []
        RecordReader(registry: try KindRegistry([noteKind()])).read(
            .path(path.path), record: { _ in },
            lines: { line in elements.append(String(decoding: line.bytes, as: UTF8.self)) }, diagnose: { _ in })
        return elements
    }

    @Test(arguments: 0..<60)
    func theScanFindsWhatTheReaderInOrderHandsOver(seed: Int) throws {
        var generator = SplitMix64(state: UInt64(seed) + 1000)
        let (text, elements) = Self.records(&generator)
        let scanned = Self.scan(text, vector: ArrayElementScanner.vectorAvailable)
        #expect(scanned.stop == .end)
        #expect(scanned.end == text.lastIndex(of: UInt8(ascii: "]"))! + 1)
        #expect(scanned.elements == elements)
        #expect(try Self.elementsInOrder(of: text) == elements)
    }

    /// Where the reader in order has something to judge, the scan stops
    /// past the last element it is sure of.
    @Test(arguments: [
        (#"[{"a":1},2]"#, [#"{"a":1}"#, "2"], ArrayElementScanner.Stop.end),
        (#"[1 2]"#, ["1"], .unsure),
        (#"[1:2]"#, [], .unsure),
        (#"[null,tru"e"]"#, ["null"], .unsure),
        (#"[-1.5e+3,false , "a \" ] \\",{}]"#, ["-1.5e+3", "false", #""a \" ] \\""#, "{}"], .end),
        ("[" + String(repeating: "1", count: 64) + "]", [String(repeating: "1", count: 64)], .end),
        ("[" + String(repeating: "1", count: 65) + "]", [], .unsure),
        (#"[{"a":1},}]"#, [#"{"a":1}"#], .unsure),
        (#"[{"a":1} {"b":2}]"#, [#"{"a":1}"#], .unsure),
        (#"[{"a":1},]"#, [#"{"a":1}"#], .unsure),
        (#"[,{"a":1}]"#, [], .unsure),
        (#"[{"a":1},,{"b":2}]"#, [#"{"a":1}"#], .unsure),
        (#"[{"a":1},{"b":[2}]"#, [#"{"a":1}"#], .unsure),
        (#"[{"a":1},{"b":\"x"}]"#, [#"{"a":1}"#], .unsure),
        (#"[{"a":1},"text"]"#, [#"{"a":1}"#, #""text""#], .end),
        (#"[{"a":1},{"b":"#, [#"{"a":1}"#], .more),
        (#"[{"a":1}}]"#, [#"{"a":1}"#], .unsure),
        (#"[ ]"#, [], .end),
        ("[\r\n\t{\"a\":\"]},{\\\"\"} ,\n[[],{}]\n]", [#"{"a":"]},{\""}"#, "[[],{}]"], .end),
        (#"[{"a":"\\"},{"b":"\\\""}]"#, [#"{"a":"\\"}"#, #"{"b":"\\\""}"#], .end),
    ])
    func theScanStopsWhereTheReaderMustJudge(text: String, elements: [String], stop: ArrayElementScanner.Stop) {
        for vector in [false, true] {
            let scanned = Self.scan(Array(text.utf8), vector: vector)
            #expect(scanned.elements == elements, "\(text)")
            #expect(scanned.stop == stop, "\(text)")
            // The reader takes over past the last element found.
            #expect(scanned.resume == Self.offset(after: elements, in: text), "\(text)")
            #expect(scanned.resumesAtFirst == elements.isEmpty, "\(text)")
        }
    }

    /// The offset just past the last of `elements` in `text`, or past its `[`.
    static func offset(after elements: [String], in text: String) -> Int {
        var offset = 1
        var rest = text[...]
        for element in elements {
            let range = rest.range(of: element)!
            offset = text.utf8.distance(from: text.startIndex, to: range.upperBound)
            rest = text[range.upperBound...]
        }
        return offset
    }

    /// Nesting deeper than the 64 levels the scan follows, and an element
    /// over the cap, are the reader's.
    @Test func deepNestingAndLongElementsAreTheReaders() {
        let deep = "[" + #"{"a":1},"# + String(repeating: "[", count: 65) + String(repeating: "]", count: 65) + "]"
        let shallow = "[" + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "]"
        let long = #"[{"a":1},{"b":""# + String(repeating: "x", count: 300) + #""}]"#
        for vector in [false, true] {
            #expect(Self.scan(Array(deep.utf8), vector: vector).stop == .unsure)
            #expect(Self.scan(Array(deep.utf8), vector: vector).elements == [#"{"a":1}"#])
            #expect(Self.scan(Array(shallow.utf8), vector: vector).stop == .end)
            let capped = Self.scan(Array(long.utf8), vector: vector, maxElementBytes: 300)
            #expect(capped.stop == .unsure)
            #expect(capped.elements == [#"{"a":1}"#])
            // At the cap exactly, the element is read.
            let exact = Self.scan(Array(long.utf8), vector: vector, maxElementBytes: 308)
            #expect(exact.stop == .end)
            #expect(exact.elements.count == 2)
            #expect(Self.scan(Array(long.utf8), vector: vector, maxElementBytes: 307).stop == .unsure)
        }
    }

    @Test func newlinesAreCountedWithTheLast() {
        for text in ["", "abc", "\n", "a\nb\r\nc", String(repeating: "x\n", count: 100) + "tail"] {
            let bytes = Array(text.utf8)
            let found = ArrayElementScanner.newlines(in: bytes.span)
            #expect(found.count == bytes.filter { $0 == 0x0A }.count)
            #expect(found.last == bytes.lastIndex(of: 0x0A))
        }
    }
}
