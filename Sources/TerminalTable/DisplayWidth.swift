import RawBytes

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
    public static func of(_ text: String) -> Int {
        text.withUTF8Bytes { asciiWidth($0) } ?? nonASCII(text.unicodeScalars, text)
    }

    /// The number of terminal cells `text` takes on one line.
    ///
    /// - Parameter text: Text without line breaks; control characters count 0.
    /// - Returns: The sum of the widths of its grapheme clusters.
    public static func of(_ text: Substring) -> Int {
        text.withUTF8Bytes { asciiWidth($0) } ?? nonASCII(text.unicodeScalars, text)
    }

    /// The number of terminal cells `text` takes on one line.
    ///
    /// - Parameter text: Text without line breaks; control characters count 0.
    /// - Returns: The sum of the widths of its grapheme clusters.
    public static func of(_ text: some StringProtocol) -> Int {
        scanned(text)
    }

    private static func scanned(_ text: some StringProtocol) -> Int {
        var count = 0
        for byte in text.utf8 {
            guard byte < 0x80 else { return nonASCII(text.unicodeScalars, text) }
            if byte >= 0x20 && byte != 0x7F { count += 1 }
        }
        return count
    }

    /// The width of `text` when it is printable ASCII (U+0020–U+007E only),
    /// which is then its own sanitised form and one cell per byte; else `nil`.
    package static func printableASCIIWidth(_ text: String) -> Int? {
        let bytes = text.utf8.span
        return isPrintableASCII(bytes) ? bytes.count : nil
    }

    /// Whether every byte is printable ASCII (0x20–0x7E), eight at a time:
    /// the last eight bytes of eight or more are read as one word (some of
    /// them again), and fewer than eight byte by byte.
    @inline(__always)
    static func isPrintableASCII(_ bytes: Span<UInt8>) -> Bool {
        let count = bytes.count
        guard count >= 8 else {
            for offset in 0..<count where bytes[offset] &- 0x20 >= 0x5F { return false }
            return true
        }
        var offset = 0
        while offset &+ 8 <= count {
            guard isPrintableASCII(word: bytes.loadUInt64(at: offset)) else { return false }
            offset &+= 8
        }
        return offset == count || isPrintableASCII(word: bytes.loadUInt64(at: count &- 8))
    }

    /// Whether each byte of `word` is from 0x20 to 0x7E: no high bit, no
    /// byte that borrows when 0x20 is taken from it, and none that reaches
    /// 0x80 when 1 is added (neither can carry into the next byte once the
    /// high bits are clear, but for a byte that already failed).
    @inline(__always)
    static func isPrintableASCII(word: UInt64) -> Bool {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        guard word & highBits == 0 else { return false }
        return ((word &- 0x2020_2020_2020_2020) | (word &+ 0x0101_0101_0101_0101)) & highBits == 0
    }

    /// The width of ASCII bytes (controls count 0), or `nil` at the first byte
    /// that is not ASCII.
    private static func asciiWidth(_ bytes: Span<UInt8>) -> Int? {
        if isPrintableASCII(bytes) { return bytes.count }
        var count = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            count &+= byte >= 0x20 && byte != 0x7F ? 1 : 0
        }
        return count
    }

    /// The width of text that is not all ASCII.
    ///
    /// A cluster's width differs from the sum of its code points' widths only
    /// through the emoji rules of the width of a `Character`, and each of those
    /// needs a regional indicator, VS16, a keycap mark, a skin-tone modifier
    /// or a ZWJ. Without any of them the sum of the code points is exact, and
    /// no grapheme breaking is needed.
    private static func nonASCII(_ scalars: some Sequence<Unicode.Scalar>, _ text: some StringProtocol) -> Int {
        var total = 0
        for scalar in scalars {
            if mayJoinEmoji(scalar.value) { return clusters(text) }
            total += of(scalar)
        }
        return total
    }

    /// The width of `text` when no code point in it needs escaping (see
    /// ``TerminalText/sanitize(_:)``), which is then its own sanitised form;
    /// else `nil`. One pass over the UTF-8 serves both questions.
    static func printableWidth(_ text: String) -> Int? {
        let measured = printableWidth(utf8: text.utf8.span)
        switch measured {
        case let width where width >= 0: return width
        case Self.needsEscapeMark: return nil
        default: return clusters(text)
        }
    }

    /// What ``printableWidth(utf8:)`` gives for text with a code point to escape.
    private static let needsEscapeMark = -1
    /// What ``printableWidth(utf8:)`` gives for text with nothing to escape
    /// whose emoji sequences must be measured by grapheme cluster.
    private static let joinsMark = -2

    /// ``printableWidth(_:)`` of valid UTF-8 (a string's own bytes), read
    /// eight ASCII bytes at a time and decoded by hand past them: the width,
    /// or ``needsEscapeMark``, or ``joinsMark``.
    private static func printableWidth(utf8 bytes: Span<UInt8>) -> Int {
        let count = bytes.count
        // Most cells are printable ASCII, their width their length.
        if isPrintableASCII(bytes) { return count }
        var total = 0
        var joins = false
        var index = 0
        let table = symbolBlock
        let symbols = table.span
        while index < count {
            if index &+ 8 <= count, isPrintableASCII(word: bytes.loadUInt64(at: index)) {
                total &+= 8
                index &+= 8
                continue
            }
            let lead = UInt32(bytes[index])
            let value: UInt32
            if lead < 0x80 {
                guard lead &- 0x20 < 0x5F else { return needsEscapeMark }
                total &+= 1
                index &+= 1
                continue
            } else if lead < 0xE0 {
                value = (lead & 0x1F) << 6 | UInt32(bytes[index &+ 1] & 0x3F)
                index &+= 2
            } else if lead < 0xF0 {
                value = (lead & 0x0F) << 12 | UInt32(bytes[index &+ 1] & 0x3F) << 6 | UInt32(bytes[index &+ 2] & 0x3F)
                index &+= 3
            } else {
                value =
                    (lead & 0x07) << 18 | UInt32(bytes[index &+ 1] & 0x3F) << 12
                    | UInt32(bytes[index &+ 2] & 0x3F) << 6 | UInt32(bytes[index &+ 3] & 0x3F)
                index &+= 4
            }
            // Punctuation, arrows, stars and card suits, from the table made once.
            let offset = value &- symbolBlockStart
            if offset < UInt32(symbols.count) {
                let entry = symbols[Int(offset)]
                if entry & SymbolEntry.needsEscape != 0 { return needsEscapeMark }
                joins = joins || entry & SymbolEntry.mayJoin != 0
                total &+= Int(entry & SymbolEntry.width)
                continue
            }
            // Valid UTF-8 decodes to a valid scalar; the check costs a compare.
            guard let scalar = Unicode.Scalar(value), !TerminalText.needsEscape(scalar) else {
                return needsEscapeMark
            }
            joins = joins || mayJoinEmoji(value)
            total &+= of(scalar)
        }
        return joins ? joinsMark : total
    }

    /// The first code point of ``symbolBlock``.
    static let symbolBlockStart: UInt32 = 0x2000

    /// The bits of an entry of ``symbolBlock``.
    enum SymbolEntry {
        static let width: UInt8 = 0b11
        static let needsEscape: UInt8 = 0b100
        static let mayJoin: UInt8 = 0b1000
    }

    /// For each code point from U+2000 to U+2BFF (general punctuation,
    /// arrows, mathematical and technical symbols, box drawing, shapes such
    /// as ★, and miscellaneous symbols such as ♠): its width, whether it
    /// needs escaping, and whether it may join an emoji, as the tables and
    /// ``TerminalText/needsEscape(_:)`` say, worked out once. Ratings and
    /// card suits fill tables with these, and looking each one up in two
    /// range tables cost more than the rest of their cells.
    static let symbolBlock: [UInt8] = (symbolBlockStart..<0x2C00).map { value in
        let scalar = Unicode.Scalar(value)!
        var entry = UInt8(of(scalar))
        if TerminalText.needsEscape(scalar) { entry |= SymbolEntry.needsEscape }
        if mayJoinEmoji(value) { entry |= SymbolEntry.mayJoin }
        return entry
    }

    /// Whether a code point can make a cluster's width other than the sum of its parts.
    private static func mayJoinEmoji(_ value: UInt32) -> Bool {
        switch value {
        case 0x200D, 0xFE0F, 0x20E3, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF: true
        default: false
        }
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
