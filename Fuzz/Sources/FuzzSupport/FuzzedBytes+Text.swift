extension FuzzedBytes {
    /// Pieces that stress width and sanitising: wide, zero-width and combining
    /// characters, emoji sequences, controls, escape sequences and bidi controls.
    static let pieces: [String] = [
        "中", "ｱ", "한", "👍🏽", "👨‍👩‍👧", "🏳️‍🌈", "🇰🇷", "1️⃣", "e\u{301}", "\u{301}", "\u{200B}", "\u{200D}",
        "\u{FE0F}", "\u{00AD}", "\u{1B}[31m", "\u{1B}]8;;http://x\u{7}", "\u{1B}]52;c;aGk=\u{7}", "\u{9B}2J",
        "\u{202E}", "\u{2066}", "\u{0}", "\t", "\r\n", "\n", "\u{7F}", "\u{85}", "\u{2028}", "\u{FFFD}",
        "ก\u{E31}", "\u{1100}\u{1161}\u{11A8}", "…", "…………", "\u{10FFFF}", "\u{E000}", "  ", " ",
    ]

    /// Text of up to `maxCount` pieces: each byte below 0x80 is that ASCII
    /// character, each other byte one of ``pieces``.
    /// - Parameter maxCount: The most pieces (at most 255).
    /// - Returns: The text.
    public mutating func hostileText(upTo maxCount: Int) -> String {
        var text = ""
        for byte in bytes(upTo: maxCount) {
            if byte < 0x80 {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += Self.pieces[Int(byte - 0x80) % Self.pieces.count]
            }
        }
        return text
    }
}
