import RawBytes

/// An ASCII text matched on its bytes in place, without allocating.
///
/// Only texts without `\r` qualify, so that every byte is one `Character` (`\r\n` is one grapheme).
struct ASCIISubject: MatchSubject, ~Escapable {
    /// The text's bytes, all below `0x80` and none `\r`.
    let bytes: Span<UInt8>

    @_lifetime(copy bytes)
    init(bytes: Span<UInt8>) {
        self.bytes = bytes
    }

    /// Whether `bytes` can be matched as an ``ASCIISubject``.
    static func accepts(_ bytes: Span<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        // Eight bytes at a time while possible.
        while index &+ 8 <= count {
            let word = bytes.loadUInt64(at: index)
            if word & 0x8080_8080_8080_8080 != 0 { return false }
            // A zero byte in (word ^ 0x0D0D...) means a carriage return.
            let crs = word ^ 0x0D0D_0D0D_0D0D_0D0D
            if (crs &- 0x0101_0101_0101_0101) & ~crs & 0x8080_8080_8080_8080 != 0 { return false }
            index &+= 8
        }
        while index < count {
            let byte = bytes[index]
            if byte >= 0x80 || byte == 0x0D { return false }
            index &+= 1
        }
        return true
    }

    var count: Int { bytes.count }

    var holdsOnlyASCII: Bool { true }

    @inline(__always)
    func unit(at index: Int) -> UInt32 {
        let byte = bytes[index]
        return UInt32(byte &- 0x41 < 26 ? byte | 0x20 : byte)
    }

    @inline(__always)
    func characterClass(at index: Int) -> CharacterClass {
        CharacterClass(ascii: bytes[index])
    }

    func characterOffsets(ofUnits units: some Sequence<Int>) -> [Int] {
        Array(units)
    }

    /// A lowercase letter is found in either case (with `0x20` set, only the letter and its capital
    /// give it), anything else as it is; a unit from `0x80`, or a capital letter, which folding
    /// never gives, is never found.
    @inline(__always)
    func firstIndex(ofUnit unit: UInt32, from start: Int, below end: Int) -> Int {
        guard unit < 0x80, unit &- 0x41 >= 26, start < end else { return max(start, end) }
        let isLetter = unit &- 0x61 < 26
        return bytes.firstIndex(
            of: UInt8(truncatingIfNeeded: unit), setting: isLetter ? 0x20 : 0, in: start..<end)
    }
}
