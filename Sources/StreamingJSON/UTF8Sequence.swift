/// The one rule for a well-formed UTF-8 sequence, shared by the JSON
/// scanner and the output filter.
package enum UTF8Sequence {
    /// The length of the well-formed multi-byte sequence whose lead byte is
    /// at `index`, or `nil`: overlong forms, surrogates, values above
    /// U+10FFFF and truncated sequences are all ill-formed.
    package static func length(in bytes: Span<UInt8>, at index: Int) -> Int? {
        let count = bytes.count
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch bytes[index] {
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
        default: return nil
        }
        guard index + length <= count, (low...high).contains(bytes[index + 1]) else { return nil }
        for next in (index + 2)..<(index + length) where bytes[next] & 0xC0 != 0x80 { return nil }
        return length
    }
}
