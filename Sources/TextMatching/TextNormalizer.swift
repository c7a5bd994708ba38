/// The case and diacritic folding that matching uses, exposed for exact comparisons such as filters
/// (`status:available`).
///
/// Folding lowercases, decomposes precomposed letters (canonical decomposition) and drops the
/// combining diacritical marks (`U+0300`–`U+036F` and the other combining-diacritics blocks), so
/// `Café`, `cafe\u{301}` and `CAFE` all fold to `cafe`. Marks that change meaning outside Latin,
/// Greek and Cyrillic, such as the Japanese voicing marks (`が`), are kept, and precomposed and
/// decomposed forms of them fold alike. `ß` and `ẞ` fold to `ss`, final `ς` to `σ`, and Latin letters
/// with a stroke or ligatures to what people type for them (`ø` to `o`, `ł` to `l`, `æ` to `ae`).
public enum TextNormalizer {
    /// Folds `text` for case- and diacritic-insensitive comparison.
    /// - Parameter text: Any text.
    /// - Returns: The folded text; two texts that match exactly fold to equal strings.
    public static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            fold(scalar) { folded.append($0) }
        }
        return String(folded)
    }

    /// Folds one scalar, emitting zero or more folded scalars.
    @inline(__always)
    static func fold(_ scalar: Unicode.Scalar, into emit: (Unicode.Scalar) -> Void) {
        let value = scalar.value
        if value < 0x80 {
            emit(value &- 0x41 < 26 ? Unicode.Scalar(UInt8(truncatingIfNeeded: value | 0x20)) : scalar)
            return
        }
        let traits = ScalarTraits.of(scalar)
        if traits.foldedCount <= 2 {
            if traits.foldedCount >= 1, let first = Unicode.Scalar(traits.folded.0) { emit(first) }
            if traits.foldedCount == 2, let second = Unicode.Scalar(traits.folded.1) { emit(second) }
        } else {
            foldSlowly(scalar, into: emit)
        }
    }

    /// Folds one scalar from its Unicode properties and the decomposition table.
    static func foldSlowly(_ scalar: Unicode.Scalar, into emit: (Unicode.Scalar) -> Void) {
        if let decomposition = CanonicalDecomposition.scalars(of: scalar.value) {
            for part in decomposition {
                if let partScalar = Unicode.Scalar(part) {
                    foldDecomposed(partScalar, into: emit)
                }
            }
        } else {
            foldDecomposed(scalar, into: emit)
        }
    }

    /// Folds a scalar that has no canonical decomposition.
    private static func foldDecomposed(_ scalar: Unicode.Scalar, into emit: (Unicode.Scalar) -> Void) {
        let value = scalar.value
        if value < 0x80 {
            emit(value &- 0x41 < 26 ? Unicode.Scalar(UInt8(truncatingIfNeeded: value | 0x20)) : scalar)
            return
        }
        if isDroppedMark(value) { return }
        switch value {
        case 0xDF, 0x1E9E:  // ß, ẞ
            emit("s")
            emit("s")
            return
        case 0x3C2:  // final sigma
            emit("\u{3C3}")
            return
        default:
            break
        }
        // Latin letters with a stroke or a ligature have no decomposition, but
        // people type them without: `rodoy` for `rødøy`, `lodz` for `łódź`.
        if let plain = Self.latinLetters[value] {
            for scalar in plain.unicodeScalars { emit(scalar) }
            return
        }
        guard scalar.properties.changesWhenLowercased else {
            emit(scalar)
            return
        }
        for lower in scalar.properties.lowercaseMapping.unicodeScalars {
            if let decomposition = CanonicalDecomposition.scalars(of: lower.value) {
                for part in decomposition where !isDroppedMark(part) {
                    if let partScalar = Unicode.Scalar(part) { emit(partScalar) }
                }
            } else if !isDroppedMark(lower.value) {
                emit(lower)
            }
        }
    }

    /// Letters folded to the ASCII a person types for them.
    static let latinLetters: [UInt32: String] = [
        0xC6: "ae", 0xE6: "ae", 0xD0: "d", 0xF0: "d", 0xD8: "o", 0xF8: "o", 0xDE: "th", 0xFE: "th",
        0x110: "d", 0x111: "d", 0x126: "h", 0x127: "h", 0x131: "i", 0x141: "l", 0x142: "l",
        0x152: "oe", 0x153: "oe", 0x166: "t", 0x167: "t",
    ]

    /// Whether `value` is a combining diacritical mark that folding removes.
    @inline(__always)
    static func isDroppedMark(_ value: UInt32) -> Bool {
        switch value {
        case 0x300...0x36F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
        default: false
        }
    }
}
