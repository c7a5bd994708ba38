/// Finding a byte in a span when some of its bits do not matter: the case
/// of an ASCII letter, for a search that ignores it.
///
/// The range is checked against the span once; the walk inside it reads
/// eight bytes at a time and never reads past the range.
extension Span where Element == UInt8 {
    /// The offset of the first byte in `range` that equals `byte` once the
    /// bits of `mask` are set in it, or `range.upperBound` when there is none.
    ///
    /// With `mask` `0x20`, a lowercase ASCII letter is found in either case;
    /// with `mask` `0`, the byte exactly.
    /// - Precondition: `range` lies in the span, and `byte` has every bit of
    ///   `mask` set (or no byte could be found).
    @inlinable
    package func firstIndex(of byte: UInt8, setting mask: UInt8, in range: Range<Int>) -> Int {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the span")
        let end = range.upperBound
        let masks = UInt64(mask) &* 0x0101_0101_0101_0101
        let wanted = UInt64(byte) &* 0x0101_0101_0101_0101
        return unsafe withUnsafeBufferPointer { bytes in
            // The range lies in `bytes`: every load below is within it.
            let base = unsafe UnsafeRawPointer(bytes.baseAddress)
            var index = range.lowerBound
            if let base = unsafe base {
                while index &+ 8 <= end {
                    // A zero byte where the masked byte is the wanted one; the lowest such is exact.
                    let word =
                        (UInt64(littleEndian: unsafe base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                            | masks) ^ wanted
                    let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                    if zeros != 0 { return index &+ zeros.trailingZeroBitCount &>> 3 }
                    index &+= 8
                }
                while index < end, unsafe bytes[index] | mask != byte { index &+= 1 }
            }
            return index
        }
    }
}
