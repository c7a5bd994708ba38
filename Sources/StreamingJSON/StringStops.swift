/// Where the strings of a line of plain text (no byte from 0x80, no
/// backslash) may end, found for many lines in one pass before they are
/// walked: one bit per byte, set for each quote and each byte below 0x20.
/// ``FlatObjectShapes/scanPlainASCII(_:into:stops:)`` then finds a
/// string's end by one load and a count of trailing zeros, with no branch
/// on where in a vector it lies (which the lengths of values make
/// unpredictable).
package struct StringStops {
    /// The bits, least significant first, as little-endian words: the
    /// bit for a byte `k` bytes past the line's first is bit
    /// `firstBit + k`. Readable eight bytes past the byte that holds the
    /// bit after the line's last byte.
    package let bits: UnsafeRawPointer
    package let firstBit: Int

    /// - Parameters:
    ///   - bits: Bits as described above, made where every bit was set
    ///     from the bytes (a bit past those is zero).
    ///   - firstBit: The bit of the line's first byte.
    @inlinable
    package init(bits: UnsafeRawPointer, firstBit: Int) {
        self.bits = bits
        self.firstBit = firstBit
    }

    /// The offset of the first stop at or after `offset` in the line and
    /// within 57 bytes of it; `nil` when there is none that near (or the
    /// bits end first).
    @inline(__always)
    func firstStop(from offset: Int) -> Int? {
        let bit = firstBit &+ offset
        let window = bits.loadUnaligned(fromByteOffset: bit &>> 3, as: UInt64.self).littleEndian &>> UInt64(bit & 7)
        return window == 0 ? nil : offset &+ window.trailingZeroBitCount
    }
}
