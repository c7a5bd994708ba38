extension StringByteScanner {
    /// Checks the UTF-8 sequence whose lead byte (at least 0x80) is at
    /// `index`, and returns the index just past it.
    ///
    /// Overlong forms, surrogates, values above U+10FFFF and truncated
    /// sequences are all rejected, at the offset of the lead byte.
    static func endOfUTF8Sequence(
        in base: UnsafePointer<UInt8>,
        at index: Int,
        count: Int
    ) throws(JSONParseError) -> Int {
        let lead = base[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default:
            throw JSONParseError.invalidUTF8(at: index)
        }
        guard index + length <= count, (low...high).contains(base[index + 1]) else {
            throw JSONParseError.invalidUTF8(at: index)
        }
        var next = index + 2
        while next < index + length {
            guard base[next] & 0xC0 == 0x80 else {
                throw JSONParseError.invalidUTF8(at: index)
            }
            next += 1
        }
        return next
    }
}
