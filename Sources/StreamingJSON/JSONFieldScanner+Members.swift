import RawBytes

extension JSONFieldScanner {
    /// The raw bytes of a member key, between its quotes.
    struct MemberKey {
        /// The index of the opening quote.
        var open: Int
        /// The index of the first byte after the opening quote.
        var start: Int
        /// The number of bytes between the quotes.
        var length: Int
        /// What the key held.
        var shape: JSONSkipCursor.StringShape
    }

    /// The first eight bytes (fewer when shorter) of the `length` bytes at
    /// `start`, little-endian, zero-padded.
    @inline(__always)
    static func prefix(_ bytes: Span<UInt8>, from start: Int, length: Int) -> UInt64 {
        if length >= 8 {
            return bytes.loadUInt64(at: start)
        }
        if start + 8 <= bytes.count {
            return bytes.loadUInt64(at: start) & ((1 << UInt64(length * 8)) &- 1)
        }
        var word: UInt64 = 0
        var index = 0
        while index < length {
            word |= UInt64(bytes[start + index]) << UInt64(index * 8)
            index += 1
        }
        return word
    }

    /// Scans a whole document: a top-level object member by member, any
    /// other value by skipping it.
    func scanDocument(
        _ cursor: inout JSONSkipCursor,
        into values: inout MutableSpan<JSONValue?>
    ) throws(JSONParseError) -> Bool {
        cursor.skipByteOrderMark()
        cursor.skipWhitespace()
        guard cursor.position < cursor.count else {
            throw JSONParseError.endOfInput(at: cursor.position)
        }
        guard cursor.bytes[cursor.position] == ASCII.openBrace else {
            try cursor.skipValue(depthLimit: maxDepth)
            try cursor.expectEndOfInput()
            return false
        }
        guard maxDepth > 0 else {
            throw JSONParseError.nestingTooDeep(at: cursor.position, maxDepth: maxDepth)
        }
        cursor.position += 1
        cursor.skipWhitespace()
        if cursor.position < cursor.count, cursor.bytes[cursor.position] == ASCII.closeBrace {
            cursor.position += 1
        } else {
            try scanMembers(&cursor, into: &values)
        }
        try cursor.expectEndOfInput()
        return true
    }

    /// Scans the members of the top-level object, from the first key to the
    /// closing brace.
    private func scanMembers(
        _ cursor: inout JSONSkipCursor,
        into values: inout MutableSpan<JSONValue?>
    ) throws(JSONParseError) {
        let bytes = cursor.bytes
        while true {
            try cursor.expectKeyQuote()
            let open = cursor.position
            let shape = try cursor.skipString()
            let length = cursor.position - open - 2
            let match: Int
            if keySpans.isEmpty {
                match = -1
            } else if allKeysASCII, !shape.hasEscapes, !shape.hasNonASCII {
                // No wanted key has this length: nothing to compare.
                match =
                    length < 64 && keyLengths & (1 << UInt64(length)) == 0
                    ? -1
                    : plainMatch(
                        bytes, at: open + 1, length: length,
                        prefix: Self.prefix(bytes, from: open + 1, length: length))
            } else {
                match = try decodedMatch(
                    MemberKey(open: open, start: open + 1, length: length, shape: shape), bytes)
            }
            try cursor.expectColon()
            if match < 0 {
                // The common values inline; the rest, and whitespace, in
                // `skipValue`.
                let first = cursor.position < cursor.count ? bytes[cursor.position] : 0
                if first == ASCII.quote {
                    _ = try cursor.skipString()
                } else if ASCII.isDigit(first) {
                    cursor.position = try JSONNumberGrammar.scan(bytes, from: cursor.position)
                } else {
                    try cursor.skipValue(depthLimit: maxDepth - 1)
                }
            } else {
                let value: JSONValue
                let open = cursor.position
                if open < cursor.count, bytes[open] == ASCII.quote, !(try cursor.skipString().hasEscapes) {
                    value = .string(String(decodingUTF8: bytes.extracting(open + 1..<cursor.position - 1)))
                } else {
                    cursor.position = open
                    value = try scanValue(&cursor)
                }
                var next = nextEqualKey[match]
                while next >= 0 {
                    values[next] = value
                    next = nextEqualKey[next]
                }
                values[match] = consume value
            }
            cursor.skipWhitespace()
            guard cursor.position < cursor.count else {
                throw JSONParseError.endOfInput(at: cursor.position)
            }
            let next = bytes[cursor.position]
            cursor.position += 1
            if next == ASCII.comma {
                cursor.skipWhitespace()
                continue
            }
            guard next == ASCII.closeBrace else {
                throw JSONParseError.unexpected(
                    next, at: cursor.position - 1, expected: "',' or '}' after object member")
            }
            return
        }
    }

    /// The index of the first wanted key whose bytes are the `length` bytes
    /// at `start` of `bytes`, or -1; both are ASCII, so equal bytes mean
    /// equal keys.
    @inline(__always)
    func plainMatch(_ bytes: Span<UInt8>, at start: Int, length: Int, prefix: UInt64) -> Int {
        var index = 0
        while index < keySpans.count {
            let span = keySpans[index]
            if span.prefix == prefix, span.length == length, restMatches(span, bytes, at: start) {
                return index
            }
            index += 1
        }
        return -1
    }

    /// Whether the bytes of `span` after the eighth equal those at `start`
    /// of `bytes`.
    @inline(__always)
    func restMatches(_ span: KeySpan, _ bytes: Span<UInt8>, at start: Int) -> Bool {
        var offset = 8
        while offset < span.length {
            if keyBytes[span.start + offset] != bytes[start + offset] {
                return false
            }
            offset += 1
        }
        return true
    }

    /// The index of the first wanted key that names the member `key`, or
    /// -1, when the key or a wanted key holds escapes or non-ASCII text.
    ///
    /// Equal bytes still mean equal keys; otherwise `String` equality
    /// (canonical equivalence) decides, as it does for `JSONObject`'s
    /// subscript.
    private func decodedMatch(_ key: MemberKey, _ bytes: Span<UInt8>) throws(JSONParseError) -> Int {
        var decoded: String?
        for (index, span) in keySpans.enumerated() {
            if !key.shape.hasEscapes {
                let prefix = Self.prefix(bytes, from: key.start, length: key.length)
                if span.prefix == prefix, span.length == key.length, restMatches(span, bytes, at: key.start) {
                    return index
                }
                if span.isASCII, !key.shape.hasNonASCII {
                    continue
                }
            }
            if decoded == nil {
                decoded = try decodedKey(key, bytes)
            }
            if decoded == keys[index] {
                return index
            }
        }
        return -1
    }

    /// The member key as a `String`, with its escapes decoded.
    private func decodedKey(_ key: MemberKey, _ bytes: Span<UInt8>) throws(JSONParseError) -> String {
        guard key.shape.hasEscapes else {
            return String(decodingUTF8: bytes.extracting(key.start..<key.start + key.length))
        }
        return try withByteParser(bytes, at: key.open) { parser throws(JSONParseError) in
            try parser.parseString()
        }
    }

    /// Builds the value at the cursor (after optional whitespace) and moves
    /// past it: scalars here, strings with escapes and containers with the
    /// parser.
    private func scanValue(_ cursor: inout JSONSkipCursor) throws(JSONParseError) -> JSONValue {
        cursor.skipWhitespace()
        guard cursor.position < cursor.count else {
            throw JSONParseError.endOfInput(at: cursor.position)
        }
        let start = cursor.position
        let bytes = cursor.bytes
        switch bytes[start] {
        case ASCII.quote:
            let shape = try cursor.skipString()
            if !shape.hasEscapes {
                return .string(String(decodingUTF8: bytes.extracting(start + 1..<cursor.position - 1)))
            }
        case ASCII.minus, ASCII.zero...ASCII.nine:
            cursor.position = try JSONNumberGrammar.scan(bytes, from: start)
            return .number(String(decodingUTF8: bytes.extracting(start..<cursor.position)))
        case 0x74:  // t
            cursor.position = try JSONLiteralGrammar.scan(.true, bytes, from: start)
            return .bool(true)
        case 0x66:  // f
            cursor.position = try JSONLiteralGrammar.scan(.false, bytes, from: start)
            return .bool(false)
        case 0x6E:  // n
            cursor.position = try JSONLiteralGrammar.scan(.null, bytes, from: start)
            return .null
        default:
            break
        }
        // A string with escapes, a container, or an error: the parser builds
        // it, or throws what it would have thrown at this point.
        let depthLimit = maxDepth - 1
        let (value, end) = try withByteParser(bytes, at: start) { parser throws(JSONParseError) in
            (try parser.parseValue(depthLimit: depthLimit), parser.position)
        }
        cursor.position = end
        return value
    }

    /// Runs `body` with a parser over `bytes` whose cursor is at `position`.
    private func withByteParser<Result>(
        _ bytes: Span<UInt8>,
        at position: Int,
        _ body: (inout JSONByteParser) throws(JSONParseError) -> Result
    ) throws(JSONParseError) -> Result {
        try JSONByteParser.withParser(over: bytes, maxDepth: maxDepth) { parser throws(JSONParseError) in
            parser.position = position
            return try body(&parser)
        }
    }
}
