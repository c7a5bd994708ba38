import RawBytes

/// Remembers the short strings (up to 15 UTF-8 bytes) that parsing has made,
/// so that records which repeat their keys and many of their values (`kind`,
/// `name`, `"USD"`, `"taken"`) make each string once rather than once per
/// record.
///
/// Strings that short are stored inline, so a remembered one is handed out
/// without a reference count. The cache is direct-mapped: a string that maps
/// to a taken slot replaces it. Not for sharing between threads: one per
/// parse loop, passed to ``JSONParser/parse(_:cache:)``.
package final class ShortStringCache {
    /// Slots; a power of two.
    private static let slotCount = 1 << 10
    /// Per slot, the string's bytes in two little-endian words, its length
    /// in the top byte of the second.
    private let words: UnsafeMutablePointer<UInt64>
    private let strings: UnsafeMutablePointer<String>

    /// An empty cache.
    package init() {
        words = .allocate(capacity: 2 * Self.slotCount)
        words.initialize(repeating: 0, count: 2 * Self.slotCount)
        strings = .allocate(capacity: Self.slotCount)
        strings.initialize(repeating: "", count: Self.slotCount)
    }

    deinit {
        strings.deinitialize(count: Self.slotCount)
        strings.deallocate()
        words.deallocate()
    }

    /// The string of the valid UTF-8 bytes `start..<start + count` of
    /// `bytes`, remembered when it is short.
    @inline(__always)
    package func string(in bytes: Span<UInt8>, at start: Int, count: Int) -> String {
        guard count > 0 else { return "" }
        // The range checked once here; the pointer form then reads within
        // it, and words up to the span's end.
        precondition(start >= 0 && count <= bytes.count &- start, "range outside the span")
        return bytes.withUnsafeBufferPointer { buffer in
            // Not nil: the span holds `count` > 0 bytes.
            string(buffer.baseAddress.unsafelyUnwrapped + start, count: count, readable: buffer.count &- start)
        }
    }

    /// ``string(in:at:count:)`` at a pointer, for the flat-object walks,
    /// which hold the line's: the string of the valid UTF-8 bytes
    /// `start..<start + count`, remembered when it is short; `readable` says
    /// how many bytes from `start` may be read (at least `count`). Its two
    /// words are loaded unchecked, where a span would check each again for
    /// every value of every line. `readable` says how many bytes from
    /// `start` may be read (at least `count`).
    @inline(__always)
    package func string(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> String {
        guard count > 0, count <= 15 else {
            return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
        }
        var low: UInt64 = 0
        var high: UInt64 = 0
        if readable >= 16 {
            // Two loads, then the bytes past the string masked off.
            let raw = UnsafeRawPointer(start)
            low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            if count < 8 {
                low &= (1 &<< UInt64(8 * count)) &- 1
                high = 0
            } else {
                high &= (1 &<< UInt64(8 * (count - 8))) &- 1
            }
        } else {
            for index in 0..<count {
                let byte = UInt64(start[index])
                if index < 8 {
                    low |= byte &<< UInt64(8 * index)
                } else {
                    high |= byte &<< UInt64(8 * (index - 8))
                }
            }
        }
        // Plain ASCII is made in place from its bytes, as Swift holds such
        // a string: no lookup, and nothing made when the slot is taken.
        if (low | high) & 0x8080_8080_8080_8080 == 0,
            let string = SmallASCIIKey.string(low: low, high: high, count: count)
        {
            return string
        }
        // Byte 15 is never part of a short string: it holds the length, so
        // no empty slot (length 0) matches.
        high |= UInt64(count) &<< 56
        let mixed = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F)
        let slot = Int(truncatingIfNeeded: mixed &>> 54) & (Self.slotCount - 1)
        if words[2 &* slot] == low && words[2 &* slot &+ 1] == high { return strings[slot] }
        let made = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
        words[2 &* slot] = low
        words[2 &* slot &+ 1] = high
        strings[slot] = made
        return made
    }
}
