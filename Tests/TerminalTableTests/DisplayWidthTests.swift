import TestSupport
import Testing

@testable import TerminalTable

struct DisplayWidthTests {
    @Test(
        "Width by grapheme cluster",
        arguments: [
            ("plain ASCII", "hello", 5),
            ("empty", "", 0),
            ("CJK is wide", "中文", 4),
            ("Japanese", "日本語", 6),
            ("Hangul syllables", "한국어", 6),
            ("Hangul from conjoining jamo", "\u{1100}\u{1161}\u{11A8}", 2),
            ("fullwidth Latin", "ＡＢ", 4),
            ("combining acute", "e\u{301}", 1),
            ("Thai with above and below marks", "ที่นี่", 2),
            ("Thai sara am is a spacing mark", "กำ", 2),
            ("Devanagari with virama and vowel signs", "नमस्ते", 4),
            ("Devanagari spacing vowel sign", "कि", 2),
            ("Arabic", "مرحبا", 5),
            ("Hebrew with points", "שָׁלוֹם", 4),
            ("emoji presentation", "👑", 2),
            ("ZWJ family", "👨‍👩‍👧", 2),
            ("ZWJ profession with skin tone", "👩🏾‍💻", 2),
            ("flag", "🇰🇷", 2),
            ("skin tone", "👍🏽", 2),
            ("skin tone on a text-default base", "☝🏽", 2),
            ("VS16 makes a text symbol wide", "♠️", 2),
            ("text symbol without VS16", "♠", 1),
            ("rainbow flag", "🏳️‍🌈", 2),
            ("keycap", "1️⃣", 2),
            ("tag sequence flag", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", 2),
            ("zero width space and joiner", "a\u{200B}b\u{200D}c", 3),
            ("soft hyphen is drawn", "a\u{AD}b", 3),
            ("Hangul filler is drawn wide, as terminals do", "a\u{3164}b", 4),
            ("controls take no cell", "a\u{1B}b\u{7F}\u{85}", 2),
        ]
    )
    func width(_ label: String, _ text: String, _ expected: Int) {
        #expect(DisplayWidth.of(text) == expected, "\(label)")
    }

    @Test func substringsMeasureLikeStrings() {
        let text = "名前: 中文 👍🏽"
        let suffix = text.split(separator: " ").last ?? ""
        #expect(DisplayWidth.of(suffix) == 2)
        #expect(DisplayWidth.of(text[...]) == DisplayWidth.of(text))
    }
}

/// The eight-at-a-time check that text is printable ASCII, against the byte
/// by byte rule.
@Suite struct PrintableASCIITests {
    @Test func everyByteAtEveryPlaceOfAWord() {
        for position in 0..<8 {
            for byte in UInt8.min...UInt8.max {
                var bytes = [UInt8](repeating: 0x61, count: 8)
                bytes[position] = byte
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                #expect(
                    DisplayWidth.isPrintableASCII(word: word) == (0x20...0x7E).contains(byte),
                    "byte \(byte) at \(position)")
            }
        }
    }

    @Test func randomTextOfEveryLength() {
        var random = SplitMix64(state: 11)
        let alphabet: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x41, 0x7E, 0x7F, 0x80, 0xC3, 0xFF]
        for length in 0..<40 {
            for _ in 0..<300 {
                let bytes = (0..<length).map { _ in
                    Bool.random(using: &random)
                        ? UInt8.random(in: 0x20...0x7E, using: &random) : alphabet.randomElement(using: &random)!
                }
                let expected = bytes.allSatisfy { (0x20...0x7E).contains($0) }
                #expect(DisplayWidth.isPrintableASCII(bytes.span) == expected, "\(bytes)")
            }
        }
    }
}
