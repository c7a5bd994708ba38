import TerminalTable
import Testing

struct TerminalTextTests {
    @Test(
        "Controls become visible",
        arguments: [
            ("\u{1B}[31mred", "^[[31mred"),
            ("a\tb", "a^Ib"),
            ("line\nbreak", "line^Jbreak"),
            ("cr\rlf", "cr^Mlf"),
            ("nul\u{0}", "nul^@"),
            ("del\u{7F}", "del^?"),
            ("csi\u{9B}2J", "csi\\u{9B}2J"),
            ("nel\u{85}", "nel\\u{85}"),
            ("evil\u{202E}txt.exe", "evil\\u{202E}txt.exe"),
            ("iso\u{2066}late\u{2069}", "iso\\u{2066}late\\u{2069}"),
            ("line\u{2028}sep", "line\\u{2028}sep"),
            ("plain 中文 👍🏽", "plain 中文 👍🏽"),
            // Invisible characters that change meaning or alignment.
            ("zero\u{200B}width", "zero\\u{200B}width"),
            ("word\u{2060}joiner", "word\\u{2060}joiner"),
            ("soft\u{AD}hyphen", "soft\\u{AD}hyphen"),
            ("\u{FEFF}bom", "\\u{FEFF}bom"),
            ("mongolian\u{180E}", "mongolian\\u{180E}"),
            ("hangul\u{3164}filler", "hangul\\u{3164}filler"),
            ("note\u{FFF9}ruby\u{FFFA}gloss\u{FFFB}", "note\\u{FFF9}ruby\\u{FFFA}gloss\\u{FFFB}"),
            ("tag\u{E0041}\u{E007F}", "tag\\u{E0041}\\u{E007F}"),
            // An emoji tag sequence (the flag of Scotland) keeps its tags; a tag
            // after its cancel tag does not.
            (
                "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
                "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
            ),
            ("🏴\u{E0067}\u{E007F}\u{E0041}", "🏴\u{E0067}\u{E007F}\\u{E0041}"),
            // Joiners that scripts and emoji need stay.
            ("👨\u{200D}👩\u{200D}👧 क्\u{200D}ष", "👨\u{200D}👩\u{200D}👧 क्\u{200D}ष"),
        ]
    )
    func sanitize(_ raw: String, _ expected: String) {
        #expect(TerminalText.sanitize(raw) == expected)
    }

    @Test func noControlSurvivesAndSanitizingTwiceChangesNothing() {
        let once = TerminalText.sanitize(Controls.all)
        #expect(!once.unicodeScalars.contains(where: Controls.isForbidden))
        #expect(TerminalText.sanitize(once) == once)
    }

    @Test func invalidUTF8ArrivesAsReplacementCharacter() {
        let text = String(decoding: [0x61, 0xFF, 0xC3, 0x62], as: UTF8.self)
        #expect(TerminalText.sanitize(text) == "a\u{FFFD}\u{FFFD}b")
    }

    @Test func styledWrapsInSGRAndSanitizes() {
        #expect(TerminalText.styled("warning:", .yellow) == "\u{1B}[33mwarning:\u{1B}[0m")
        #expect(TerminalText.styled("x\u{1B}", .bold) == "\u{1B}[1mx^[\u{1B}[0m")
        #expect(TerminalText.styled("plain", .plain) == "plain")
    }
}

/// Every control a cell must never pass to the terminal.
enum Controls {
    static let scalars: [Unicode.Scalar] =
        (0x00...0x1F).compactMap(Unicode.Scalar.init) + (0x7F...0x9F).compactMap(Unicode.Scalar.init)
        + [
            0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068,
            0x2069,
            // Invisible format characters, and tags outside an emoji tag sequence.
            0x00AD, 0x115F, 0x1160, 0x180E, 0x200B, 0x2060, 0x2061, 0x2064, 0x206A, 0x206F, 0x3164, 0xFEFF, 0xFFA0,
            0xFFF9, 0xFFFA, 0xFFFB, 0xE0001, 0xE0041, 0xE007F,
        ]
        .compactMap(Unicode.Scalar.init)

    static var all: String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalars.contains(scalar)
    }
}
