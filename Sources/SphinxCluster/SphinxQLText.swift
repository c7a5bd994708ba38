import TextMatching

/// Puts user text into SphinxQL safely, in two layers: the words of a
/// full-text query are reduced to the letters and digits the cluster
/// indexes, with every operator character escaped, and the whole is then
/// written as an SQL string literal.
package enum SphinxQLText {
    /// `text` as the body of a single-quoted SphinxQL string: backslash and
    /// quote escaped. NUL, which a SphinxQL statement cannot carry, and the
    /// other C0 controls become spaces (in searched text they separate words
    /// anyway).
    package static func sqlString(_ text: String) -> String {
        let needsEscape = text.utf8.contains { $0 == 0x5C || $0 == 0x27 || $0 < 0x20 || $0 == 0x7F }
        guard needsEscape else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x5C, 0x27: bytes += [0x5C, byte]
            case 0..<0x20, 0x7F: bytes.append(0x20)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The characters that mean something in Sphinx's extended query syntax.
    private static let operators: Set<Unicode.Scalar> = [
        "\\", "(", ")", "|", "-", "!", "@", "~", "\"", "&", "/", "^", "$", "=", "<", ">", "*", "?", "'", ":", "[",
        "]",
    ]

    /// `word` with every operator character backslash-escaped, for a
    /// full-text query.
    package static func fullTextEscaped(_ word: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in word.unicodeScalars {
            if operators.contains(scalar) { out.append("\\") }
            out.append(scalar)
        }
        return String(out)
    }

    /// The words the cluster indexes in `text`, folded as the matcher folds:
    /// the runs of characters ``CharsetTable`` indexes; everything else
    /// separates them.
    package static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in TextNormalizer.fold(text).unicodeScalars {
            if CharsetTable.indexes(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// `text` folded, with every character the cluster does not index
    /// turned into a space: what a full-text field stores.
    package static func indexedText(_ text: String) -> String {
        words(text).joined(separator: " ")
    }
}
