#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls that move bytes between a file descriptor and an array
/// or a span, for code that should not hold a pointer to do so.
///
/// Each does one call and returns what the call returns: a byte count, 0 at
/// the end of the input, or -1 with `errno` set. An interrupted call
/// (`EINTR`) is returned as it is, for the caller to try again or not.
/// Every range is checked against the array it names: a range outside it
/// stops the process rather than reading or writing past the array.
package enum FileDescriptorBytes {
    /// Reads what `fd` has next into `buffer[range]`, or into the whole
    /// buffer when `range` is `nil`.
    package static func read(_ fd: Int32, into buffer: inout [UInt8], _ range: Range<Int>? = nil) -> Int {
        let range = range ?? 0..<buffer.count
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "range outside the buffer")
        return unsafe buffer.withUnsafeMutableBytes { room in
            unsafe systemRead(fd, room.baseAddress.map { unsafe $0 + range.lowerBound }, range.count)
        }
    }

    /// Reads the bytes of `fd` from byte `offset` of its file into
    /// `buffer[range]`, or into the whole buffer when `range` is `nil`,
    /// without moving the file's offset (`pread(2)`).
    package static func read(_ fd: Int32, into buffer: inout [UInt8], _ range: Range<Int>? = nil, atOffset offset: Int)
        -> Int
    {
        let range = range ?? 0..<buffer.count
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "range outside the buffer")
        return unsafe buffer.withUnsafeMutableBytes { room in
            unsafe pread(fd, room.baseAddress.map { unsafe $0 + range.lowerBound }, range.count, off_t(offset))
        }
    }

    /// Writes what `fd` takes of `bytes`.
    package static func write(_ fd: Int32, _ bytes: Span<UInt8>) -> Int {
        unsafe bytes.withUnsafeBufferPointer { bytes in unsafe systemWrite(fd, bytes.baseAddress, bytes.count) }
    }

    /// Writes what `fd` takes of `bytes[range]`, or of all of them when
    /// `range` is `nil`.
    package static func write(_ fd: Int32, _ bytes: [UInt8], _ range: Range<Int>? = nil) -> Int {
        write(fd, bytes.span.extracting(range ?? 0..<bytes.count))
    }

    /// Writes what `fd` takes of the UTF-8 bytes of `text` from byte `start`.
    package static func write(_ fd: Int32, utf8 text: String, from start: Int = 0) -> Int {
        var text = text
        text.makeContiguousUTF8()
        return write(fd, text.utf8.span.extracting(start...))
    }
}

// Outside the enum, whose own `read` and `write` would hide the system's.

@inline(__always)
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    unsafe read(fd, buffer, count)
}

@inline(__always)
private func systemWrite(_ fd: Int32, _ buffer: UnsafePointer<UInt8>?, _ count: Int) -> Int {
    unsafe write(fd, buffer, count)
}
