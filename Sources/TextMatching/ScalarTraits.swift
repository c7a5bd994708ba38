/// What matching needs to know about one Unicode scalar: its folded form, its class, and whether it
/// extends the character before it.
///
/// Looking these up through `Unicode.Scalar.Properties` costs tens of nanoseconds per scalar, so the
/// common blocks (the two-byte UTF-8 range: Latin, Greek, Cyrillic, Hebrew, Arabic, combining marks;
/// Vietnamese and Greek extended letters and general punctuation; kana; full-width forms) are
/// tabulated once, and CJK ideographs and Hangul syllables, which neither fold nor have case, take a
/// shortcut.
struct ScalarTraits: Sendable {
    /// Up to two folded scalar values; `foldedCount` says how many are used.
    var folded: (UInt32, UInt32)
    /// How many folded scalars the scalar produces (0 for a dropped mark).
    var foldedCount: UInt8
    /// The scalar's word-boundary class.
    var characterClass: CharacterClass
    /// Whether the scalar continues the character before it (a combining mark, a variation selector,
    /// a joiner or an emoji modifier).
    var extendsCharacter: Bool

    /// The tabulated blocks, in table order; none holds surrogates.
    private static let tabulated: [Range<UInt32>] = [0..<0x800, 0x1E00..<0x2070, 0x3000..<0x3100, 0xFF00..<0xFFF0]

    /// Traits of every scalar in ``tabulated``, block after block.
    private static let table: [ScalarTraits] = tabulated.flatMap { block in
        block.map { computed(Unicode.Scalar($0) ?? " ") }
    }

    /// The index in ``table`` of `value`, or nil when it is not tabulated.
    @inline(__always)
    private static func tableIndex(of value: UInt32) -> Int? {
        if value < 0x800 { return Int(value) }
        if value < 0x1E00 { return nil }
        if value < 0x2070 { return Int(value - 0x1E00) + 0x800 }
        if value < 0x3000 { return nil }
        if value < 0x3100 { return Int(value - 0x3000) + 0xA70 }
        if value < 0xFF00 { return nil }
        if value < 0xFFF0 { return Int(value - 0xFF00) + 0xB70 }
        return nil
    }

    /// Whether `value` is a CJK unified ideograph or a Hangul syllable: a letter without case, which
    /// folds to itself.
    @inline(__always)
    static func isPlainIdeograph(_ value: UInt32) -> Bool {
        (0x3400...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0x20000...0x3134F).contains(value)
    }

    /// The traits of `scalar`, from the table when it is tabulated.
    @inline(__always)
    static func of(_ scalar: Unicode.Scalar) -> ScalarTraits {
        let value = scalar.value
        if let index = tableIndex(of: value) { return table[index] }
        if isPlainIdeograph(value) {
            return ScalarTraits(
                folded: (value, 0), foldedCount: 1, characterClass: .letter, extendsCharacter: false)
        }
        return computed(scalar)
    }

    /// Computes the traits of `scalar` from its Unicode properties.
    private static func computed(_ scalar: Unicode.Scalar) -> ScalarTraits {
        var traits = ScalarTraits(
            folded: (0, 0), foldedCount: 0, characterClass: CharacterClass(scalar),
            extendsCharacter: extends(scalar))
        TextNormalizer.foldSlowly(scalar) { folded in
            switch traits.foldedCount {
            case 0: traits.folded.0 = folded.value
            case 1: traits.folded.1 = folded.value
            default: break
            }
            traits.foldedCount += 1
        }
        return traits
    }

    /// Whether `scalar` continues the character before it rather than starting one.
    private static func extends(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x300 else { return false }
        return value == 0x200D || (0x1F3FB...0x1F3FF).contains(value) || scalar.properties.isGraphemeExtend
    }
}
