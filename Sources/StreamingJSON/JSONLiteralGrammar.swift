/// The three literal names of JSON (`true`, `false`, `null`), checked the
/// same way by the parser and the field scanner.
enum JSONLiteralGrammar {
    /// One of the literal names.
    enum Literal {
        case `true`, `false`, null

        /// The name's bytes, the first in the lowest eight bits.
        var bytes: UInt64 {
            switch self {
            case .true: 0x65_75_72_74  // "true"
            case .false: 0x65_73_6C_61_66  // "false"
            case .null: 0x6C_6C_75_6E  // "null"
            }
        }

        /// The number of bytes in the name.
        var length: Int {
            self == .false ? 5 : 4
        }
    }

    /// Checks that `literal` is at `start`, whose first byte the caller has
    /// already matched.
    /// - Parameters:
    ///   - literal: `true`, `false` or `null`.
    ///   - bytes: The input.
    ///   - start: The index of the literal's first byte.
    /// - Returns: The index just past the literal.
    /// - Throws: A `JSONParseError` at the end of input, or at `start` when
    ///   another byte breaks the literal.
    @inline(__always)
    static func scan(_ literal: Literal, _ bytes: Span<UInt8>, from start: Int) throws(JSONParseError) -> Int {
        let length = literal.length
        var expected = literal.bytes &>> 8  // The caller has seen the first byte.
        var index = 1
        while index < length {
            guard start + index < bytes.count else {
                throw JSONParseError.endOfInput(at: start + index)
            }
            guard bytes[start + index] == UInt8(truncatingIfNeeded: expected) else {
                throw JSONParseError(offset: start, reason: "invalid literal, expected '\(literal)'")
            }
            expected &>>= 8
            index += 1
        }
        return start + length
    }
}
