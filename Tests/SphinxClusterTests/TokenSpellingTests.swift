import Testing
import TextMatching

@testable import SphinxCluster

/// Tokens are letters, digits and `_`, never longer than searchd keeps, and
/// a text holds the spelling of any run of its units.
@Suite struct TokenSpellingTests {
    static let texts = [
        "CoffeeHouse", "尼泊尔 नेपाल नेपाल", "🦊🐾.ws", "Zürich café", "zettlmeißl.de", "ประเทศไทย",
        "Donaudampfschifffahrtsgesellschaftskapitänswitwenrentenversicherung", "中华人民共和国国务院办公厅秘书局",
        "xn--90amdjbi3c0ec.xn--p1ai", "a", "Ελλάδα Москва", "\u{10FFFF}\u{10FFFF}\u{10FFFF}\u{10FFFF}\u{10FFFF}",
    ]

    @Test(arguments: texts)
    func tokensAreShortAndPlain(text: String) {
        let tokens = FieldTokens(text)
        for token in tokens.words + tokens.typos + FieldTokens(text, prefix: "abc123", typos: false).words {
            #expect(token.utf8.count <= TokenSpelling.maxTokenBytes, "\(token)")
            #expect(
                token.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" })
        }
    }

    /// Every piece of every substring of a field's words is held in one of
    /// the field's tokens: what a substring search looks for is there.
    @Test(arguments: texts)
    func everyPieceOfEverySubstringIsInAToken(text: String) {
        for prefix in ["", "abc123"] {
            let tokens = FieldTokens(text, prefix: prefix, typos: false).words
            let structure = WordStructure(text)
            let units = structure.units
            for start in units.indices where structure.kinds[start] == .word {
                var end = start
                while end < units.count && structure.kinds[end] == .word {
                    end += 1
                    for piece in TokenSpelling.pieces(units[start..<end]) {
                        #expect(
                            tokens.contains { $0.hasPrefix(prefix) && $0.dropFirst(prefix.count).contains(piece) },
                            "\(text): \(piece)")
                    }
                }
            }
        }
    }

    @Test func aSpellingNeverStartsLikeAMarker() {
        for unit in [0x61, 0x39, 0xE01, 0x5C3C, 0x1F98A, 0x10FFFF] as [UInt32] {
            let spelled = TokenSpelling.spell([unit])
            for marker in TokenSpelling.Marker.allCases { #expect(!spelled.hasPrefix(marker.rawValue)) }
        }
    }
}

/// Rows and tokens write their numbers byte by byte; the bytes are those
/// `String(_:radix:)` writes, at the edges of each width.
@Suite struct DigitsTests {
    static let values: [UInt64] = [
        0, 1, 9, 10, 35, 36, 99, 100, 1_295, 1_296, 999_999, 2_821_109_907_455, 2_821_109_907_456,
        UInt64(Int64.max), UInt64.max - 1, UInt64.max,
    ]

    @Test(arguments: values)
    func digitsAreThoseStringWrites(value: UInt64) {
        for radix in [10, 16, 36] {
            var bytes: [UInt8] = [0x2A]
            bytes.appendDigits(value, radix: UInt64(radix))
            #expect(String(decoding: bytes, as: UTF8.self) == "*" + String(value, radix: radix))
        }
    }

    @Test(arguments: [Int64.min, Int64.min + 1, -1_000, -1, 0, 7, Int64.max])
    func decimalsAreThoseStringWrites(value: Int64) {
        var bytes: [UInt8] = []
        bytes.appendDecimal(value)
        #expect(String(decoding: bytes, as: UTF8.self) == String(value))
    }
}
