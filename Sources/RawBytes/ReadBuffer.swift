#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes read from a source and not yet consumed, in one block of memory
/// that reads go straight into.
///
/// The engine's readers read files and pipes into it; its raw memory stays
/// here, so that theirs is safe. What it guarantees:
/// - A read lands in capacity that was never initialised: nothing is
///   zero-filled or copied byte by byte first, so a read costs the same in a
///   debug build as in a release build.
/// - The block at least doubles when it grows, so reading a document whole
///   takes time linear in its size, however it arrives (a file or a pipe).
/// - Consuming bytes at the front is constant time; they are dropped by
///   moving what is left to the front only when a read needs the room.
///
/// What it assumes: the bytes handed to ``withUnsafeBytes(_:)`` are not kept
/// past the call, since the next read may move them.
@safe package struct ReadBuffer: ~Copyable {
    /// The smallest block allocated, so that small reads do not reallocate often.
    @usableFromInline static let minimumCapacity = 1 << 16

    @usableFromInline var storage: UnsafeMutableRawPointer?
    @usableFromInline package internal(set) var capacity = 0
    /// The first byte not consumed yet.
    @usableFromInline var start = 0
    /// One past the last byte read.
    @usableFromInline var end = 0

    @inlinable package init() {}

    deinit { unsafe free(storage) }

    /// How many bytes are read and not consumed.
    @inlinable package var count: Int { end - start }

    /// Calls `body` with the bytes read and not consumed.
    @inlinable package func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try unsafe body(UnsafeRawBufferPointer(start: storage.map { unsafe $0 + start }, count: end - start))
    }

    /// Calls `body` with the bytes read and not consumed, as a span.
    @inlinable package func withBytes<Result, Failure: Error>(_ body: (Span<UInt8>) throws(Failure) -> Result)
        throws(Failure)
        -> Result
    {
        let bytes = unsafe UnsafeBufferPointer(
            start: storage.map { unsafe ($0 + start).assumingMemoryBound(to: UInt8.self) }, count: end - start)
        return try unsafe body(bytes.span)
    }

    /// Drops the first `byteCount` unconsumed bytes.
    @inlinable package mutating func consume(_ byteCount: Int) {
        precondition(byteCount >= 0 && byteCount <= count, "consuming more bytes than were read")
        start += byteCount
        if start == end {
            start = 0
            end = 0
        }
    }

    /// Drops every unconsumed byte, keeping the memory for the next reads.
    @inlinable package mutating func removeAll() {
        start = 0
        end = 0
    }

    /// Appends a copy of `bytes`.
    @inlinable package mutating func append(_ bytes: Span<UInt8>) {
        guard !bytes.isEmpty else { return }
        reserveTail(bytes.count)
        unsafe bytes.withUnsafeBytes { source in
            unsafe (storage! + end).copyMemory(from: source.baseAddress!, byteCount: source.count)
        }
        end += bytes.count
    }

    /// Lets `fill` write up to `maxBytes` bytes after the last one read, into
    /// memory that is not initialised, and keeps what it wrote.
    /// - Returns: How many bytes `fill` wrote.
    @inlinable package mutating func append<Failure: Error>(
        maxBytes: Int,
        _ fill: (inout OutputSpan<UInt8>) throws(Failure) -> Void
    ) throws(Failure) -> Int {
        reserveTail(maxBytes)
        let room = unsafe UnsafeMutableBufferPointer(
            start: (storage! + end).assumingMemoryBound(to: UInt8.self), count: maxBytes)
        var output = unsafe OutputSpan(buffer: room, initializedCount: 0)
        try fill(&output)
        let written = unsafe output.finalize(for: room)
        end += written
        return written
    }

    /// Makes room for `byteCount` more bytes after the last one read.
    @usableFromInline mutating func reserveTail(_ byteCount: Int) {
        if capacity - end >= byteCount { return }
        let kept = count
        if let storage = unsafe storage, start > 0, kept + byteCount <= capacity, kept <= capacity / 2 {
            // Enough room once the consumed bytes are gone, and moving what
            // is left costs at most half a block.
            unsafe storage.copyMemory(from: storage + start, byteCount: kept)
            start = 0
            end = kept
            return
        }
        let newCapacity = max(Self.minimumCapacity, kept + byteCount, capacity * 2)
        guard let block = unsafe malloc(newCapacity) else { fatalError("out of memory reading \(newCapacity) bytes") }
        if let storage = unsafe storage, kept > 0 { unsafe block.copyMemory(from: storage + start, byteCount: kept) }
        unsafe free(storage)
        unsafe storage = block
        capacity = newCapacity
        start = 0
        end = kept
    }
}
