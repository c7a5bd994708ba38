import StreamingJSON
import TestSupport
import Testing

/// What a scan says about one input: whether the top level is an object, and
/// the value of each wanted key.
struct ScanOutcome: Equatable, CustomStringConvertible {
    var isObject: Bool
    var values: [JSONValue?]

    var description: String { "object: \(isObject), values: \(values)" }
}

/// Scans `bytes` for `keys`, turning the error into a value for `#expect`.
func scanResult(_ bytes: [UInt8], keys: [String], maxDepth: Int = 512) -> Result<ScanOutcome, JSONParseError> {
    let scanner = JSONFieldScanner(keys: keys, maxDepth: maxDepth)
    var values: [JSONValue?] = [.null]  // Any stale content must be replaced.
    return bytes.withUnsafeBytes { buffer in
        Result { () throws(JSONParseError) -> ScanOutcome in
            let isObject = try scanner.scan(buffer, into: &values)
            return ScanOutcome(isObject: isObject, values: values)
        }
    }
}

/// What the scan must say, worked out from a full parse: the parser's error,
/// or each key looked up with `JSONObject`'s subscript.
func parsedOutcome(_ bytes: [UInt8], keys: [String], maxDepth: Int = 512) -> Result<ScanOutcome, JSONParseError> {
    parseResult(bytes, maxDepth: maxDepth).map { value in
        if case .object(let object) = value {
            return ScanOutcome(isObject: true, values: keys.map { object[$0] })
        }
        return ScanOutcome(isObject: false, values: keys.map { _ in nil })
    }
}

@Suite("JSONFieldScanner")
struct JSONFieldScannerTests {
    /// Keys that the random records use (each stem with a suffix `_0` to
    /// `_6`, decoded), plus `kind`, a key that never occurs and a repeat.
    static let recordKeys: [String] = {
        let stems = ["name", "price", "tags", "névé", "東京", "a\"b", "Ax", "line\nbreak", ""]
        return ["kind", "missing"] + stems.flatMap { stem in (0..<7).map { "\(stem)_\($0)" } } + ["kind"]
    }()

    /// Keys for the fixed tables: every key those inputs use, and one absent.
    static let tableKeys = ["a", "b", "", "\u{0}", "k\n", "absent"]

    @Test("accepts what the parser accepts, with the parser's values", arguments: JSONParserTests.accepted)
    func accepts(_ testCase: AcceptCase) {
        let outcome = scanResult(testCase.input, keys: Self.tableKeys)
        #expect(outcome == parsedOutcome(testCase.input, keys: Self.tableKeys))
        guard case .success(let scanned) = outcome else { return }
        if case .object(let object) = testCase.expected {
            #expect(scanned.isObject)
            #expect(scanned.values == Self.tableKeys.map { object[$0] })
        } else {
            #expect(!scanned.isObject)
            #expect(scanned.values.allSatisfy { $0 == nil })
        }
    }

    @Test("rejects what the parser rejects, at the same offset and reason", arguments: JSONParserTests.rejected)
    func rejects(_ testCase: RejectCase) {
        let expected = JSONParseError(offset: testCase.offset, reason: testCase.reason)
        #expect(scanResult(testCase.input, keys: Self.tableKeys) == .failure(expected))
        #expect(scanResult(testCase.input, keys: []) == .failure(expected))
    }

    @Test("rejects invalid UTF-8 as the parser does", arguments: JSONParserTests.invalidUTF8)
    func rejectsInvalidUTF8(_ bytes: [UInt8], _ offset: Int) {
        let expected = Result<ScanOutcome, JSONParseError>.failure(
            JSONParseError(offset: offset, reason: "invalid UTF-8"))
        #expect(scanResult(bytes, keys: []) == expected)
        // The same string as a key, and as the value of a wanted key.
        let asKey = Array("{".utf8) + bytes + Array(":1}".utf8)
        let asValue = Array(#"{"k":"#.utf8) + bytes + Array("}".utf8)
        #expect(scanResult(asKey, keys: ["k"]) == parsedOutcome(asKey, keys: ["k"]))
        #expect(scanResult(asValue, keys: ["k"]) == parsedOutcome(asValue, keys: ["k"]))
        #expect(scanResult(asValue, keys: []) == parsedOutcome(asValue, keys: []))
    }

    @Test("nesting 200,000 deep is the parser's error, skipped or extracted", arguments: JSONParserTests.deepInputs)
    func deepNesting(_ opener: String, _ offset: Int) {
        let input = Array(String(repeating: opener, count: 200_000).utf8)
        let expected = Result<ScanOutcome, JSONParseError>.failure(
            JSONParseError(offset: offset, reason: "nesting deeper than 512"))
        #expect(scanResult(input, keys: []) == expected)
        #expect(scanResult(input, keys: ["a"]) == expected)
    }

    @Test("the depth limit is exact, for skipped and extracted values")
    func depthLimit() {
        let limit = 5
        for depth in 1...(limit + 1) {
            // The top-level object is depth 1; the value of "a" adds the rest.
            let inner = String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)
            let text = depth == 1 ? #"{"a":1}"# : #"{"b":2,"a":"# + inner + "}"
            for keys in [[], ["a"], ["b"]] {
                let bytes = Array(text.utf8)
                #expect(
                    scanResult(bytes, keys: keys, maxDepth: limit) == parsedOutcome(bytes, keys: keys, maxDepth: limit),
                    "\(text) for \(keys)")
            }
        }
        #expect(
            scanResult(Array("{}".utf8), keys: ["a"], maxDepth: 0)
                == .failure(JSONParseError(offset: 0, reason: "nesting deeper than 0")))
        #expect(
            scanResult(Array("7".utf8), keys: ["a"], maxDepth: 0)
                == .success(ScanOutcome(isObject: false, values: [nil])))
    }

    @Test("the last of duplicate keys wins, and a repeated wanted key gets the value twice")
    func duplicateKeys() {
        let bytes = Array(#"{"kind":"a","name":"x","kind":"b","n\u0061me":{"y":[1]}}"#.utf8)
        #expect(
            scanResult(bytes, keys: ["kind", "name", "kind", "size"])
                == .success(
                    ScanOutcome(
                        isObject: true,
                        values: [.string("b"), object(["y": .array([.number("1")])]), .string("b"), nil])))
    }

    @Test(
        "keys match as JSONObject's subscript does: escapes decoded, canonically equivalent text equal",
        arguments: [
            (#"{"n\u0061me":1}"#, "name", true),
            (#"{"\u006e\u0061\u006d\u0065":1}"#, "name", true),
            ("{\"caf\u{E9}\":1}", "cafe\u{301}", true),
            ("{\"cafe\u{301}\":1}", "caf\u{E9}", true),
            (#"{"caf\u00e9":1}"#, "cafe\u{301}", true),
            ("{\"\u{212A}ind\":1}", "Kind", true),
            (#"{"Kind":1}"#, "\u{212A}ind", true),
            (#"{"a\"b":1}"#, "a\"b", true),
            (#"{"\ud83d\udc4d":1}"#, "👍", true),
            (#"{"\ud800":1}"#, "\u{FFFD}", true),
            (#"{"description":1}"#, "description", true),
            (#"{"kind":1}"#, "Kind", false),
            (#"{"kin":1}"#, "kind", false),
            (#"{"kinds":1}"#, "kind", false),
            (#"{"description":1}"#, "descriptiom", false),
            (#"{"n\u0061mes":1}"#, "name", false),
            ("{\"caf\u{E9}\":1}", "cafe", false),
            // Keys of 63 bytes and more share one length bit.
            ("{\"\(String(repeating: "k", count: 63))\":1}", String(repeating: "k", count: 63), true),
            ("{\"\(String(repeating: "k", count: 70))\":1}", String(repeating: "k", count: 70), true),
            ("{\"\(String(repeating: "k", count: 70))\":1}", String(repeating: "k", count: 63), false),
            ("{\"\(String(repeating: "k", count: 69))x\":1}", String(repeating: "k", count: 70), false),
            (#"{"":1}"#, "", true),
            (#"{"a":1}"#, "", false),
        ])
    func keyMatching(_ text: String, _ key: String, _ matches: Bool) {
        let bytes = Array(text.utf8)
        let expected = ScanOutcome(isObject: true, values: [matches ? .number("1") : nil])
        #expect(scanResult(bytes, keys: [key]) == .success(expected))
        #expect(parsedOutcome(bytes, keys: [key]) == .success(expected))
    }

    @Test("scalars of every kind come out as the parser builds them")
    func scalarValues() {
        let text =
            #"{"s":"café \"q\" \u00e9","n":-1.5e+300,"t":true,"f":false,"z":null,"big":123456789012345678901234567890,"e":"","a":[],"o":{}}"#
        let keys = ["s", "n", "t", "f", "z", "big", "e", "a", "o"]
        let outcome = scanResult(Array(text.utf8), keys: keys)
        #expect(
            outcome
                == .success(
                    ScanOutcome(
                        isObject: true,
                        values: [
                            .string("café \"q\" é"), .number("-1.5e+300"), .bool(true), .bool(false), .null,
                            .number("123456789012345678901234567890"), .string(""), .array([]),
                            .object(JSONObject()),
                        ])))
    }

    @Test("values is resized to the keys, and all nil after an error or for a non-object")
    func valuesBuffer() {
        let scanner = JSONFieldScanner(keys: ["a", "b"])
        #expect(scanner.keys == ["a", "b"])
        func scan(_ text: String, into values: inout [JSONValue?]) -> Result<Bool, JSONParseError> {
            Array(text.utf8).withUnsafeBytes { buffer in
                Result { () throws(JSONParseError) -> Bool in try scanner.scan(buffer, into: &values) }
            }
        }
        var values: [JSONValue?] = [.null, .null, .null]
        #expect(
            scan(#"{"a":1,"b":2,"c":"#, into: &values)
                == .failure(JSONParseError(offset: 17, reason: "unexpected end of input")))
        #expect(values == [nil, nil])
        values = [.null, .null]
        #expect(scan("[1]", into: &values) == .success(false))
        #expect(values == [nil, nil])
        #expect(scan(#"{"b":true}"#, into: &values) == .success(true))
        #expect(values == [nil, .bool(true)])
    }

    @Test("20,000 random records give the parser's values for every key")
    func randomRecords() {
        var generator = RecordGenerator(random: SplitMix64(state: 31_337))
        var random = SplitMix64(state: 17)
        var problems: [String] = []
        var found = 0
        for _ in 0..<20_000 {
            var text = generator.record()
            // Add a duplicate of a member, so that "last wins" matters.
            if Bool.random(using: &random), let comma = text.firstIndex(of: ",") {
                text.insert(contentsOf: #""kind":"again","#, at: text.index(after: comma))
            }
            let bytes = Array(text.utf8)
            let scanned = scanResult(bytes, keys: Self.recordKeys)
            if scanned != parsedOutcome(bytes, keys: Self.recordKeys) {
                problems.append(text)
            }
            if case .success(let outcome) = scanned {
                found += outcome.values.count { $0 != nil }
            }
        }
        #expect(problems.isEmpty, "first: \(problems.prefix(3))")
        #expect(found > 60_000)
    }

    @Test("damaged records: the same verdict, offset, reason and values as the parser")
    func damagedRecords() {
        var generator = RecordGenerator(random: SplitMix64(state: 42))
        var random = SplitMix64(state: 4242)
        var problems: [String] = []
        var rejected = 0
        for _ in 0..<6_000 {
            var bytes = Array(generator.record().utf8)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    let damage = JSONRobustnessTests.damage
                    bytes.insert(contentsOf: damage[Int.random(in: 0..<damage.count, using: &random)], at: at)
                case 1: if at < bytes.count { bytes.remove(at: at) }
                default: if at < bytes.count { bytes[at] = UInt8.random(in: 0...255, using: &random) }
                }
            }
            let expected = parsedOutcome(bytes, keys: Self.recordKeys)
            for keys in [Self.recordKeys, []] {
                let scanned = scanResult(bytes, keys: keys)
                let wanted = keys.isEmpty ? parsedOutcome(bytes, keys: []) : expected
                if scanned != wanted {
                    problems.append("\(scanned) for \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                }
            }
            if case .failure = expected { rejected += 1 }
        }
        #expect(problems.isEmpty, "first: \(problems.prefix(3))")
        #expect(rejected > 3_000)
    }

    @Test("records with one byte dropped: the same verdict as the parser")
    func droppedBytes() {
        var generator = RecordGenerator(random: SplitMix64(state: 7))
        var random = SplitMix64(state: 99)
        var problems: [String] = []
        for _ in 0..<5_000 {
            var bytes = Array(generator.record().utf8)
            bytes.remove(at: Int.random(in: 0..<bytes.count, using: &random))
            if scanResult(bytes, keys: Self.recordKeys) != parsedOutcome(bytes, keys: Self.recordKeys) {
                problems.append(String(decoding: bytes, as: UTF8.self).debugDescription)
            }
        }
        #expect(problems.isEmpty, "first: \(problems.prefix(3))")
    }

    @Test("truncating a record anywhere gives the parser's error")
    func truncatedRecords() {
        var generator = RecordGenerator(random: SplitMix64(state: 5))
        var problems: [String] = []
        for _ in 0..<60 {
            let bytes = Array(generator.record().utf8)
            for cut in 0..<bytes.count {
                let prefix = Array(bytes[..<cut])
                for keys in [Self.recordKeys, []]
                where scanResult(prefix, keys: keys) != parsedOutcome(prefix, keys: keys) {
                    problems.append(String(decoding: prefix, as: UTF8.self).debugDescription)
                }
            }
        }
        #expect(problems.isEmpty, "first: \(problems.prefix(3))")
    }

    @Test("every input of the parser's fuzz corpus: the parser's verdict and values")
    func fuzzCorpus() throws {
        let inputs = try FuzzRegressionTests.inputs()
        #expect(inputs.count >= 8)
        for (name, bytes) in inputs {
            for keys in [Self.recordKeys, Self.tableKeys, []] {
                #expect(scanResult(bytes, keys: keys) == parsedOutcome(bytes, keys: keys), "\(name)")
            }
        }
    }
}
