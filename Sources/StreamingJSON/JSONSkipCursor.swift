/// A cursor that validates JSON and moves past it without building values.
///
/// Every check, and the order of the checks, is the one `JSONByteParser`
/// makes, so that skipping a value throws exactly the error (offset and
/// reason) that parsing it would have thrown. Nesting uses a bit stack, not
/// recursion. It is a view of the input, and lasts no longer than the
/// bytes it reads.
struct JSONSkipCursor: ~Escapable {
    /// What a skipped string held, for a caller that wants to decode it.
    struct StringShape {
        /// Whether the string holds at least one backslash escape.
        var hasEscapes = false
        /// Whether the string holds at least one byte from 0x80.
        var hasNonASCII = false
    }

    /// The input.
    let bytes: Span<UInt8>
    /// The index of the next byte to read.
    var position: Int
    /// The deepest nesting of arrays and objects allowed, for messages.
    let maxDepth: Int

    /// A cursor at the first byte of `bytes`.
    @_lifetime(copy bytes)
    init(bytes: Span<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.position = 0
        self.maxDepth = maxDepth
    }

    /// The number of bytes in the input.
    var count: Int {
        @inline(__always) get { bytes.count }
    }

    // MARK: Around the document

    /// Moves past a UTF-8 byte-order mark at the very start.
    mutating func skipByteOrderMark() {
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
        }
    }

    /// Checks that only whitespace is left.
    mutating func expectEndOfInput() throws(JSONParseError) {
        skipWhitespace()
        if position < count {
            throw JSONParseError.unexpected(
                bytes[position], at: position, expected: "end of input after the JSON value")
        }
    }

    /// Moves the cursor past JSON whitespace.
    @inline(__always)
    mutating func skipWhitespace() {
        while position < count, ASCII.isWhitespace(bytes[position]) {
            position += 1
        }
    }

    // MARK: Values

    /// Moves past one value at the cursor (after optional whitespace), with
    /// at most `depthLimit` arrays and objects nested inside each other.
    @inline(__always)
    mutating func skipValue(depthLimit: Int) throws(JSONParseError) {
        skipWhitespace()
        guard position < count else {
            throw JSONParseError.endOfInput(at: position)
        }
        switch bytes[position] {
        case ASCII.quote:
            _ = try skipString()
        case ASCII.minus, ASCII.zero...ASCII.nine:
            position = try JSONNumberGrammar.scan(bytes, from: position)
        default:
            try skipNestedValue(depthLimit: depthLimit)
        }
    }

    /// The general case of `skipValue(depthLimit:)`: containers, literals
    /// and errors.
    private mutating func skipNestedValue(depthLimit: Int) throws(JSONParseError) {
        var open = ContainerKindStack()
        // As in `JSONByteParser.parseValue`: each pass of the outer loop
        // moves past one value, or past the opening of a container.
        nextValue: while true {
            skipWhitespace()
            guard position < count else {
                throw JSONParseError.endOfInput(at: position)
            }
            let byte = bytes[position]
            switch byte {
            case ASCII.quote:
                _ = try skipString()
            case ASCII.openBrace:
                guard open.depth < depthLimit else {
                    throw JSONParseError.nestingTooDeep(at: position, maxDepth: maxDepth)
                }
                position += 1
                skipWhitespace()
                if position < count, bytes[position] == ASCII.closeBrace {
                    position += 1
                } else {
                    open.push(isObject: true)
                    try skipKey()
                    continue nextValue
                }
            case ASCII.openBracket:
                guard open.depth < depthLimit else {
                    throw JSONParseError.nestingTooDeep(at: position, maxDepth: maxDepth)
                }
                position += 1
                skipWhitespace()
                if position < count, bytes[position] == ASCII.closeBracket {
                    position += 1
                } else {
                    open.push(isObject: false)
                    continue nextValue
                }
            case ASCII.minus, ASCII.zero...ASCII.nine:
                position = try JSONNumberGrammar.scan(bytes, from: position)
            case 0x74:  // t
                position = try JSONLiteralGrammar.scan(.true, bytes, from: position)
            case 0x66:  // f
                position = try JSONLiteralGrammar.scan(.false, bytes, from: position)
            case 0x6E:  // n
                position = try JSONLiteralGrammar.scan(.null, bytes, from: position)
            default:
                throw JSONParseError.unexpected(byte, at: position, expected: "a value")
            }

            // A value is complete: close every container that ends after it.
            while open.depth > 0 {
                skipWhitespace()
                guard position < count else {
                    throw JSONParseError.endOfInput(at: position)
                }
                let next = bytes[position]
                position += 1
                if open.topIsObject {
                    if next == ASCII.comma {
                        skipWhitespace()
                        try skipKey()
                        continue nextValue
                    }
                    guard next == ASCII.closeBrace else {
                        throw JSONParseError.unexpected(
                            next, at: position - 1, expected: "',' or '}' after object member")
                    }
                } else {
                    if next == ASCII.comma {
                        continue nextValue
                    }
                    guard next == ASCII.closeBracket else {
                        throw JSONParseError.unexpected(
                            next, at: position - 1, expected: "',' or ']' after array element")
                    }
                }
                open.pop()
            }
            return
        }
    }

    /// Moves past `"key"` and the `:` after it.
    private mutating func skipKey() throws(JSONParseError) {
        try expectKeyQuote()
        _ = try skipString()
        try expectColon()
    }

    /// Checks that an object key's opening quote is at the cursor.
    @inline(__always)
    func expectKeyQuote() throws(JSONParseError) {
        guard position < count else {
            throw JSONParseError.endOfInput(at: position)
        }
        guard bytes[position] == ASCII.quote else {
            throw JSONParseError.unexpected(bytes[position], at: position, expected: "'\"' to start an object key")
        }
    }

    /// Moves past whitespace and the `:` after an object key.
    @inline(__always)
    mutating func expectColon() throws(JSONParseError) {
        skipWhitespace()
        guard position < count else {
            throw JSONParseError.endOfInput(at: position)
        }
        guard bytes[position] == ASCII.colon else {
            throw JSONParseError.unexpected(bytes[position], at: position, expected: "':' after object key")
        }
        position += 1
    }

    // MARK: Strings

    /// Moves past the string whose opening quote is at the cursor, checking
    /// its escapes, its UTF-8 and that it holds no raw control character.
    /// - Returns: Whether it held escapes or non-ASCII bytes.
    @inline(__always)
    mutating func skipString() throws(JSONParseError) -> StringShape {
        let open = position
        var index = position + 1
        var shape = StringShape()
        while true {
            index = StringByteScanner.firstSpecialByte(in: bytes, from: index, threshold: 0x80)
            guard index < count else {
                throw JSONParseError.unterminatedString(at: open)
            }
            let byte = bytes[index]
            if byte == ASCII.quote {
                position = index + 1
                return shape
            }
            if byte == ASCII.backslash {
                shape.hasEscapes = true
                index = try endOfEscape(at: index, open: open)
            } else if byte < 0x20 {
                throw JSONParseError.controlCharacter(byte, at: index)
            } else {
                shape.hasNonASCII = true
                index = try StringByteScanner.endOfUTF8Sequence(in: bytes, at: index)
            }
        }
    }

    /// Checks the escape whose backslash is at `index`, and returns the index
    /// just past it.
    ///
    /// The two halves of a surrogate pair are checked one after the other:
    /// the parser accepts a `\u` escape of any four hex digits.
    private func endOfEscape(at index: Int, open: Int) throws(JSONParseError) -> Int {
        guard index + 1 < count else {
            throw JSONParseError.unterminatedString(at: open)
        }
        switch bytes[index + 1] {
        case ASCII.quote, ASCII.backslash, ASCII.slash, 0x62, 0x66, 0x6E, 0x72, 0x74:  // " \ / b f n r t
            return index + 2
        case 0x75:  // u
            guard ASCII.hexQuad(bytes, at: index + 2) != nil else {
                throw JSONParseError.invalidUnicodeEscape(at: index)
            }
            return index + 6
        default:
            throw JSONParseError.invalidEscape(bytes[index + 1], at: index)
        }
    }
}
