import TerminalTable

/// Text fitted to the screen's width, by display width (wide characters
/// count two cells).
enum ScreenText {
    /// The cells `text` takes on screen: its SGR colour sequences take none.
    static func visibleWidth(_ text: String) -> Int {
        guard text.utf8.contains(0x1B) else { return DisplayWidth.of(text) }
        var plain = ""
        var inSequence = false
        for scalar in text.unicodeScalars {
            if inSequence {
                if scalar == "m" { inSequence = false }
            } else if scalar == "\u{1B}" {
                inSequence = true
            } else {
                plain.unicodeScalars.append(scalar)
            }
        }
        return DisplayWidth.of(plain)
    }

    /// `text` cut to at most `width` cells, ending in `…` when cut.
    static func truncated(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard DisplayWidth.of(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let cells = DisplayWidth.of(character)
            if used + cells > width - 1 { break }
            result.append(character)
            used += cells
        }
        return result + "…"
    }

    /// The end of `text` in at most `width` cells, starting with `…` when
    /// cut: a long query shows what is being typed.
    static func tail(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        guard DisplayWidth.of(text) > width else { return text }
        var kept: [Character] = []
        var used = 0
        for character in text.reversed() {
            let cells = DisplayWidth.of(character)
            if used + cells > width - 1 { break }
            kept.append(character)
            used += cells
        }
        return "…" + String(kept.reversed())
    }
}
