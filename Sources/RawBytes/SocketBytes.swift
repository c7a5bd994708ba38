#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The socket calls that move bytes between a connected socket and an
/// array or a span (`send(2)`, `recv(2)`), for code that should not hold a
/// pointer to do so: as ``FileDescriptorBytes``, with the socket's flags.
///
/// Each does one call and returns what it returns: a byte count, 0 when the
/// peer has closed (receiving), or -1 with `errno` set. Every range is
/// checked against its array.
package enum SocketBytes {
    /// Sends what `fd` takes of `bytes`, with `flags` (`MSG_NOSIGNAL`).
    package static func send(_ fd: Int32, _ bytes: Span<UInt8>, flags: Int32) -> Int {
        unsafe bytes.withUnsafeBufferPointer { bytes in unsafe systemSend(fd, bytes.baseAddress, bytes.count, flags) }
    }

    /// Receives what `fd` has next into `buffer[range]`, or into the whole
    /// buffer when `range` is `nil`, with `flags`.
    package static func receive(_ fd: Int32, into buffer: inout [UInt8], _ range: Range<Int>? = nil, flags: Int32)
        -> Int
    {
        let range = range ?? 0..<buffer.count
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "range outside the buffer")
        return unsafe buffer.withUnsafeMutableBytes { room in
            unsafe recv(fd, room.baseAddress.map { unsafe $0 + range.lowerBound }, range.count, flags)
        }
    }
}

// Outside the enum, whose own `send` would hide the system's.
@inline(__always)
private func systemSend(_ fd: Int32, _ buffer: UnsafePointer<UInt8>?, _ count: Int, _ flags: Int32) -> Int {
    unsafe send(fd, buffer, count, flags)
}
