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
    ///   - bytes: The input.
    ///   - start: The index of the number's first byte.
    /// - Returns: The index just past the number.
    /// - Throws: A `JSONParseError` at the first byte that breaks the grammar.
    @inline(__always)
    static func scan(_ bytes: Span<UInt8>, from start: Int) throws(JSONParseError) -> Int {
        let count = bytes.count
        var index = start
        if bytes[index] == ASCII.minus {
            index += 1
        }
        guard index < count else {
            throw JSONParseError(offset: index, reason: "expected digit after '-'")
        }
        let first = bytes[index]
        if first == ASCII.zero {
            index += 1
            if index < count, ASCII.isDigit(bytes[index]) {
                throw JSONParseError(offset: index - 1, reason: "leading zero in number")
            }
        } else if ASCII.isDigit(first) {
            index += 1
            while index < count, ASCII.isDigit(bytes[index]) {
                index += 1
            }
        } else {
            let reason = index > start ? "expected digit after '-'" : "expected digit"
            throw JSONParseError(offset: index, reason: reason)
        }
        if index < count, bytes[index] == ASCII.period {
            index += 1
            guard index < count, ASCII.isDigit(bytes[index]) else {
                throw JSONParseError(offset: index, reason: "expected digit after '.' in number")
            }
            while index < count, ASCII.isDigit(bytes[index]) {
                index += 1
            }
        }
        if index < count, bytes[index] | 0x20 == ASCII.lowerE {
            index += 1
            if index < count, bytes[index] == ASCII.plus || bytes[index] == ASCII.minus {
                index += 1
            }
            guard index < count, ASCII.isDigit(bytes[index]) else {
                throw JSONParseError(offset: index, reason: "expected digit in exponent")
            }
            while index < count, ASCII.isDigit(bytes[index]) {
                index += 1
            }
        }
        return index
    }

    /// Whether `bytes` are exactly one JSON number.
    static func isNumber(_ bytes: Span<UInt8>) -> Bool {
        !bytes.isEmpty && (try? scan(bytes, from: 0)) == bytes.count
    }
}
