#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileDescriptorBytes {
    /// Writes what `fd` takes of `bytes[range]` (byte offsets) at byte
    /// `offset` of its file, without moving the file's offset (`pwrite(2)`):
    /// the bytes of an array of plain values (`[UInt64]().span.bytes`).
    package static func write(_ fd: Int32, _ bytes: RawSpan, _ range: Range<Int>, atOffset offset: Int) -> Int {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.byteCount, "range outside the bytes")
        return unsafe bytes.withUnsafeBytes { all in
            // The same bytes seen as bytes, for the one writer of spans.
            let selected = unsafe UnsafeRawBufferPointer(rebasing: all[range])
            return write(fd, unsafe Span<UInt8>(_unsafeBytes: selected), atOffset: offset)
        }
    }

    /// Reads the bytes of `fd` from byte `offset` of its file into
    /// `bytes[range]` (byte offsets), without moving the file's offset
    /// (`pread(2)`): into the values of an array of plain values
    /// (`values.mutableSpan.mutableBytes`), which take whatever bytes the
    /// file holds.
    package static func read(_ fd: Int32, into bytes: inout MutableRawSpan, _ range: Range<Int>, atOffset offset: Int)
        -> Int
    {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.byteCount, "range outside the bytes")
        return unsafe bytes.withUnsafeMutableBytes { room in
            unsafe pread(fd, room.baseAddress.map { unsafe $0 + range.lowerBound }, range.count, off_t(offset))
        }
    }
}
