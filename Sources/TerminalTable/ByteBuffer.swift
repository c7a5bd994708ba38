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

    /// Moves the bytes written to storage of at least `needed` bytes,
    /// copying only them: the new room is not written, and so not touched.
    @inline(never)
    private mutating func grow(to needed: Int) {
        let room = max(needed, 2 * storage.count)
        let written = count
        let bigger = storage.withUnsafeBufferPointer { old in
            [UInt8](unsafeUninitializedCapacity: room) { new, initialized in
                if written > 0 { new.baseAddress!.initialize(from: old.baseAddress!, count: written) }
                initialized = room
            }
        }
        storage = bigger
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

    /// Lets `body` write up to `maxCount` bytes at the end, from the
    /// pointer it is given, and keeps as many as it says it wrote: for a
    /// caller that writes many short runs with one check of room.
    @inline(__always)
    mutating func appendInPlace(maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maxCount)
        let at = count
        let written = storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + at) }
        precondition(written >= 0 && written <= maxCount, "wrote past the room asked for")
        count = at &+ written
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
        trimTrailingSpaces(downTo: 0)
    }

    /// Drops the spaces at the end that come at or after byte `start`.
    mutating func trimTrailingSpaces(downTo start: Int) {
        while count > start && storage[count &- 1] == 0x20 { count &-= 1 }
    }

    /// Calls `body` with the bytes `range` of what was written.
    func withBytes<Result>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The bytes written, as an array of their own size: the room asked
    /// for ahead (an estimate) is let go now rather than kept with them.
    consuming func finish() -> [UInt8] {
        storage.withUnsafeBufferPointer { Array($0[..<count]) }
    }
}
