import Foundation
import TestSupport
import Testing

@testable import StreamingJSON

@Suite("FlatObjectShapes")
struct FlatObjectShapesTests {
    static let keys = FlatRecordGenerator.keys + ["missing", "kind"]

    /// What `FlatObjectShapes.scan` says of each line in turn, against what
    /// `scanFlat` says; the first few disagreements.
    /// With `plainASCII`, `scanPlainASCII` is asked instead of `scan`
    /// (the lines must then hold no byte from 0x80 and no backslash).
    static func disagreements(
        _ lines: [[UInt8]], shapes: inout FlatObjectShapes, plainASCII: Bool = false
    ) -> [String] {
        var problems: [String] = []
        var fromShapes: [JSONFieldScanner.RawValue] = []
        var fromScanner: [JSONFieldScanner.RawValue] = [.absent]
        for line in lines {
            let (a, b) = line.withUnsafeBytes {
                (
                    plainASCII ? shapes.scanPlainASCII($0, into: &fromShapes) : shapes.scan($0, into: &fromShapes),
                    shapes.scanner.scanFlat($0, into: &fromScanner)
                )
            }
            if a != b || fromShapes != fromScanner {
                problems.append("\(String(decoding: line, as: UTF8.self).debugDescription): \(a) \(b)")
            }
        }
        return Array(problems.prefix(3))
    }

    /// What `FlatObjectShapes.parseObject` makes of each line in turn,
    /// against what `JSONParser` makes of it; the first few disagreements.
    /// A line it declines is parsed by the caller, so only a line it takes
    /// can disagree. Also returns how many it took.
    /// With `reuse`, one member buffer is refilled line after line, as the
    /// search does, and every fifth object taken is kept (its buffer is then
    /// shared when the next line is parsed).
    static func objectDisagreements(
        _ lines: [[UInt8]], shapes: inout FlatObjectShapes, reuse: Bool = false
    ) -> ([String], Int) {
        var problems: [String] = []
        var taken = 0
        var values: [JSONFieldScanner.RawValue] = []
        var spans: [FlatObjectShapes.MemberSpan] = []
        var storage = ReusedMembers()
        var kept: [(JSONObject, [UInt8])] = []
        let cache = ShortStringCache()
        for line in lines {
            let object = line.withUnsafeBytes {
                reuse
                    ? shapes.parseObject($0, values: &values, spans: &spans, cache: cache, reusing: &storage)
                    : shapes.parseObject($0, values: &values, spans: &spans, cache: cache)
            }
            guard let object else { continue }
            if reuse, taken % 5 == 0 { kept.append((object, line)) }
            taken += 1
            if case .success(.object(object)) = parseResult(line) { continue }
            problems.append("\(String(decoding: line, as: UTF8.self).debugDescription): \(object)")
        }
        for (object, line) in kept {
            if case .success(.object(object)) = parseResult(line) { continue }
            problems.append("kept: \(String(decoding: line, as: UTF8.self).debugDescription): \(object)")
        }
        return (Array(problems.prefix(3)), taken)
    }

    /// Lines of a few fixed layouts with random values, as one producer
    /// writes them, some damaged.
    static func producerLines(count: Int, damage: Bool, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix64(state: seed)
        let layouts: [[String]] = [
            // The first two part only at the end, as domain lines do.
            ["kind", "name", "price", "rank"], ["kind", "name", "price"], ["kind", "suit", "rank", "name", "k"],
            ["name", "kind"],
            ["kind", "a longer key than eight", "", "kind"],
        ]
        let kinds = ["card", "domain", "product", "a kind longer than twenty-four bytes"]
        let values = [
            "null", "true", "false", "0", "-1.5e3", "12", #""""#, #""Queen of Hearts""#, #""coffee""#,
            #""x/y {[,:]} ""#, #""a much longer value that takes more than one word""#,
        ]
        var lines: [[UInt8]] = []
        for _ in 0..<count {
            let layout = layouts[Int.random(in: 0..<layouts.count, using: &random)]
            let kind = kinds[Int.random(in: 0..<kinds.count, using: &random)]
            let members = layout.map { key in
                let value = key == "kind" ? "\"\(kind)\"" : values[Int.random(in: 0..<values.count, using: &random)]
                return "\"\(key)\":\(value)"
            }
            var bytes = Array(("{" + members.joined(separator: ",") + "}").utf8)
            if damage, Int.random(in: 0..<4, using: &random) == 0 {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(UInt8.random(in: 0...255, using: &random), at: at)
                case 2: bytes[at] = UInt8.random(in: 0...255, using: &random)
                default: bytes = Array(bytes[..<at])
                }
            }
            lines.append(bytes)
        }
        return lines
    }

    @Test("lines of a few layouts: scanFlat's answers and values, mostly from learned shapes")
    func producerLayouts() {
        var shapes = FlatObjectShapes(scanner: JSONFieldScanner(keys: Self.keys))
        let lines = Self.producerLines(count: 3_000, damage: false, seed: 1)
        #expect(Self.disagreements(lines, shapes: &shapes) == [])
        // The shapes did the work: only the first line of each layout and
        // kind (and value of the first member) needed scanFlat.
        #expect(shapes.matched > 2_500)
    }

    @Test("damaged lines among them: scanFlat's answers, never a damaged line taken")
    func damagedLayouts() {
        var shapes = FlatObjectShapes(scanner: JSONFieldScanner(keys: Self.keys))
        let lines = Self.producerLines(count: 6_000, damage: true, seed: 2)
        #expect(Self.disagreements(lines, shapes: &shapes) == [])
        #expect(shapes.matched > 2_000)
        var rejected = 0
        for line in lines { if case .failure = parseResult(line) { rejected += 1 } }
        #expect(rejected > 500)
    }

    @Test("lines of random layouts, and every input of the scanner's tests: scanFlat's answers")
    func randomLayouts() throws {
        var generator = FlatRecordGenerator(random: SplitMix64(state: 3))
        var lines = (0..<3_000).map { _ in Array(generator.record().utf8) }
        lines += JSONParserTests.accepted.map(\.input) + JSONParserTests.rejected.map(\.input)
        lines += try FuzzRegressionTests.inputs().map(\.1)
        var shapes = FlatObjectShapes(scanner: JSONFieldScanner(keys: Self.keys))
        #expect(Self.disagreements(lines + lines, shapes: &shapes) == [])
    }

    @Test("objects parsed from shapes are the parser's, every member in order, and no damaged line is taken")
    func parsedObjects() throws {
        var shapes = FlatObjectShapes(scanner: JSONFieldScanner(keys: ["kind"]))
        let plain = Self.producerLines(count: 3_000, damage: false, seed: 4)
        let (problems, taken) = Self.objectDisagreements(plain, shapes: &shapes)
        #expect(problems == [])
        #expect(taken == plain.count)  // Learning a line's shape parses it too.
        #expect(shapes.matched > 2_500)

        let damaged = Self.producerLines(count: 6_000, damage: true, seed: 5)
        #expect(Self.objectDisagreements(damaged, shapes: &shapes).0 == [])

        var generator = FlatRecordGenerator(random: SplitMix64(state: 6))
        var lines = (0..<3_000).map { _ in Array(generator.record().utf8) }
        lines += JSONParserTests.accepted.map(\.input) + JSONParserTests.rejected.map(\.input)
        lines += try FuzzRegressionTests.inputs().map(\.1)
        lines += [#"{"a":1,"a":2}"#, #" { "k" : "v" , "k2":null } "#, #"{}"#].map { Array($0.utf8) }
        var fresh = FlatObjectShapes(scanner: JSONFieldScanner(keys: ["kind"]))
        let (randomProblems, randomTaken) = Self.objectDisagreements(lines + lines, shapes: &fresh)
        #expect(randomProblems == [])
        #expect(randomTaken > 3_000)

        // The same, with one member buffer refilled line after line.
        var reusing = FlatObjectShapes(scanner: JSONFieldScanner(keys: ["kind"]))
        #expect(Self.objectDisagreements(plain + damaged, shapes: &reusing, reuse: true).0 == [])
        var reusingRandom = FlatObjectShapes(scanner: JSONFieldScanner(keys: ["kind"]))
        let (reusedProblems, reusedTaken) = Self.objectDisagreements(lines + lines, shapes: &reusingRandom, reuse: true)
        #expect(reusedProblems == [])
        #expect(reusedTaken == randomTaken)
    }

    @Test("refill: the members spans name, as made one by one, over buffers of every length, shared or not")
    func refill() {
        // Keys held in place and keys with storage of their own, some equal
        // in value but not in bits, and one equivalent to an ASCII key.
        let keys = [
            "kind", "name", "price", "", "a description longer than fifteen", "caf\u{E9}", "cafe\u{301}",
            "\u{212A}ind", "Kind", String(repeating: "k", count: 15), String(repeating: "k", count: 16),
            String("kind".reversed().reversed()), "a description longer than fifteen".uppercased().lowercased(),
        ]
        let values: [JSONValue] = [
            .null, .bool(true), .number("1"), .string("short"), .string(String(repeating: "long ", count: 9)),
            .number("12345678901234567890"), .string(""),
        ]
        var random = SplitMix64(state: 21)
        var storage = ReusedMembers()
        // Arrays that share the buffer, each with a copy of its own made then.
        var kept: [([JSONObject.Member], [JSONObject.Member])] = []
        var spans = [FlatObjectShapes.MemberSpan](
            repeating: FlatObjectShapes.MemberSpan(key: 0, value: .absent), count: 24)
        var problems = 0
        for round in 0..<4_000 {
            let count = Int.random(in: 0...spans.count, using: &random)
            var expected: [JSONObject.Member] = []
            var picked: [JSONValue] = []
            for index in 0..<count {
                // Mostly the keys of the round before, as lines of one shape.
                if round == 0 || Int.random(in: 0..<4, using: &random) == 0 {
                    spans[index].key = Int.random(in: keys.indices, using: &random)
                }
                let value = values.randomElement(using: &random)!
                picked.append(value)
                expected.append(JSONObject.Member(key: keys[spans[index].key], value: value))
            }
            if Int.random(in: 0..<6, using: &random) == 0 { kept.append((storage.members, storage.members.map { $0 })) }
            var next = 0
            spans.withUnsafeMutableBufferPointer { spans in
                keys.withUnsafeBufferPointer { keys in
                    let these = UnsafeMutableBufferPointer(rebasing: spans[..<count])
                    FlatObjectShapes.refill(&storage, keys: keys, spans: these) { _ in
                        defer { next += 1 }
                        return (picked[next], picked[next].holdsNoReference)
                    }
                }
            }
            // Keys compared by their bytes: `==` takes equivalent strings as equal.
            if storage.members != expected
                || zip(storage.members, expected).contains(where: { !$0.key.utf8.elementsEqual($1.key.utf8) })
            {
                problems += 1
            }
        }
        // No buffer that something else held was written.
        for (shared, copy) in kept where shared != copy { problems += 1 }
        #expect(problems == 0)
        #expect(kept.count > 400)
    }

    #if os(Linux)
        /// `refill` writes over the values it knows hold no reference without
        /// releasing them: were it wrong about one that does, its storage
        /// would never be freed. Lines whose values of 256 KB and short ones
        /// take each other's places, with their keys, some of them kept a
        /// while: the resident memory after 10,000 of them is what it was
        /// before, give or take 24 MB (a leak of one such value in a hundred
        /// would add about 38 MB; of every one, 3.8 GB). The margin is the
        /// process's: other suites run beside this one and allocate too (8.5
        /// MB in one CI run), so the values are large enough for a leak to
        /// stand well above that.
        @Test("refill: every value written over is let go: the heap does not grow with the lines")
        func refillLetsGoOfWhatItWritesOver() {
            let keys = ["kind", "name", "description", "a key longer than fifteen bytes"]
            let long = String(repeating: "k", count: 256 << 10)
            var storage = ReusedMembers()
            var spans = [FlatObjectShapes.MemberSpan](
                repeating: FlatObjectShapes.MemberSpan(key: 0, value: .absent), count: 6)
            var random = SplitMix64(state: 7)
            var kept: [JSONObject] = []
            func lines(_ count: Int) {
                for _ in 0..<count {
                    let width = Int.random(in: 0...spans.count, using: &random)
                    var picked: [JSONValue] = []
                    for index in 0..<width {
                        spans[index].key = Int.random(in: keys.indices, using: &random)
                        switch Int.random(in: 0..<4, using: &random) {
                        case 0: picked.append(.string(long + String(index)))
                        case 1: picked.append(.number(long))
                        case 2: picked.append(.string("short"))
                        default: picked.append(.null)
                        }
                    }
                    var next = 0
                    spans.withUnsafeMutableBufferPointer { spans in
                        keys.withUnsafeBufferPointer { keys in
                            FlatObjectShapes.refill(
                                &storage, keys: keys, spans: UnsafeMutableBufferPointer(rebasing: spans[..<width])
                            ) { _ in
                                defer { next += 1 }
                                return (picked[next], picked[next].holdsNoReference)
                            }
                        }
                    }
                    // An object that outlives the next lines, as a kept hit does.
                    if Int.random(in: 0..<10, using: &random) == 0 { kept.append(JSONObject(storage.members)) }
                    if kept.count > 4 { kept.removeFirst() }
                }
            }
            lines(1_000)
            let before = Self.residentBytes()
            lines(10_000)
            let after = Self.residentBytes()
            #expect(after <= before + 24 << 20, "\(after - before) more bytes resident")
        }

        /// The process's resident memory, from `/proc/self/statm`.
        static func residentBytes() -> Int {
            let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ")
            return (fields.flatMap { $0.count > 1 ? Int($0[1]) : nil } ?? 0) * Int(getpagesize())
        }
    #endif

    /// Whether a line holds no byte from 0x80 and no backslash, as every
    /// line the prefilter rules out.
    static func isPlainASCII(_ line: [UInt8]) -> Bool {
        line.allSatisfy { $0 < 0x80 && $0 != 0x5C }
    }

    @Test("scanPlainASCII on lines without bytes from 0x80 or backslashes: scanFlat's answers and values")
    func plainASCIILines() throws {
        // Random, damaged and every test input of the scanner, those that
        // hold no byte from 0x80 and no backslash, each seen twice.
        var lines = Self.producerLines(count: 6_000, damage: true, seed: 7)
        var generator = FlatRecordGenerator(random: SplitMix64(state: 8))
        lines += (0..<3_000).map { _ in Array(generator.record().utf8) }
        lines += JSONParserTests.accepted.map(\.input) + JSONParserTests.rejected.map(\.input)
        lines += try FuzzRegressionTests.inputs().map(\.1)
        lines = lines.filter(Self.isPlainASCII)
        var shapes = FlatObjectShapes(scanner: JSONFieldScanner(keys: Self.keys))
        #expect(Self.disagreements(lines + lines, shapes: &shapes, plainASCII: true) == [])
        #expect(shapes.matched > 4_000)
    }

    @Test("scanPlainASCII: control bytes and missing quotes at every place of strings short and long")
    func plainASCIIStringEnds() {
        var shapes = FlatObjectShapes(scanner: JSONFieldScanner(keys: ["kind", "s", "n"]))
        var random = SplitMix64(state: 9)
        var lines: [[UInt8]] = []
        for length in 0..<48 {
            let text = (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
                .map { $0 == 0x22 || $0 == 0x5C ? UInt8(0x61) : $0 }
            let learned = Array(#"{"kind":"card","s":""#.utf8) + text + Array(#"","n":1}"#.utf8)
            lines.append(learned)
            // A control byte, a quote, or the end of the line at every place
            // of the string, so that the string ends early, is cut, or runs on.
            for at in 0...length {
                for byte: UInt8 in [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x22, 0x7F] {
                    var line = learned
                    line[20 + min(at, length)] = byte
                    lines.append(line)
                }
                lines.append(Array(learned[..<(20 + at)]))
            }
        }
        #expect(lines.allSatisfy(Self.isPlainASCII))
        #expect(Self.disagreements(lines, shapes: &shapes, plainASCII: true) == [])
        #expect(shapes.matched > 1_000)
    }

    @Test("the plain walk's number end is the grammar's, on number-like texts cut at every place")
    func plainNumberEnds() {
        var random = SplitMix64(state: 12)
        let alphabet = Array("-+0123456789.eE x,}".utf8)
        var texts: [[UInt8]] = ["0", "-0", "01", "-", "1.", "1.5", "1e", "1e+", "1E-5", "-1.5e3", "1.e3", "00"]
            .map { Array($0.utf8) }
        for _ in 0..<20_000 {
            let length = 1 + Int(random.next() % 12)
            var text = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            // A number starts with a minus or a digit.
            if text[0] != 0x2D && !(0x30...0x39).contains(text[0]) { text[0] = 0x31 }
            texts.append(text)
        }
        var problems: [String] = []
        for text in texts {
            for count in 1...text.count {
                let (scalar, kind) = JSONFieldScanner.endOfPlainScalar(text.span.extracting(0..<count), at: 0)
                let walked = text.withUnsafeBufferPointer {
                    FlatObjectShapes.endOfNumber($0.baseAddress!, at: 0, count: count)
                }
                if kind != .number || walked != scalar {
                    problems.append("\(String(decoding: text[..<count], as: UTF8.self)): \(walked) \(scalar)")
                }
            }
        }
        #expect(Array(problems.prefix(3)) == [])
    }

    @Test("the plain walk's number end is the grammar's, with every byte after a number's integer and fraction")
    func plainNumberEndsInOneWord() {
        // Integers and fractions of every length up to a word and past it,
        // followed by each byte that borders the digits or may go on a
        // number (`/`, `:`, `.`, `e`, `E`, a byte from 0x80...), then more.
        let after: [UInt8] = [
            0x00, 0x20, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F, 0x30, 0x39, 0x3A, 0x45, 0x65, 0x7D, 0x80, 0xB9, 0xFF,
        ]
        var texts: [[UInt8]] = []
        for first in ["0", "1", "9", "-", "00", "10"] {
            for integer in 0..<9 {
                let whole = Array(first.utf8) + Array(repeating: UInt8(ascii: "7"), count: integer)
                for stop in after {
                    texts.append(whole + [stop] + Array("1,}xxxxxxxxx".utf8))
                    for fraction in 0..<9 {
                        let number = whole + [0x2E] + Array(repeating: UInt8(ascii: "3"), count: fraction)
                        texts.append(number + [stop] + Array("1,}xxxxxxxxx".utf8))
                    }
                }
            }
        }
        var problems: [String] = []
        for text in texts {
            for count in 1...text.count {
                let (scalar, kind) = JSONFieldScanner.endOfPlainScalar(text.span.extracting(0..<count), at: 0)
                let walked = text.withUnsafeBufferPointer {
                    FlatObjectShapes.endOfNumber($0.baseAddress!, at: 0, count: count)
                }
                if kind != .number || walked != scalar {
                    problems.append("\(text[..<count]): \(walked) \(scalar)")
                }
            }
        }
        #expect(Array(problems.prefix(3)) == [])
    }

    @Test("scanPlainASCII over gaps of every length, numbers, literals and strings at the line's end, damaged")
    func plainASCIIGapsAndValues() {
        var random = SplitMix64(state: 13)
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        // Keys from one to 25 bytes: gaps of 5 to 29 bytes, either side of the two-word compare.
        let keys = (1...25).map { String(repeating: "k", count: $0 - 1) + "\($0 % 10)" }
        let values = [
            "0", "-0", "12", "-1.5e3", "1E+5", "0.5", "true", "null", "false", "tru", "nul", "truex", "nullx",
            #""""#, #""x""#, #""a string of sixteen""#, "01", "1.", "-",
        ]
        var matched = 0
        // Each key's lines with shapes of their own, so that damaged lines
        // that are still valid (and teach shapes) never make them give up.
        for key in keys {
            // Selectors of 14 and 17 bytes, and of the first gap alone (a long first value).
            let kind = ["card", "product", "a kind longer than twenty-four bytes"][key.count % 3]
            var lines: [[UInt8]] = []
            for _ in 0..<300 {
                let last = String(repeating: "s", count: Int(random.next() % 40))
                var line = Array(#"{"kind":"\#(kind)","\#(key)":\#(pick(values)),"s":"\#(last)"}"#.utf8)
                if random.next() % 3 == 0 {
                    let at = Int(random.next() % UInt64(line.count))
                    switch random.next() % 3 {
                    case 0: line[at] = pick([0x00, 0x09, 0x1F, 0x22, 0x20, 0x7F, 0x2C, 0x3A, 0x7D, 0x30, 0x65])
                    case 1: line.remove(at: at)
                    default: line = Array(line[..<at])
                    }
                }
                lines.append(line)
            }
            // Every byte of a learned line changed in turn, an intact line between.
            let learned = Array(#"{"kind":"\#(kind)","\#(key)":12,"s":"x"}"#.utf8)
            for at in learned.indices {
                var line = learned
                line[at] = line[at] == 0x23 ? 0x24 : 0x23
                lines += [learned, line]
            }
            #expect(lines.allSatisfy(Self.isPlainASCII))
            var shapes = FlatObjectShapes(scanner: JSONFieldScanner(keys: ["kind", "s", key]))
            #expect(Self.disagreements(lines, shapes: &shapes, plainASCII: true) == [], "\(key)")
            matched += shapes.matched
        }
        #expect(matched > 25 * 150)
        // Short lines, below sixteen bytes, and a first value that is not a string.
        let short = [#"{"k":1}"#, #"{"k":"ab"}"#, #"{"k":"a"#, #"{"k":tru}"#, #"{"k":null}"#, #"{"kind":7,"s":"x"}"#]
            .map { Array($0.utf8) }
        var shapes = FlatObjectShapes(scanner: JSONFieldScanner(keys: ["kind", "s", "k"]))
        #expect(Self.disagreements(short + short, shapes: &shapes, plainASCII: true) == [])
    }

    @Test("scanPlainASCII over gaps of one to seven bytes: every byte of learned lines changed, and cut, in turn")
    func plainASCIIShortGaps() {
        // Short gaps in the middle (`,"a":`, `, "b":`) and at the end
        // (`}`, `"}`, ` }`), compared as one word loaded to their end;
        // and lines that end before eight bytes after such a gap.
        let learned = [
            #"{"kind":"card","a":1,"b":"xy"}"#, #"{"kind":"card","a":12, "b":true }"#, #"{"k":12}"#,
            #"{"k":"abc"}"#, #"{"a":1,"b":2,"c":3}"#, #"{"a":-1.5, "k":null,"c":"q"}"#,
        ].map { Array($0.utf8) }
        var lines: [[UInt8]] = []
        for line in learned {
            lines.append(line)
            for at in line.indices {
                for byte: UInt8 in [0x00, 0x09, 0x20, 0x22, 0x2C, 0x30, 0x3A, 0x61, 0x7D] where byte != line[at] {
                    var changed = line
                    changed[at] = byte
                    lines += [changed, line]
                }
                lines += [Array(line[..<at]), line]
                var removed = line
                removed.remove(at: at)
                lines += [removed, line]
            }
        }
        // Shorter than eight bytes, after learned lines of the same shape.
        lines += [#"{"k":1}"#, #"{"a":1}"#, #"{"k":""}"#, #"{"k":1} "#, #"{}"#].map { Array($0.utf8) }
        #expect(lines.allSatisfy(Self.isPlainASCII))
        var shapes = FlatObjectShapes(scanner: JSONFieldScanner(keys: ["kind", "b", "k", "c"]))
        #expect(Self.disagreements(lines + lines, shapes: &shapes, plainASCII: true) == [])
        #expect(shapes.matched > lines.count / 2)
    }

    @Test("two shapes of one selector, the rarer learned first: the walk reorders them, with scanFlat's answers")
    func shapesOfOneSelector() {
        // As domain lines with and without their last member: the shape
        // learned first is the rarer one, so most lines part from it until
        // the other is selected first; damaged lines of both among them.
        var random = SplitMix64(state: 14)
        var lines: [[UInt8]] = [Array(#"{"kind":"domain","name":"a.com"}"#.utf8)]
        for index in 0..<4_000 {
            let name = String(repeating: "n", count: Int(random.next() % 20))
            var line =
                random.next() % 4 == 0
                ? Array(#"{"kind":"domain","name":"\#(name)"}"#.utf8)
                : Array(#"{"kind":"domain","name":"\#(name)","hsts":\#(index % 2 == 0 ? "true" : "false")}"#.utf8)
            if random.next() % 8 == 0 {
                let at = Int(random.next() % UInt64(line.count))
                line[at] = [0x00, 0x22, 0x2C, 0x7D, 0x61][Int(random.next() % 5)]
            }
            lines.append(line)
        }
        // More shapes of that selector than are kept, so that they are
        // forgotten and learned again while being reordered.
        for round in 0..<3 {
            for extra in 0..<20 {
                lines.append(Array(#"{"kind":"domain","name":"x","m\#(extra)":\#(round)}"#.utf8))
                lines.append(Array(#"{"kind":"domain","name":"y","hsts":true}"#.utf8))
            }
        }
        #expect(lines.allSatisfy(Self.isPlainASCII))
        for plainASCII in [false, true] {
            var shapes = FlatObjectShapes(scanner: JSONFieldScanner(keys: ["kind", "name", "hsts"]))
            #expect(Self.disagreements(lines, shapes: &shapes, plainASCII: plainASCII) == [])
            #expect(shapes.matched > 3_000)
        }
        var shapes = FlatObjectShapes(scanner: JSONFieldScanner(keys: ["kind", "name", "hsts"]))
        let (problems, taken) = Self.objectDisagreements(lines, shapes: &shapes, reuse: true)
        #expect(problems == [])
        #expect(taken > 3_000)
    }

    @Test("a line like a learned one but for a value that is not a plain scalar is not taken")
    func valueKinds() {
        var shapes = FlatObjectShapes(scanner: JSONFieldScanner(keys: ["kind", "n"]))
        let learned = Array(#"{"kind":"card","n":12,"s":"x"}"#.utf8)
        let others = [
            #"{"kind":"card","n":[1],"s":"x"}"#, #"{"kind":"card","n":"é","s":"x"}"#,
            #"{"kind":"card","n":"a\"b","s":"x"}"#, #"{"kind":"card","n":12,"s":"x"} x"#,
            #"{"kind":"card","n":12,"s":"x""#, #"{"kind":"card","n":012,"s":"x"}"#,
            #"{"kind":"card","n":tru,"s":"x"}"#, #"{"kind":"card","n":null,"s":"x"}"#,
        ].map { Array($0.utf8) }
        #expect(Self.disagreements([learned] + others, shapes: &shapes) == [])
        #expect(shapes.matched == 1)  // Only the last: null is a plain scalar.
    }
}
