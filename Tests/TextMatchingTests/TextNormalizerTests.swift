import Foundation
import Testing
import TextMatching

@Suite struct TextNormalizerTests {
    @Test(
        "Folding ignores case and diacritics",
        arguments: [
            ("Café", "cafe"),
            ("CAFE\u{301}", "cafe"),
            ("Crème Brûlée", "creme brulee"),
            ("Ångström", "angstrom"),
            ("ÆON Straße", "aeon strasse"),
            ("Rødøy", "rodoy"),
            ("Łódź", "lodz"),
            ("Œuvre Þór Đà", "oeuvre thor da"),
            ("ΟΔΥΣΣΕΥΣ", "οδυσσευσ"),
            ("Ἀθῆναι", "αθηναι"),
            ("Ёлка", "елка"),
            ("İstanbul", "istanbul"),
            ("Available", "available"),
            ("東京タワー", "東京タワー"),
            ("ＡＢＣ", "ａｂｃ"),
            ("Phở Hà Nội", "pho ha noi"),
            ("“Quoted” — dash", "“quoted” — dash"),
        ])
    func fold(text: String, folded: String) {
        #expect(TextNormalizer.fold(text) == folded)
    }

    @Test func japaneseVoicingMarksAreKept() {
        #expect(TextNormalizer.fold("が") != TextNormalizer.fold("か"))
        #expect(TextNormalizer.fold("が") == TextNormalizer.fold("か\u{3099}"))
    }

    /// Checks the generated decomposition table against Foundation's NFD for every scalar Unicode 15
    /// assigned (Hangul syllables, which folding keeps whole, aside): a precomposed letter and its
    /// decomposed form always fold alike.
    @Test func precomposedAndDecomposedFoldAlike() {
        var mismatches: [String] = []
        for value in UInt32(0xC0)...0x2FA1D {
            guard let scalar = Unicode.Scalar(value), !(0xAC00...0xD7A3).contains(value),
                let age = scalar.properties.age, age.major <= 15
            else { continue }
            let precomposed = String(Character(scalar))
            let decomposed = precomposed.decomposedStringWithCanonicalMapping
            guard decomposed.unicodeScalars.count > 1 || decomposed != precomposed else { continue }
            if TextNormalizer.fold(precomposed) != TextNormalizer.fold(decomposed) {
                mismatches.append(String(value, radix: 16, uppercase: true))
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    /// The matcher folds texts into buffers of two units per UTF-8 byte: no scalar may fold longer.
    @Test func foldingNeverGrowsPastTwoScalarsPerByte() {
        var overflows: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let folded = TextNormalizer.fold(String(Character(scalar)))
            if folded.unicodeScalars.count > 2 * UTF8.width(scalar) {
                overflows.append(String(value, radix: 16, uppercase: true))
            }
        }
        #expect(overflows.isEmpty, "\(overflows.prefix(20))")
    }
}
