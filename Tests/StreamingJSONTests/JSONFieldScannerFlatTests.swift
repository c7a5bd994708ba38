import StreamingJSON
import TestSupport
import Testing

/// What `scanFlat` says about `bytes`: `nil` when it declines, else the
/// values it found, decoded as the parser would build them.
func flatResult(_ bytes: [UInt8], keys: [String]) -> [JSONValue?]? {
    let scanner = JSONFieldScanner(keys: keys)
    var raw: [JSONFieldScanner.RawValue] = [.absent]  // Stale content must be replaced.
    let accepted = bytes.withUnsafeBytes { scanner.scanFlat($0, into: &raw) }
    guard accepted else { return nil }
    return bytes.withUnsafeBytes { buffer in raw.map { $0.value(in: buffer) } }
}

/// Writes random flat objects of plain ASCII text, the shape `scanFlat`
/// takes: scalar values only, optional whitespace, repeated keys.
struct FlatRecordGenerator {
    var random: SplitMix64

    static let keys = ["kind", "name", "price", "rank", "suit", "k", "", "a longer key than eight"]

    mutating func record() -> String {
        let count = Int.random(in: 0...8, using: &random)
        let members = (0..<count).map { _ in
            quoted(pick(Self.keys)) + space() + ":" + space() + value()
        }
        return space() + "{" + space() + members.joined(separator: space() + "," + space()) + space() + "}" + space()
    }

    private mutating func value() -> String {
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return "null"
        case 1: return "true"
        case 2: return "false"
        case 3: return pick(["0", "-0", "12", "5.99", "-1.5e+3", "2E-7", "1e400", "123456789012345678901234"])
        default:
            let pieces = ["card", "Queen of Hearts", "Q", " ", "coffee", "x/y", "{[,:]}", "'"]
            return quoted((0..<Int.random(in: 0...4, using: &random)).map { _ in pick(pieces) }.joined())
        }
    }

    private mutating func pick(_ choices: [String]) -> String {
        choices[Int.random(in: 0..<choices.count, using: &random)]
    }

    private func quoted(_ text: String) -> String { "\"" + text + "\"" }

    private mutating func space() -> String {
        ["", "", "", " ", "\t", "\r\n "][Int.random(in: 0..<6, using: &random)]
    }
}

@Suite("JSONFieldScanner.scanFlat")
struct JSONFieldScannerFlatTests {
    static let keys = FlatRecordGenerator.keys + ["missing", "kind"]

    /// The one promise: when `scanFlat` accepts, the text is a valid object
    /// and every value is the parser's.
    static func problem(_ bytes: [UInt8], keys: [String] = keys) -> String? {
        guard let flat = flatResult(bytes, keys: keys) else { return nil }
        let expected = parsedOutcome(bytes, keys: keys)
        guard case .success(let outcome) = expected, outcome.isObject, outcome.values == flat else {
            return "\(String(decoding: bytes, as: UTF8.self).debugDescription): flat \(flat), parser \(expected)"
        }
        return nil
    }

    @Test("takes every flat object of plain text, with the parser's values")
    func flatRecords() {
        var generator = FlatRecordGenerator(random: SplitMix64(state: 2026))
        var problems: [String] = []
        var declined: [String] = []
        for _ in 0..<5_000 {
            let bytes = Array(generator.record().utf8)
            if flatResult(bytes, keys: Self.keys) == nil { declined.append(String(decoding: bytes, as: UTF8.self)) }
            problems += Self.problem(bytes).map { [$0] } ?? []
        }
        #expect(problems.isEmpty, "first: \(problems.prefix(3))")
        #expect(declined.isEmpty, "first: \(declined.prefix(3))")
    }

    @Test("never takes damaged flat objects that the parser rejects")
    func damagedFlatRecords() {
        var generator = FlatRecordGenerator(random: SplitMix64(state: 77))
        var random = SplitMix64(state: 7_777)
        var problems: [String] = []
        var accepted = 0
        var rejected = 0
        for _ in 0..<6_000 {
            var bytes = Array(generator.record().utf8)
            let at = Int.random(in: 0...bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let damage = JSONRobustnessTests.damage
                bytes.insert(contentsOf: damage[Int.random(in: 0..<damage.count, using: &random)], at: at)
            case 1: if at < bytes.count { bytes.remove(at: at) }
            case 2: bytes = Array(bytes[..<at])
            default: if at < bytes.count { bytes[at] = UInt8.random(in: 0...255, using: &random) }
            }
            problems += Self.problem(bytes).map { [$0] } ?? []
            if flatResult(bytes, keys: Self.keys) != nil { accepted += 1 }
            if case .failure = parseResult(bytes) { rejected += 1 }
        }
        #expect(problems.isEmpty, "first: \(problems.prefix(3))")
        // Both sides of the promise were exercised.
        #expect(accepted > 600)
        #expect(rejected > 2_000)
    }

    @Test("declines, or agrees with the parser, on every other input of the scanner's tests")
    func otherInputs() throws {
        var inputs = JSONParserTests.accepted.map(\.input) + JSONParserTests.rejected.map(\.input)
        inputs += try FuzzRegressionTests.inputs().map(\.1)
        var generator = RecordGenerator(random: SplitMix64(state: 11))
        inputs += (0..<5_000).map { _ in Array(generator.record().utf8) }
        let problems = inputs.compactMap { bytes in
            Self.problem(bytes) ?? Self.problem(bytes, keys: JSONFieldScannerTests.tableKeys)
        }
        #expect(problems.isEmpty, "first: \(problems.prefix(3))")
    }

    @Test(
        "declines nesting, escapes, non-ASCII text, a byte-order mark and other top levels",
        arguments: [
            #"{"a":[1]}"#, #"{"a":{}}"#, #"{"a":"caf\u00e9"}"#, #"{"a":"café"}"#, "\u{FEFF}{}", #"[1]"#, #""s""#,
            #"{"n\u0061me":1}"#,
        ])
    func declines(_ text: String) {
        #expect(flatResult(Array(text.utf8), keys: ["a", "name"]) == nil)
    }

    @Test("a wanted key that is not ASCII sends every text to the full scan")
    func nonASCIIKeys() {
        // "\u{212A}" (KELVIN SIGN) is canonically equivalent to "K".
        #expect(flatResult(Array(#"{"Kind":1}"#.utf8), keys: ["\u{212A}ind"]) == nil)
        #expect(
            parsedOutcome(Array(#"{"Kind":1}"#.utf8), keys: ["\u{212A}ind"]).map(\.values) == .success([.number("1")]))
    }

    @Test("values are where the text is; the last duplicate wins; a key repeated gets both")
    func values() {
        let text = #" { "kind" : "card","rank":"Q" ,"kind":"domain", "n":-1.5e3,"t":true,"f":false,"z":null } "#
        let found = flatResult(Array(text.utf8), keys: ["kind", "rank", "n", "t", "f", "z", "missing", "kind"])
        #expect(
            found == [
                .string("domain"), .string("Q"), .number("-1.5e3"), .bool(true), .bool(false), .null, nil,
                .string("domain"),
            ])
        #expect(flatResult(Array("{}".utf8), keys: ["kind"]) == [nil])
        #expect(flatResult(Array(#"{"kind":""}"#.utf8), keys: []) == [])
    }
}
