/// Several bytes of a span read in one step, as a word or a vector: what a
/// byte walk needs to look at eight or sixteen bytes at once without a
/// pointer.
///
/// Every load is bounds-checked: `offset` and the bytes after it must lie
/// in the span, or the process stops (it never reads past the span). The
/// bytes are read as they lie, at any alignment, and the first of them is
/// the lowest part of the result (little-endian), on every machine.
extension Span where Element == UInt8 {
    /// The eight bytes from `offset`, the first in the lowest eight bits.
    /// - Precondition: `0 <= offset` and `offset + 8 <= count`.
    @inlinable @inline(__always)
    package func loadUInt64(at offset: Int) -> UInt64 {
        // Any eight bytes are a valid `UInt64`, and the span checks the range.
        UInt64(littleEndian: unsafe bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The four bytes from `offset`, the first in the lowest eight bits.
    /// - Precondition: `0 <= offset` and `offset + 4 <= count`.
    @inlinable @inline(__always)
    package func loadUInt32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: unsafe bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The sixteen bytes from `offset`, the first in lane 0.
    /// - Precondition: `0 <= offset` and `offset + 16 <= count`.
    @inlinable @inline(__always)
    package func loadVector(at offset: Int) -> SIMD16<UInt8> {
        // A vector's lanes lie in memory in order, on every machine.
        unsafe bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
    }

    /// The first eight bytes from `offset` that there are, fewer when the
    /// span ends first (`count - offset` of them, the rest zero), the first
    /// in the lowest eight bits.
    /// - Precondition: `0 <= offset <= count`.
    @inlinable @inline(__always)
    package func loadUInt64Prefix(at offset: Int) -> UInt64 {
        if offset &+ 8 <= count { return loadUInt64(at: offset) }
        var word: UInt64 = 0
        var index = count
        while index > offset {
            index &-= 1
            word = word &<< 8 | UInt64(self[index])
        }
        return word
    }
}

extension SIMD16 where Scalar == UInt8 {
    /// The index of the first lane whose lane in `mask` is true, or `nil`.
    @inlinable @inline(__always)
    package static func firstLane(of mask: SIMDMask<SIMD16<Int8>>) -> Int? {
        let lanes = unsafe unsafeBitCast(
            SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: mask), to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: lanes[0])
        let high = UInt64(littleEndian: lanes[1])
        guard low | high != 0 else { return nil }
        return low != 0 ? low.trailingZeroBitCount &>> 3 : 8 &+ high.trailingZeroBitCount &>> 3
    }
}
