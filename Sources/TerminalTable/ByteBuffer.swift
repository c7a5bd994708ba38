/// Bytes written in short runs, each copied with one `memcpy`.
///
/// A table's line is a dozen short runs (cells, padding, separators), and
/// `Array.append(contentsOf:)` costs about ninety instructions a call
/// whatever the run's length; here a run costs a bounds check and a copy.
/// The storage is allocated ahead and cut to ``count`` when the bytes are
/// taken. Room is not filled in advance: bytes past ``count`` are never
/// read, and memory never written is never touched (a block of rows
/// reserves room for its text by an estimate).
struct ByteBuffer: Sendable {
    private var storage: [UInt8]
    /// The number of bytes written.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it grows.
    init(capacity: Int = 0) {
        let room = max(64, capacity)
        // UInt8 is a trivial type: the room counts as bytes of the array
        // without being written, and only bytes written are ever read.
        storage = [UInt8](unsafeUninitializedCapacity: room) { _, initialized in initialized = room }
    }

    /// A buffer that starts with `bytes`, with room for `capacity` more.
    init(_ bytes: [UInt8], capacity: Int = 0) {
        self.init(capacity: bytes.count + capacity)
        append(bytes)
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count &+ extra > storage.count { grow(to: count + extra) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        storage.append(contentsOf: repeatElement(0, count: max(needed, 2 * storage.count) - storage.count))
    }

    /// Appends `length` bytes from `start`.
    @inline(__always)
    mutating func append(_ start: UnsafeRawPointer, count length: Int) {
        guard length > 0 else { return }
        reserve(length)
        let at = count
        storage.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: at).copyMemory(from: start, byteCount: length) }
        count = at &+ length
    }

    /// Appends `bytes`.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        append(start, count: bytes.count)
    }

    /// Appends `bytes`.
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends the UTF-8 of `text` in one copy.
    @inline(__always)
    mutating func append(_ text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { append($0) }
        if copied == nil {
            var text = text
            text.withUTF8 { append($0) }
        }
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count &+= 1
    }

    /// Appends `length` spaces.
    @inline(__always)
    mutating func appendSpaces(_ length: Int) {
        guard length > 0 else { return }
        reserve(length)
        let at = count
        storage.withUnsafeMutableBytes {
            _ = $0.baseAddress!.advanced(by: at).initializeMemory(as: UInt8.self, repeating: 0x20, count: length)
        }
        count = at &+ length
    }

    /// Forgets what was written, keeping the room.
    mutating func removeAll() {
        count = 0
    }

    /// Drops the spaces at the end.
    mutating func trimTrailingSpaces() {
        while count > 0 && storage[count &- 1] == 0x20 { count &-= 1 }
    }

    /// Calls `body` with the bytes `range` of what was written.
    func withBytes<Result>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The bytes written, as an array.
    consuming func finish() -> [UInt8] {
        storage.removeLast(storage.count - count)
        return storage
    }
}
