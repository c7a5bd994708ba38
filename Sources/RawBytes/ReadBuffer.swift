#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The bytes read from a source and not yet consumed, in one block of memory
/// that reads go straight into.
///
/// This is the readers' one piece of raw memory, kept small so the rest of
/// the reading code stays safe. What it guarantees:
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
struct ReadBuffer: ~Copyable {
    /// The smallest block allocated, so that small reads do not reallocate often.
    private static let minimumCapacity = 1 << 16

    private var storage: UnsafeMutableRawPointer?
    private(set) var capacity = 0
    /// The first byte not consumed yet.
    private var start = 0
    /// One past the last byte read.
    private var end = 0

    init() {}

    deinit { free(storage) }

    /// How many bytes are read and not consumed.
    var count: Int { end - start }

    /// Calls `body` with the bytes read and not consumed.
    func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: storage.map { $0 + start }, count: end - start))
    }

    /// Calls `body` with the bytes read and not consumed, as a span.
    func withBytes<Result, Failure: Error>(_ body: (Span<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        let bytes = UnsafeBufferPointer(
            start: storage.map { ($0 + start).assumingMemoryBound(to: UInt8.self) }, count: end - start)
        return try body(bytes.span)
    }

    /// Drops the first `byteCount` unconsumed bytes.
    mutating func consume(_ byteCount: Int) {
        precondition(byteCount >= 0 && byteCount <= count, "consuming more bytes than were read")
        start += byteCount
        if start == end {
            start = 0
            end = 0
        }
    }

    /// Drops every unconsumed byte, keeping the memory for the next reads.
    mutating func removeAll() {
        start = 0
        end = 0
    }

    /// Appends a copy of `bytes`.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserveTail(bytes.count)
        (storage! + end).copyMemory(from: source, byteCount: bytes.count)
        end += bytes.count
    }

    /// Lets `fill` write up to `maxBytes` bytes after the last one read, into
    /// memory that is not initialised, and keeps what it wrote.
    /// - Returns: How many bytes `fill` wrote.
    mutating func append<Failure: Error>(
        maxBytes: Int,
        _ fill: (inout OutputSpan<UInt8>) throws(Failure) -> Void
    ) throws(Failure) -> Int {
        reserveTail(maxBytes)
        let room = UnsafeMutableBufferPointer(
            start: (storage! + end).assumingMemoryBound(to: UInt8.self), count: maxBytes)
        var output = OutputSpan(buffer: room, initializedCount: 0)
        try fill(&output)
        let written = output.finalize(for: room)
        end += written
        return written
    }

    /// Makes room for `byteCount` more bytes after the last one read.
    private mutating func reserveTail(_ byteCount: Int) {
        if capacity - end >= byteCount { return }
        let kept = count
        if let storage, start > 0, kept + byteCount <= capacity, kept <= capacity / 2 {
            // Enough room once the consumed bytes are gone, and moving what
            // is left costs at most half a block.
            storage.copyMemory(from: storage + start, byteCount: kept)
            start = 0
            end = kept
            return
        }
        let newCapacity = max(Self.minimumCapacity, kept + byteCount, capacity * 2)
        guard let block = malloc(newCapacity) else { fatalError("out of memory reading \(newCapacity) bytes") }
        if let storage, kept > 0 { block.copyMemory(from: storage + start, byteCount: kept) }
        free(storage)
        storage = block
        capacity = newCapacity
        start = 0
        end = kept
    }
}
