import StreamingJSON
import TestSupport
import Testing

@testable import SearchEngine

/// A record of an unknown kind shows its other fields as `key=value`; a
/// record of few members finds each key's first and last members by
/// comparing keys, any other by hashing them, with the same text.
@Suite struct FallbackRowTests {
    @Test(arguments: 0..<6)
    func comparingKeysGivesWhatHashingThemGives(seed: UInt64) {
        var random = SplitMix64(state: 77 + seed)
        // Repeated keys, the identity keys, `kind`, and keys that are equal
        // only as Swift compares strings (`café` composed and decomposed).
        let keys = ["kind", "name", "title", "id", "a", "b", "café", "cafe\u{301}", "K", "\u{212A}"]
        let values: [JSONValue] = [
            .string("x"), .string(""), .number("4.5"), .bool(true), .null, .array([]), .object(JSONObject()),
        ]
        for _ in 0..<500 {
            let members = (0..<Int(random.next() % 17)).map { _ in
                JSONObject.Member(
                    key: keys[Int(random.next() % UInt64(keys.count))],
                    value: values[Int(random.next() % UInt64(values.count))])
            }
            for identityKey in [nil, "name", "id"] as [String?] {
                let comparing = FallbackRow.otherFields(comparing: members, identityKey: identityKey)
                let hashing = FallbackRow.otherFields(hashing: members, identityKey: identityKey)
                #expect(comparing == hashing, "\(members.map(\.key))")
            }
        }
    }
}
