import RawBytes

/// Bytes written in short runs, each copied with one `memcpy`.
///
/// A table's line is a dozen short runs (cells, padding, separators), and
/// `Array.append(contentsOf:)` costs about ninety instructions a call
/// whatever the run's length; here a run costs a bounds check and a copy.
/// The storage is allocated ahead and cut to ``count`` when the bytes are
/// taken. Room is not filled in advance: bytes past ``count`` are never
/// read, and memory never written is never touched (a block of rows
/// reserves room for its text by an estimate).
///
/// This file is the table's one writer of raw memory: the standard
/// library's spans cannot yet copy a span into room not yet written, and
/// writing a line's dozen runs through `Array` costs more than the rest of
/// drawing it. Everything else in the module reads and writes through the
/// safe calls below, each of which checks its room.
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

    /// Appends `bytes`.
    @inline(__always)
    mutating func append(_ bytes: Span<UInt8>) {
        let length = bytes.count
        guard length > 0 else { return }
        reserve(length)
        let at = count
        storage.withUnsafeMutableBufferPointer { room in
            bytes.withUnsafeBufferPointer {
                room.baseAddress!.advanced(by: at).initialize(from: $0.baseAddress!, count: length)
            }
        }
        count = at &+ length
    }

    /// Appends `bytes`.
    mutating func append(_ bytes: [UInt8]) {
        append(bytes.span)
    }

    /// Appends the bytes written to `other`.
    @inline(__always)
    mutating func append(_ other: ByteBuffer) {
        append(other.storage.span.extracting(0..<other.count))
    }

    /// Appends the UTF-8 of `text` in one copy.
    @inline(__always)
    mutating func append(_ text: String) {
        text.withUTF8Bytes { append($0) }
    }

    /// Lets `body` write up to `maxCount` bytes at the end through the
    /// ``Writer`` it is given and gives back, and keeps what it wrote: for
    /// a caller that writes many short runs with one check of room.
    @inline(__always)
    mutating func appendInPlace(maxCount: Int, _ body: (consuming Writer) -> Writer) {
        reserve(maxCount)
        let at = count
        let written = storage.withUnsafeMutableBufferPointer { room in
            body(Writer(start: room.baseAddress! + at, room: maxCount)).count
        }
        count = at &+ written
    }

    /// Writes runs of bytes into room that ``ByteBuffer/appendInPlace(maxCount:_:)``
    /// made, each checked against that room: no write can land past it.
    ///
    /// It lives only for the call of the closure it is lent to: it cannot
    /// be copied, and only the buffer makes one.
    struct Writer: ~Copyable {
        private let start: UnsafeMutablePointer<UInt8>
        private let room: Int
        /// The number of bytes written.
        private(set) var count = 0

        fileprivate init(start: UnsafeMutablePointer<UInt8>, room: Int) {
            self.start = start
            self.room = room
        }

        /// Appends `bytes`.
        @inline(__always)
        mutating func append(_ bytes: Span<UInt8>) {
            let length = bytes.count
            guard length > 0 else { return }
            precondition(length <= room &- count, "wrote past the room asked for")
            bytes.withUnsafeBufferPointer { (start + count).initialize(from: $0.baseAddress!, count: length) }
            count &+= length
        }

        /// Appends `bytes`.
        @inline(__always)
        mutating func append(_ bytes: [UInt8]) {
            append(bytes.span)
        }

        /// Appends `length` copies of `byte`.
        @inline(__always)
        mutating func append(_ byte: UInt8, count length: Int) {
            precondition(length >= 0 && length <= room &- count, "wrote past the room asked for")
            (start + count).initialize(repeating: byte, count: length)
            count &+= length
        }

        /// Appends one byte.
        @inline(__always)
        mutating func append(_ byte: UInt8) {
            precondition(count < room, "wrote past the room asked for")
            start[count] = byte
            count &+= 1
        }

        /// Drops the copies of `byte` that end what was written.
        @inline(__always)
        mutating func trimTrailing(_ byte: UInt8) {
            while count > 0 && start[count &- 1] == byte { count &-= 1 }
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
        storage.withUnsafeMutableBufferPointer { ($0.baseAddress! + at).initialize(repeating: 0x20, count: length) }
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
    @inline(__always)
    func withBytes<Result>(_ range: Range<Int>, _ body: (Span<UInt8>) -> Result) -> Result {
        precondition(range.upperBound <= count, "read past the bytes written")
        return body(storage.span.extracting(range))
    }

    /// The bytes written, as an array of their own size: the room asked
    /// for ahead (an estimate) is let go now rather than kept with them.
    consuming func finish() -> [UInt8] {
        Array(storage[..<count])
    }
}
