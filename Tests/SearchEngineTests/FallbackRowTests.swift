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
        // Keys of 15 bytes (held in place, compared by their bits by the
        // one-piece rule) and of 16 and more (compared as strings).
        let keys = [
            "kind", "name", "title", "id", "a", "b", "café", "cafe\u{301}", "K", "\u{212A}", "fifteen_bytes_k",
            "sixteen_bytes_ky", "中文键", "\u{1B}[31m", String(repeating: "k", count: 40),
        ]
        let values: [JSONValue] = [
            .string("x"), .string(""), .number("4.5"), .bool(true), .null, .array([]), .object(JSONObject()),
            .string("日本語 ☕ 👨‍👩‍👧"), .string("line\nbreak\u{1B}[2J"), .string(String(repeating: "long ", count: 30)),
            .number("-1.5e300"), .bool(false),
        ]
        for _ in 0..<500 {
            let members = (0..<Int(random.next() % 17)).map { _ in
                JSONObject.Member(
                    key: keys[Int(random.next() % UInt64(keys.count))],
                    value: values[Int(random.next() % UInt64(values.count))])
            }
            for identityKey in [nil, "name", "id"] as [String?] {
                let hashing = FallbackRow.otherFields(hashing: members, identityKey: identityKey)
                let onePiece = FallbackRow.otherFieldsInOnePiece(members, identityKey: identityKey)
                #expect(onePiece == hashing, "\(members.map(\.key))")
                #expect(onePiece?.utf8.elementsEqual(hashing?.utf8 ?? "".utf8) ?? (hashing == nil))
            }
        }
    }

    /// A row made from a record gives NAME and the details as the search
    /// fields' rules give them, the identity looked for once.
    @Test(arguments: 0..<3)
    func rowShowsWhatTheSearchFieldsRead(seed: UInt64) {
        var random = SplitMix64(state: 901 + seed)
        let keys = ["kind", "name", "title", "id", "watts", "color", "Name", "ｎａｍｅ", "emoji_😀"]
        let values: [JSONValue] = [.string("Lamp"), .string(""), .number("12"), .bool(true), .null, .string("中文")]
        for _ in 0..<400 {
            let object = JSONObject(
                (0..<Int(random.next() % 12)).map { _ in
                    JSONObject.Member(
                        key: keys[Int(random.next() % UInt64(keys.count))],
                        value: values[Int(random.next() % UInt64(values.count))])
                })
            let row = FallbackRow(object: object)
            let identityKey = FallbackRow.identityKeys.first { object[$0]?.scalarText?.isEmpty == false }
            #expect(row.name == (FallbackRow.identity(of: object) ?? "(unnamed)"))
            #expect(row.details == (FallbackRow.otherFields(hashing: object.members, identityKey: identityKey) ?? ""))
            #expect(
                FallbackRow.otherFields(of: object)
                    == FallbackRow.otherFields(hashing: object.members, identityKey: identityKey))
        }
    }
}
