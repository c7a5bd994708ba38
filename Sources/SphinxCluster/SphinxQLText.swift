/// Puts text into SphinxQL safely: as the body of an SQL string literal.
/// Full-text expressions need no escaping of their own: they are made of
/// tokens of ``TokenSpelling``, which holds no operator character.
package enum SphinxQLText {
    /// `text` as the body of a single-quoted SphinxQL string: backslash and
    /// quote escaped. NUL, which a SphinxQL statement cannot carry, and the
    /// other C0 controls become spaces (in searched text they separate words
    /// anyway).
    package static func sqlString(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscape) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        appendSQLString(text.utf8, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text`, UTF-8, as ``sqlString(_:)`` writes it.
    static func appendSQLString(_ text: some Collection<UInt8>, to output: inout [UInt8]) {
        guard text.contains(where: needsEscape) else {
            output.append(contentsOf: text)
            return
        }
        for byte in text {
            switch byte {
            case 0x5C, 0x27:
                output.append(0x5C)
                output.append(byte)
            case 0..<0x20, 0x7F: output.append(0x20)
            default: output.append(byte)
            }
        }
    }

    /// Whether ``sqlString(_:)`` writes `byte` otherwise.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == 0x5C || byte == 0x27 || byte < 0x20 || byte == 0x7F
    }
}
