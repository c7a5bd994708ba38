/// Puts text into SphinxQL safely: as the body of an SQL string literal.
/// Full-text expressions need no escaping of their own: they are made of
/// tokens of ``TokenSpelling``, which holds no operator character.
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
}
