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
