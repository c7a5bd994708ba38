import TextMatching

/// The letters and digits the cluster indexes, and the `charset_table` that
/// tells `searchd` so: digits, Latin, Greek and Cyrillic letters, each
/// folded as ``TextNormalizer`` folds it (`Ü` to `u`, `Ά` to `α`). Every
/// other character separates words, as punctuation does for our matcher.
///
/// `scripts/cluster/charset_table.txt` holds the table, one mapping a line;
/// a test fails when it differs from ``lines``.
package enum CharsetTable {
    /// The Unicode blocks whose letters are indexed besides ASCII: Latin-1
    /// letters, Latin Extended-A and -B, Greek, Cyrillic, Latin Extended
    /// Additional and Greek Extended.
    private static let blocks: [ClosedRange<UInt32>] = [
        0xC0...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x1E00...0x1EFF, 0x1F00...0x1FFF,
    ]

    /// The table's entries: `0..9`, `A..Z->a..z`, `a..z`, then one
    /// `U+XXXX` (indexed as itself) or `U+XXXX->U+YYYY` (folded) per letter.
    /// A letter that folds to two (`ß` to `ss`) is left out: the search folds
    /// texts itself before they reach the cluster.
    package static let lines: [String] = {
        var lines = ["0..9", "A..Z->a..z", "a..z"]
        for block in blocks {
            for value in block {
                guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic else { continue }
                let folded = Array(TextNormalizer.fold(String(scalar)).unicodeScalars)
                guard folded.count == 1 else { continue }
                let hex = String(value, radix: 16, uppercase: true)
                lines.append(
                    folded[0] == scalar
                        ? "U+\(hex)" : "U+\(hex)->U+\(String(folded[0].value, radix: 16, uppercase: true))")
            }
        }
        return lines
    }()

    /// Whether the cluster indexes `scalar` as part of a word once folded.
    package static func indexes(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x61...0x7A: true
        case 0x41...0x5A: true
        default: indexed.contains(scalar.value)
        }
    }

    private static let indexed: Set<UInt32> = Set(
        lines.dropFirst(3).compactMap { line in
            UInt32(line.dropFirst(2).prefix { $0 != "-" }, radix: 16)
        })
}
