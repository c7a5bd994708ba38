/// The width of text in terminal cells, measured by grapheme cluster.
///
/// The rules, with tables that `scripts/unicode/generate-width-tables.py`
/// generates from the Unicode Character Database into `DisplayWidth+Tables.swift`:
/// - East Asian Wide and Fullwidth characters, and characters with emoji
///   presentation, take 2 cells.
/// - An emoji sequence takes 2 cells as a whole: a base with VS16 (U+FE0F),
///   a ZWJ sequence of pictographs, a flag (regional-indicator pair), a keycap
///   and a base with a skin-tone modifier.
/// - Nonspacing and enclosing marks, ZWJ, variation selectors, other
///   default-ignorable code points, Hangul medial and final jamo, and control
///   characters take 0 cells. The soft hyphen U+00AD takes 1, as terminals draw it.
/// - Every other cluster takes the sum of its code points' widths, so that a
///   spacing mark (Devanagari ि, Thai ำ) counts its cell.
public enum DisplayWidth {
    static let zeroWidth = CodePointTable(zeroWidthRanges)
    static let doubleWidth = CodePointTable(doubleWidthRanges)
    static let pictographic = CodePointTable(pictographicRanges)
    static let modifierBase = CodePointTable(modifierBaseRanges)
    static let emojiVariationBase = CodePointTable(emojiVariationBaseRanges)

    /// The number of terminal cells `text` takes on one line.
    ///
    /// - Parameter text: Text without line breaks; control characters count 0.
    /// - Returns: The sum of the widths of its grapheme clusters.
    public static func of(_ text: some StringProtocol) -> Int {
        var count = 0
        for byte in text.utf8 {
            guard byte < 0x80 else { return clusters(text) }
            if byte >= 0x20 && byte != 0x7F { count += 1 }
        }
        return count
    }

    private static func clusters(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text {
            total += of(character)
        }
        return total
    }

    /// The number of terminal cells one grapheme cluster takes (0, 1 or 2,
    /// more only for unusual clusters of several wide code points).
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        guard let second = iterator.next() else { return of(first) }
        let base = first.value
        if (0x1F1E6...0x1F1FF).contains(base) { return 2 }
        var sum = of(first) + of(second)
        var joins = second.value == 0x200D
        var presentsAsEmoji = second.value == 0xFE0F
        var hasModifier = (0x1F3FB...0x1F3FF).contains(second.value)
        var hasKeycap = second.value == 0x20E3
        while let scalar = iterator.next() {
            let value = scalar.value
            sum += of(scalar)
            joins = joins || value == 0x200D
            presentsAsEmoji = presentsAsEmoji || value == 0xFE0F
            hasModifier = hasModifier || (0x1F3FB...0x1F3FF).contains(value)
            hasKeycap = hasKeycap || value == 0x20E3
        }
        if presentsAsEmoji && emojiVariationBase.contains(base) { return 2 }
        if hasKeycap && (base == 0x23 || base == 0x2A || (0x30...0x39).contains(base)) { return 2 }
        if hasModifier && modifierBase.contains(base) { return 2 }
        if joins && pictographic.contains(base) { return 2 }
        return sum
    }

    /// The number of terminal cells one code point takes on its own.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        if value < 0x300 { return 1 }
        if zeroWidth.contains(value) { return 0 }
        if doubleWidth.contains(value) { return 2 }
        return 1
    }
}
