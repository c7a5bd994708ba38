import Foundation
import StreamingJSON
import Testing

/// A small seeded generator, so that a failing corpus can be rebuilt.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Writes random JSON records as text, by hand, so that neither parser's
/// writer is involved: random whitespace, escapes of every kind (surrogate
/// pairs included), raw non-ASCII text and numbers in every form.
struct RecordGenerator {
    var random: SplitMix64

    mutating func record() -> String {
        let kinds = ["domain", "product", "card", "unknown"]
        var members = [#""kind""# + colon() + quoted(kinds[Int.random(in: 0..<kinds.count, using: &random)])]
        let extra = Int.random(in: 1...7, using: &random)
        for index in 0..<extra {
            members.append(key(index) + colon() + value(depth: 1))
        }
        return "{" + space() + members.joined(separator: space() + "," + space()) + space() + "}"
    }

    /// A key unique within its object (Foundation keeps only one per key).
    private mutating func key(_ index: Int) -> String {
        let stems = ["name", "price", "tags", "névé", "東京", "a\\\"b", "\\u0041x", "line\\nbreak", ""]
        return "\"" + stems[Int.random(in: 0..<stems.count, using: &random)] + "_\(index)\""
    }

    private mutating func value(depth: Int) -> String {
        let choice = Int.random(in: 0..<(depth < 4 ? 10 : 7), using: &random)
        switch choice {
        case 0: return "null"
        case 1: return Bool.random(using: &random) ? "true" : "false"
        case 2, 3: return number()
        case 4, 5, 6: return string()
        case 7, 8:
            let count = Int.random(in: 0...4, using: &random)
            let elements = (0..<count).map { _ in value(depth: depth + 1) }
            return "[" + space() + elements.joined(separator: space() + "," + space()) + space() + "]"
        default:
            let count = Int.random(in: 0...4, using: &random)
            let members = (0..<count).map { key($0) + colon() + value(depth: depth + 1) }
            return "{" + space() + members.joined(separator: "," + space()) + "}"
        }
    }

    private mutating func number() -> String {
        let sign = Bool.random(using: &random) ? "-" : ""
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return sign + "0"
        case 1: return sign + String(Int64.random(in: 1...(1 << 53), using: &random))
        case 2:
            return sign + String(Int.random(in: 0...99_999, using: &random)) + "."
                + String(Int.random(in: 0...999_999, using: &random))
        case 3:
            let exponentMark = ["e", "E", "e+", "E-", "e-"][Int.random(in: 0..<5, using: &random)]
            return sign + String(Int.random(in: 1...9, using: &random)) + "."
                + String(Int.random(in: 0...999, using: &random))
                + exponentMark + String(Int.random(in: 0...300, using: &random))
        default: return sign + String(Double.random(in: 0...1e6, using: &random))
        }
    }

    private mutating func string() -> String {
        let pieces = [
            "plain", "with space", "café", "東京", "👍🏽", "Ωmega", "\u{7F}", "\u{A0}", "\u{2028}",
            "\\n", "\\t", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r", "\\u0000", "\\u001b", "\\u00e9",
            "\\u6771", "\\uD83D\\uDC4D", "\\ud834\\udd1e", "\\uFFFF", "0123456789abcdefghij",
        ]
        var text = ""
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
        }
        return "\"" + text + "\""
    }

    private func quoted(_ text: String) -> String { "\"" + text + "\"" }

    private mutating func space() -> String {
        ["", "", "", " ", "\n", "\t ", "\r\n  "][Int.random(in: 0..<7, using: &random)]
    }

    private mutating func colon() -> String { space() + ":" + space() }
}

/// Where our value and Foundation's object first differ, or `nil` when they
/// say the same thing. Strings are compared scalar by scalar (not by Swift's
/// canonical equivalence); numbers by their `Double`
/// (or `Decimal`) value.
func difference(_ ours: JSONValue, _ theirs: Any, at path: String = "$") -> String? {
    var same = false
    switch ours {
    case .null:
        same = theirs is NSNull
    case .bool(let flag):
        same = (theirs as? Bool) == flag
    case .number(let text):
        if let decimal = theirs as? NSDecimalNumber {
            // Foundation keeps some long numbers as decimals.
            same = decimal.decimalValue == Decimal(string: text)
        } else {
            same = (theirs as? NSNumber)?.doubleValue == Double(text)
        }
    case .string(let text):
        same = (theirs as? String).map { Array($0.unicodeScalars) == Array(text.unicodeScalars) } ?? false
    case .array(let elements):
        guard let array = theirs as? [Any], array.count == elements.count else { break }
        for (index, pair) in zip(elements, array).enumerated() {
            if let found = difference(pair.0, pair.1, at: "\(path)[\(index)]") { return found }
        }
        return nil
    case .object(let object):
        guard let dictionary = theirs as? [String: Any], dictionary.count == object.members.count else { break }
        for member in object.members {
            guard let value = dictionary[member.key] else { return "\(path): no key \(member.key.debugDescription)" }
            if let found = difference(member.value, value, at: "\(path).\(member.key)") { return found }
        }
        return nil
    }
    return same ? nil : "\(path): ours \(ours), theirs \(theirs) (\(type(of: theirs)))"
}

/// Whether a string anywhere in `value` holds U+FFFD, which is what we make
/// of a lone surrogate escape.
func containsReplacement(_ value: JSONValue) -> Bool {
    switch value {
    case .null, .bool, .number: false
    case .string(let text): text.unicodeScalars.contains("\u{FFFD}")
    case .array(let elements): elements.contains(where: containsReplacement)
    case .object(let object):
        object.members.contains { $0.key.unicodeScalars.contains("\u{FFFD}") || containsReplacement($0.value) }
    }
}

@Suite("Agreement with Foundation's JSONSerialization")
struct FoundationAgreementTests {
    @Test("20,000 random records give the same values")
    func sameValues() throws {
        var generator = RecordGenerator(random: SplitMix64(state: 20_250_101))
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let text = generator.record()
            let theirs: Any
            do {
                theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            } catch {
                Issue.record("Foundation rejects \(text): \(error)")
                return
            }
            let ours = try JSONParser().parse(text)
            if let found = difference(ours, theirs) {
                disagreements.append(found + " in " + text)
            }
            // What we write, Foundation reads back the same.
            let written = JSONWriter.string(ours)
            let reread = try JSONSerialization.jsonObject(with: Data(written.utf8), options: [.fragmentsAllowed])
            if let found = difference(ours, reread) {
                disagreements.append(found + " in written " + written)
            }
        }
        #expect(disagreements.isEmpty, "first: \(disagreements.prefix(3))")
    }

    @Test("damaged records are rejected by both or accepted by both")
    func sameVerdicts() {
        var generator = RecordGenerator(random: SplitMix64(state: 7))
        var random = SplitMix64(state: 99)
        var rejectedByBoth = 0
        var disagreements: [String] = []
        for _ in 0..<5_000 {
            var bytes = Array(generator.record().utf8)
            // Drop one byte: a quote, bracket, comma or part of a character.
            bytes.remove(at: Int.random(in: 0..<bytes.count, using: &random))
            let theirs = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
            let parsed = try? JSONParser().parse(bytes)
            let ours = parsed != nil
            if let parsed, !theirs, containsReplacement(parsed) {
                // The one chosen difference: a lone surrogate escape (here
                // made by the damage) is U+FFFD for us, an error for Foundation.
                continue
            }
            if theirs != ours {
                disagreements.append("\(ours ? "we accept" : "we reject"): \(String(decoding: bytes, as: UTF8.self))")
            } else if !ours {
                rejectedByBoth += 1
            }
        }
        #expect(disagreements.isEmpty, "first: \(disagreements.prefix(5))")
        #expect(rejectedByBoth > 1_000)
    }
}
