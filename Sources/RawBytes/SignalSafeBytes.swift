#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Up to a fixed number of bytes, in memory of their own that is never
/// freed or moved, which a signal handler may write to a file descriptor:
/// the handler then touches no array, no reference count and no allocator.
///
/// Setting new bytes first empties the value, so a handler that runs
/// meanwhile writes nothing rather than half of them.
@safe package struct SignalSafeBytes: @unchecked Sendable {
    /// The most bytes it holds; longer bytes are cut to this many.
    package let capacity: Int
    // Allocated once and kept for the life of the process: a handler may run at any time.
    private let storage: UnsafeMutablePointer<UInt8>
    /// How many bytes of `storage` are set.
    package private(set) var count = 0

    package init(capacity: Int) {
        precondition(capacity > 0, "a signal-safe buffer holds at least one byte")
        self.capacity = capacity
        unsafe storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    /// Holds the first ``capacity`` of `bytes` from now on.
    package mutating func set(_ bytes: Span<UInt8>) {
        let count = min(bytes.count, capacity)
        self.count = 0
        for index in 0..<count { unsafe storage[index] = bytes[index] }
        self.count = count
    }

    /// Writes the bytes to `fd` with one `write(2)`, which is async-signal-safe; returns what it returns.
    package func write(to fd: Int32) -> Int {
        unsafe systemWrite(fd, storage, count)
    }
}

@inline(__always)
private func systemWrite(_ fd: Int32, _ buffer: UnsafePointer<UInt8>, _ count: Int) -> Int {
    unsafe write(fd, buffer, count)
}
