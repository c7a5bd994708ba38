import Foundation
import StreamingJSON
import TestSupport
import Testing

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
