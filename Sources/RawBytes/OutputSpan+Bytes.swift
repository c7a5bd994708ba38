#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes written into the free room of an `OutputSpan`: memory that is not
/// initialised yet (a buffer's tail, an array's new capacity), filled by a
/// copy or a system call without being zeroed first, and counted as
/// initialised only as far as it was written.
extension OutputSpan where Element == UInt8 {
    /// Appends a copy of `bytes`, in one move.
    /// - Precondition: `bytes` fit in the free room (`freeCapacity`).
    package mutating func append(copying bytes: Span<UInt8>) {
        precondition(bytes.count <= freeCapacity, "more bytes than the room left")
        guard !bytes.isEmpty else { return }
        unsafe withUnsafeMutableBufferPointer { room, initialized in
            unsafe bytes.withUnsafeBufferPointer { bytes in
                unsafe (room.baseAddress! + initialized).initialize(from: bytes.baseAddress!, count: bytes.count)
            }
            initialized += bytes.count
        }
    }
}

extension FileDescriptorBytes {
    /// Reads what `fd` has next into the free room of `output`, at most
    /// `maxBytes` of it, and appends what the call read.
    /// - Returns: What `read(2)` returned: a byte count, 0 at the end of the
    ///   input or when there is no room, or -1 with `errno` set.
    package static func read(_ fd: Int32, into output: inout OutputSpan<UInt8>, maxBytes: Int = .max) -> Int {
        let wanted = min(output.freeCapacity, max(0, maxBytes))
        guard wanted > 0 else { return 0 }
        return unsafe output.withUnsafeMutableBufferPointer { room, initialized in
            let result = unsafe readIntoRoom(fd, room.baseAddress! + initialized, wanted)
            if result > 0 { initialized += result }
            return result
        }
    }
}

/// The system's `read`, which `FileDescriptorBytes.read` hides.
@inline(__always)
private func readIntoRoom(_ fd: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    unsafe read(fd, buffer, count)
}
