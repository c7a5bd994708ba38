/// The number grammar of RFC 8259, section 6, shared by the parser (which
/// reports where a number goes wrong) and the writer (which checks the text of
/// a `JSONValue.number` before writing it bare).
///
/// ```
/// number = [ "-" ] int [ "." 1*DIGIT ] [ ( "e" / "E" ) [ "-" / "+" ] 1*DIGIT ]
/// int    = "0" / ( %x31-39 *DIGIT )
/// ```
enum JSONNumberGrammar {
    /// Scans the longest number that starts at `start`.
    /// - Parameters:
    ///   - base: The first byte of the input.
    ///   - start: The index of the number's first byte.
    ///   - count: The number of bytes in the input.
    /// - Returns: The index just past the number.
    /// - Throws: A `JSONParseError` at the first byte that breaks the grammar.
    @inline(__always)
    static func scan(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) throws(JSONParseError) -> Int {
        var index = start
        if base[index] == ASCII.minus {
            index += 1
        }
        guard index < count else {
            throw JSONParseError(offset: index, reason: "expected digit after '-'")
        }
        let first = base[index]
        if first == ASCII.zero {
            index += 1
            if index < count, ASCII.isDigit(base[index]) {
                throw JSONParseError(offset: index - 1, reason: "leading zero in number")
            }
        } else if ASCII.isDigit(first) {
            index += 1
            while index < count, ASCII.isDigit(base[index]) {
                index += 1
            }
        } else {
            let reason = index > start ? "expected digit after '-'" : "expected digit"
            throw JSONParseError(offset: index, reason: reason)
        }
        if index < count, base[index] == ASCII.period {
            index += 1
            guard index < count, ASCII.isDigit(base[index]) else {
                throw JSONParseError(offset: index, reason: "expected digit after '.' in number")
            }
            while index < count, ASCII.isDigit(base[index]) {
                index += 1
            }
        }
        if index < count, base[index] | 0x20 == ASCII.lowerE {
            index += 1
            if index < count, base[index] == ASCII.plus || base[index] == ASCII.minus {
                index += 1
            }
            guard index < count, ASCII.isDigit(base[index]) else {
                throw JSONParseError(offset: index, reason: "expected digit in exponent")
            }
            while index < count, ASCII.isDigit(base[index]) {
                index += 1
            }
        }
        return index
    }

    /// Whether `bytes` are exactly one JSON number.
    static func isNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        return (try? scan(base, from: 0, count: bytes.count)) == bytes.count
    }
}
