import RawBytes

/// Finds, eight bytes at a time, the next byte of a string that cannot be
/// copied as it is: `"`, `\`, a control character, or (from `threshold` up)
/// a byte that needs a closer look.
///
/// The parser looks closer at every byte from 0x80 (to validate UTF-8); the
/// writer from 0x7F (DEL, and the C1 controls and line separators that it
/// escapes).
enum StringByteScanner {
    /// The index of the first byte at or after `start` that is `"`, `\`,
    /// below 0x20 or at least `threshold`; or `bytes.count` when there is
    /// none.
    ///
    /// The lowest flagged byte of a word is always a true hit, because the
    /// borrows of the word arithmetic only run towards higher bytes.
    /// - Parameter threshold: 0x80 or 0x7F.
    @inline(__always)
    static func firstSpecialByte(
        in bytes: Span<UInt8>,
        from start: Int,
        threshold: UInt8
    ) -> Int {
        // Walked from 0 in the bytes from `start`, an index the optimiser
        // knows is not negative, so that the loads' bounds checks fold into
        // the walk's own.
        let rest = bytes.extracting(start...)
        let count = rest.count
        var index = 0
        let lift = lift(threshold: threshold)
        while index <= count &- 8 {
            let mask = specialBytes(in: rest.loadUInt64(at: index), lift: lift)
            if mask != 0 {
                return start &+ index &+ mask.trailingZeroBitCount &>> 3
            }
            index += 8
        }
        while index < count {
            let byte = rest[index]
            if byte == ASCII.quote || byte == ASCII.backslash || byte < 0x20 || byte >= threshold {
                return start &+ index
            }
            index += 1
        }
        return bytes.count
    }

    /// What ``specialBytes(in:lift:)`` adds to every byte of a word to flag
    /// those at or above `threshold`.
    @inline(__always)
    static func lift(threshold: UInt8) -> UInt64 {
        // Adding (0x80 - threshold) to every byte sets the high bit of each
        // byte at or above the threshold; no carries, as bytes below 0x80
        // stay below 0x100 and bytes from 0x80 already have the bit.
        0x0101_0101_0101_0101 &* UInt64(0x80 &- threshold)
    }

    /// The high bit of every byte of `word` (eight bytes of a string, the
    /// first in the lowest eight bits) that is `"`, `\`, below 0x20 or at
    /// least the threshold that `lift` was made for, and maybe of bytes
    /// above the lowest such one; zero when there is none.
    @inline(__always)
    static func specialBytes(in word: UInt64, lift: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let hits =
            ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
            | ((word &- ones &* 0x20) & ~word) | word | ((word & ~highBits) &+ lift)
        return hits & highBits
    }
}
