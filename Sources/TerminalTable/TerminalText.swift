/// Text made safe to print to a terminal, and styled with ANSI colours.
public enum TerminalText {
    /// Makes every control character in `text` visible, so that no byte of data
    /// acts on the terminal.
    ///
    /// - ESC becomes `^[`; the other C0 controls, CR, LF and TAB included, and
    ///   DEL become caret notation (`^M`, `^J`, `^I`, `^?`).
    /// - C1 controls (U+0080–U+009F), the line and paragraph separators, the
    ///   bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069)
    ///   and the characters that show nothing yet change what text means or
    ///   how it lines up become `\u{…}` notation, such as `\u{202E}`. Those
    ///   invisible ones are the zero-width space and word joiner (U+200B,
    ///   U+2060), the invisible operators (U+2061–U+2064), the deprecated
    ///   format characters (U+206A–U+206F), the byte-order mark (U+FEFF), the
    ///   soft hyphen (U+00AD), the Mongolian vowel separator (U+180E), the
    ///   Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the interlinear
    ///   annotation marks (U+FFF9–U+FFFB), and tag characters
    ///   (U+E0000–U+E007F) except inside an emoji tag sequence (a black flag,
    ///   U+1F3F4, followed by tags, such as the flag of Scotland). The joiners
    ///   that scripts and emoji need (U+200C, U+200D) and variation selectors
    ///   stay.
    /// - Invalid UTF-8 never gets this far: a Swift `String` decodes it as U+FFFD.
    ///
    /// The result contains no control character, so sanitising twice changes nothing.
    /// - Parameter text: Any text, typically data.
    /// - Returns: `text` itself when it holds nothing to escape.
    public static func sanitize(_ text: String) -> String {
        if DisplayWidth.printableASCIIWidth(text) != nil { return text }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        // Whether the scalars before this one are a black flag and the tags
        // of an unfinished emoji tag sequence.
        var inEmojiTags = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if isTag(value) {
                if inEmojiTags {
                    result.unicodeScalars.append(scalar)
                    // The cancel tag ends the sequence.
                    inEmojiTags = value != 0xE007F
                } else {
                    result += visible(scalar)
                }
                continue
            }
            inEmojiTags = value == 0x1F3F4
            if needsEscape(scalar) {
                result += visible(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `value` is a tag character, which only an emoji tag sequence may hold.
    private static func isTag(_ value: UInt32) -> Bool {
        (0xE0000...0xE007F).contains(value)
    }

    /// Wraps `text` in the ANSI SGR codes of `style`, after sanitising it.
    ///
    /// Use it for messages that the caller colours itself, such as `warning:`.
    /// - Parameters:
    ///   - text: The text to style; controls in it are made visible first.
    ///   - style: The style; ``CellStyle/plain`` adds no codes.
    /// - Returns: `ESC [ n m` + text + `ESC [ 0 m`, or the sanitised text for `.plain`.
    public static func styled(_ text: String, _ style: CellStyle) -> String {
        let safe = sanitize(text)
        guard let parameter = style.sgrParameter else { return safe }
        return sgr(parameter) + safe + reset
    }

    /// The SGR sequence that resets every attribute.
    static let reset = "\u{1B}[0m"

    /// The SGR sequence with the given parameters, such as `"1;4"`.
    static func sgr(_ parameters: String) -> String {
        "\u{1B}[" + parameters + "m"
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        // Invisible, yet they change what text means or how it lines up.
        case 0x00AD, 0x115F, 0x1160, 0x180E, 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0x3164, 0xFEFF, 0xFFA0,
            0xFFF9...0xFFFB:
            true
        // Tags: kept by ``sanitize(_:)`` inside an emoji tag sequence only.
        case 0xE0000...0xE007F: true
        default: false
        }
    }

    private static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x7F:
            return "^?"
        case 0x00...0x1F:
            return "^" + String(Unicode.Scalar(UInt8(scalar.value) + 0x40))
        default:
            return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
