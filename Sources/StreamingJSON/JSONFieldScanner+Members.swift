extension JSONFieldScanner {
    /// The raw bytes of a member key, between its quotes.
    struct MemberKey {
        /// The index of the opening quote.
        var open: Int
        /// The first byte after the opening quote.
        var start: UnsafePointer<UInt8>
        /// The number of bytes between the quotes.
        var length: Int
        /// Its first eight bytes (fewer when it is shorter), as `KeySpan.prefix`.
        var prefix: UInt64
        /// What the key held.
        var shape: JSONSkipCursor.StringShape
        /// The key as a `String`, once it has been needed.
        var decoded: String?
    }

    /// The first eight bytes (fewer when shorter) of the `length` bytes at
    /// `start`, little-endian, zero-padded.
    @inline(__always)
    static func prefix(_ base: UnsafePointer<UInt8>, from start: Int, length: Int, count: Int) -> UInt64 {
        if length >= 8 {
            return UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        }
        if start + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            return word & ((1 << UInt64(length * 8)) &- 1)
        }
        var word: UInt64 = 0
        var index = 0
        while index < length {
            word |= UInt64(base[start + index]) << UInt64(index * 8)
            index += 1
        }
        return word
    }

    /// Scans a whole document: a top-level object member by member, any
    /// other value by skipping it.
    func scanDocument(
        _ cursor: inout JSONSkipCursor,
        _ bytes: UnsafeRawBufferPointer,
        into values: inout [JSONValue?]
    ) throws(JSONParseError) -> Bool {
        cursor.skipByteOrderMark()
        cursor.skipWhitespace()
        guard cursor.position < cursor.count else {
            throw JSONParseError.endOfInput(at: cursor.position)
        }
        guard cursor.base[cursor.position] == ASCII.openBrace else {
            try cursor.skipValue(depthLimit: maxDepth)
            try cursor.expectEndOfInput()
            return false
        }
        guard maxDepth > 0 else {
            throw JSONParseError.nestingTooDeep(at: cursor.position, maxDepth: maxDepth)
        }
        cursor.position += 1
        cursor.skipWhitespace()
        if cursor.position < cursor.count, cursor.base[cursor.position] == ASCII.closeBrace {
            cursor.position += 1
        } else {
            try scanMembers(&cursor, bytes, into: &values)
        }
        try cursor.expectEndOfInput()
        return true
    }

    /// Scans the members of the top-level object, from the first key to the
    /// closing brace.
    private func scanMembers(
        _ cursor: inout JSONSkipCursor,
        _ bytes: UnsafeRawBufferPointer,
        into values: inout [JSONValue?]
    ) throws(JSONParseError) {
        while true {
            try cursor.expectKeyQuote()
            let open = cursor.position
            let shape = try cursor.skipString()
            let length = cursor.position - open - 2
            var key = MemberKey(
                open: open,
                start: cursor.base + open + 1,
                length: length,
                prefix: Self.prefix(cursor.base, from: open + 1, length: length, count: cursor.count),
                shape: shape
            )
            try cursor.expectColon()
            if var index = try firstMatch(from: 0, for: &key, bytes) {
                let value = try scanValue(&cursor, bytes)
                values[index] = value
                while let next = try firstMatch(from: index + 1, for: &key, bytes) {
                    values[next] = value
                    index = next
                }
            } else {
                try cursor.skipValue(depthLimit: maxDepth - 1)
            }
            cursor.skipWhitespace()
            guard cursor.position < cursor.count else {
                throw JSONParseError.endOfInput(at: cursor.position)
            }
            let next = cursor.base[cursor.position]
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

    /// The index of the first wanted key, from `first` on, that names the
    /// member `key`; or `nil`.
    @inline(__always)
    private func firstMatch(
        from first: Int,
        for key: inout MemberKey,
        _ bytes: UnsafeRawBufferPointer
    ) throws(JSONParseError) -> Int? {
        var index = first
        if allKeysASCII, !key.shape.hasEscapes, !key.shape.hasNonASCII {
            // Two ASCII keys are the same key exactly when their bytes are.
            while index < keySpans.count {
                if sameBytes(keySpans[index], key) {
                    return index
                }
                index += 1
            }
            return nil
        }
        while index < keySpans.count {
            if try matches(index, &key, bytes) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Whether the wanted key at `index` names the member `key`, when either
    /// is not plain ASCII.
    private func matches(_ index: Int, _ key: inout MemberKey, _ bytes: UnsafeRawBufferPointer) throws(JSONParseError)
        -> Bool
    {
        let span = keySpans[index]
        if !key.shape.hasEscapes {
            if sameBytes(span, key) {
                return true
            }
            if span.isASCII, !key.shape.hasNonASCII {
                return false
            }
        }
        // With escapes or non-ASCII text, `String` equality (canonical
        // equivalence) decides, as it does for `JSONObject`'s subscript.
        return try decodedKey(&key, bytes) == keys[index]
    }

    /// Whether the wanted key `span` and the raw member key have the same
    /// bytes.
    @inline(__always)
    private func sameBytes(_ span: KeySpan, _ key: MemberKey) -> Bool {
        guard span.length == key.length, span.prefix == key.prefix else {
            return false
        }
        var offset = 8
        while offset < span.length {
            if keyBytes[span.start + offset] != key.start[offset] {
                return false
            }
            offset += 1
        }
        return true
    }

    /// The member key as a `String`, decoded once.
    private func decodedKey(_ key: inout MemberKey, _ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> String {
        if let decoded = key.decoded {
            return decoded
        }
        let decoded: String
        if key.shape.hasEscapes {
            decoded = try withByteParser(bytes, at: key.open) { parser throws(JSONParseError) in
                try parser.parseString()
            }
        } else {
            decoded = String(decoding: UnsafeBufferPointer(start: key.start, count: key.length), as: UTF8.self)
        }
        key.decoded = decoded
        return decoded
    }

    /// Builds the value at the cursor (after optional whitespace) and moves
    /// past it: scalars here, strings with escapes and containers with the
    /// parser.
    private func scanValue(_ cursor: inout JSONSkipCursor, _ bytes: UnsafeRawBufferPointer) throws(JSONParseError)
        -> JSONValue
    {
        cursor.skipWhitespace()
        guard cursor.position < cursor.count else {
            throw JSONParseError.endOfInput(at: cursor.position)
        }
        let start = cursor.position
        let base = cursor.base
        switch base[start] {
        case ASCII.quote:
            let shape = try cursor.skipString()
            if !shape.hasEscapes {
                let text = UnsafeBufferPointer(start: base + start + 1, count: cursor.position - start - 2)
                return .string(String(decoding: text, as: UTF8.self))
            }
        case ASCII.minus, ASCII.zero...ASCII.nine:
            cursor.position = try JSONNumberGrammar.scan(base, from: start, count: cursor.count)
            let text = UnsafeBufferPointer(start: base + start, count: cursor.position - start)
            return .number(String(decoding: text, as: UTF8.self))
        case 0x74:  // t
            cursor.position = try JSONLiteralGrammar.scan("true", base, from: start, count: cursor.count)
            return .bool(true)
        case 0x66:  // f
            cursor.position = try JSONLiteralGrammar.scan("false", base, from: start, count: cursor.count)
            return .bool(false)
        case 0x6E:  // n
            cursor.position = try JSONLiteralGrammar.scan("null", base, from: start, count: cursor.count)
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
        _ bytes: UnsafeRawBufferPointer,
        at position: Int,
        _ body: (inout JSONByteParser) throws(JSONParseError) -> Result
    ) throws(JSONParseError) -> Result {
        try JSONByteParser.withParser(over: bytes, maxDepth: maxDepth) { parser throws(JSONParseError) in
            parser.position = position
            return try body(&parser)
        }
    }
}
