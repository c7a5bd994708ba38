/// An ASCII text matched on its bytes in place, without allocating.
///
/// Only texts without `\r` qualify, so that every byte is one `Character` (`\r\n` is one grapheme).
struct ASCIISubject: MatchSubject {
    /// The text's bytes, all below `0x80` and none `\r`.
    let bytes: UnsafeBufferPointer<UInt8>

    /// Whether `bytes` can be matched as an ``ASCIISubject``.
    static func accepts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        // Eight bytes at a time while possible.
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { return false }
                // A zero byte in (word ^ 0x0D0D...) means a carriage return.
                let crs = word ^ 0x0D0D_0D0D_0D0D_0D0D
                if (crs &- 0x0101_0101_0101_0101) & ~crs & 0x8080_8080_8080_8080 != 0 { return false }
                index += 8
            }
        }
        while index < count {
            let byte = bytes[index]
            if byte >= 0x80 || byte == 0x0D { return false }
            index += 1
        }
        return true
    }

    var count: Int { bytes.count }

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
}
