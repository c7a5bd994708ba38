import RawBytes

extension JSONByteParser {
    /// Parses the string whose opening quote is at the cursor, and leaves the
    /// cursor after its closing quote.
    ///
    /// A string without escapes becomes a `String` straight from the input
    /// bytes; one with escapes is decoded once into the scratch buffer.
    mutating func parseString() throws(JSONParseError) -> String {
        let open = position
        let start = position + 1
        var index = start
        while true {
            index = nextSpecialByte(from: index)
            guard index < count else {
                throw JSONParseError(offset: open, reason: "unterminated string")
            }
            let byte = bytes[index]
            if byte == ASCII.quote {
                position = index + 1
                return makeString(start..<index)
            }
            if byte == ASCII.backslash {
                return try parseEscapedString(open: open, start: start, firstEscape: index)
            }
            if byte < 0x20 {
                throw controlCharacterError(byte, at: index)
            }
            index = try validateUTF8Sequence(at: index)
        }
    }

    /// The string of the input bytes `range`, which are valid UTF-8: from
    /// the cache when there is one.
    @inline(__always)
    mutating func makeString(_ range: Range<Int>) -> String {
        guard let cache else {
            return String(decodingUTF8: bytes.extracting(range))
        }
        return cache.string(in: bytes, at: range.lowerBound, count: range.count)
    }

    /// Finishes a string that holds at least one escape, starting at the
    /// backslash at `firstEscape`.
    private mutating func parseEscapedString(open: Int, start: Int, firstEscape: Int) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(copying: bytes.extracting(start..<firstEscape))
        var index = firstEscape
        while true {
            guard index < count else {
                throw JSONParseError(offset: open, reason: "unterminated string")
            }
            let byte = bytes[index]
            if byte == ASCII.quote {
                position = index + 1
                return String(decoding: scratch, as: UTF8.self)
            } else if byte == ASCII.backslash {
                index = try decodeEscape(at: index, open: open)
            } else if byte < 0x20 {
                throw controlCharacterError(byte, at: index)
            } else {
                let end = try validateUTF8Sequence(at: index)
                scratch.append(copying: bytes.extracting(index..<end))
                index = end
            }
            let runEnd = nextSpecialByte(from: index)
            scratch.append(copying: bytes.extracting(index..<runEnd))
            index = runEnd
        }
    }

    /// Decodes the escape whose backslash is at `index` into the scratch
    /// buffer, and returns the index just past it.
    ///
    /// A `\u` escape of a surrogate pair becomes its one scalar; a lone
    /// surrogate becomes U+FFFD, so the result is always valid Unicode.
    private mutating func decodeEscape(at index: Int, open: Int) throws(JSONParseError) -> Int {
        guard index + 1 < count else {
            throw JSONParseError(offset: open, reason: "unterminated string")
        }
        let replacement: UInt8
        switch bytes[index + 1] {
        case ASCII.quote, ASCII.backslash, ASCII.slash: replacement = bytes[index + 1]
        case 0x62: replacement = 0x08  // \b
        case 0x66: replacement = 0x0C  // \f
        case 0x6E: replacement = 0x0A  // \n
        case 0x72: replacement = 0x0D  // \r
        case 0x74: replacement = 0x09  // \t
        case 0x75:  // \u
            guard let unit = hexQuad(at: index + 2) else {
                throw JSONParseError.invalidUnicodeEscape(at: index)
            }
            var next = index + 6
            var scalar = unit
            if (0xD800...0xDBFF).contains(unit) {
                if next + 1 < count, bytes[next] == ASCII.backslash, bytes[next + 1] == 0x75,
                    let low = hexQuad(at: next + 2), (0xDC00...0xDFFF).contains(low)
                {
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    next += 6
                } else {
                    scalar = 0xFFFD
                }
            } else if (0xDC00...0xDFFF).contains(unit) {
                scalar = 0xFFFD
            }
            appendUTF8(scalar)
            return next
        default:
            throw JSONParseError.invalidEscape(bytes[index + 1], at: index)
        }
        scratch.append(replacement)
        return index + 2
    }

    /// The value of four hex digits at `index`, or `nil`.
    @inline(__always)
    private func hexQuad(at index: Int) -> UInt32? {
        ASCII.hexQuad(bytes, at: index)
    }

    /// Appends the UTF-8 encoding of a scalar value (never a surrogate) to
    /// the scratch buffer.
    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// The index of the first byte at or after `start` that a string scan
    /// must look at: `"`, `\`, a control character or a non-ASCII byte; or
    /// `count` when there is none.
    @inline(__always)
    func nextSpecialByte(from start: Int) -> Int {
        StringByteScanner.firstSpecialByte(in: bytes, from: start, threshold: 0x80)
    }

    /// Checks the UTF-8 sequence whose lead byte (at least 0x80) is at
    /// `index`, and returns the index just past it.
    @inline(__always)
    func validateUTF8Sequence(at index: Int) throws(JSONParseError) -> Int {
        try StringByteScanner.endOfUTF8Sequence(in: bytes, at: index)
    }

    /// The error for a raw control character inside a string.
    private func controlCharacterError(_ byte: UInt8, at offset: Int) -> JSONParseError {
        JSONParseError.controlCharacter(byte, at: offset)
    }
}
