extension JSONParseError {
    /// The error for input that ends where more was needed.
    static func endOfInput(at offset: Int) -> JSONParseError {
        JSONParseError(offset: offset, reason: "unexpected end of input")
    }

    /// The error for `byte` at `offset` where `expected` should have been.
    static func unexpected(_ byte: UInt8, at offset: Int, expected: String) -> JSONParseError {
        if byte == 0 {
            return JSONParseError(offset: offset, reason: "unexpected NUL byte, expected \(expected)")
        }
        return JSONParseError(offset: offset, reason: "expected \(expected), found \(ASCII.describe(byte))")
    }

    /// The error for an array or object that opens at `offset`, deeper than
    /// `maxDepth`.
    static func nestingTooDeep(at offset: Int, maxDepth: Int) -> JSONParseError {
        JSONParseError(offset: offset, reason: "nesting deeper than \(maxDepth)")
    }

    /// The error for a string whose opening quote is at `offset` and which
    /// never closes.
    static func unterminatedString(at offset: Int) -> JSONParseError {
        JSONParseError(offset: offset, reason: "unterminated string")
    }

    /// The error for a raw control character inside a string.
    static func controlCharacter(_ byte: UInt8, at offset: Int) -> JSONParseError {
        if byte == 0 {
            return JSONParseError(offset: offset, reason: "unexpected NUL byte in string")
        }
        return JSONParseError(
            offset: offset,
            reason: "unescaped control character U+\(ASCII.hex(UInt32(byte), digits: 4)) in string"
        )
    }

    /// The error for a backslash at `offset` followed by `escaped`, which no
    /// JSON escape starts with.
    static func invalidEscape(_ escaped: UInt8, at offset: Int) -> JSONParseError {
        JSONParseError(
            offset: offset,
            reason: "invalid escape '\\\(String(decoding: CollectionOfOne(escaped), as: UTF8.self))'"
        )
    }

    /// The error for a `\u` at `offset` without four hex digits after it.
    static func invalidUnicodeEscape(at offset: Int) -> JSONParseError {
        JSONParseError(offset: offset, reason: "invalid \\u escape, expected four hex digits")
    }

    /// The error for a malformed UTF-8 sequence whose lead byte is at `offset`.
    static func invalidUTF8(at offset: Int) -> JSONParseError {
        JSONParseError(offset: offset, reason: "invalid UTF-8")
    }
}
