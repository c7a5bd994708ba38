import RawBytes

/// Bytes written in short runs, each with one check of room.
///
/// A table's line is a dozen short runs (cells, padding, separators), and
/// `Array.append(contentsOf:)` costs about ninety instructions a call
/// whatever the run's length; here a run costs a bounds check and a copy,
/// and a run of up to 16 bytes is copied as words, with no call to
/// `memcpy` or `memset`.
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
                ByteBuffer.copyShort(to: room.baseAddress! + at, from: $0.baseAddress!, count: length)
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

    /// Writes `length` spaces at `at`. A table's padding is a few
    /// bytes: words stored in place cost less than a call to `memset`.
    @inline(__always)
    fileprivate static func fillSpaces(_ at: UnsafeMutablePointer<UInt8>, count length: Int) {
        let spaces: UInt64 = 0x2020_2020_2020_2020
        let raw = UnsafeMutableRawPointer(at)
        if length >= 8 {
            guard length <= 64 else {
                at.initialize(repeating: 0x20, count: length)
                return
            }
            // Whole words, then one more ending at the last byte
            // (it may cover bytes the last whole word wrote).
            var offset = 0
            while offset &+ 8 <= length {
                raw.storeBytes(of: spaces, toByteOffset: offset, as: UInt64.self)
                offset &+= 8
            }
            raw.storeBytes(of: spaces, toByteOffset: length &- 8, as: UInt64.self)
        } else if length >= 4 {
            raw.storeBytes(of: UInt32(truncatingIfNeeded: spaces), as: UInt32.self)
            raw.storeBytes(of: UInt32(truncatingIfNeeded: spaces), toByteOffset: length &- 4, as: UInt32.self)
        } else if length > 0 {
            at[0] = 0x20
            at[length >> 1] = 0x20
            at[length &- 1] = 0x20
        }
    }

    /// Copies `length` bytes (more than none): runs of up to 16 bytes,
    /// most of a table's cells, as two loads and two stores that may
    /// overlap, longer ones with `memcpy`.
    @inline(__always)
    fileprivate static func copyShort(
        to target: UnsafeMutablePointer<UInt8>, from source: UnsafePointer<UInt8>, count length: Int
    ) {
        let to = UnsafeMutableRawPointer(target)
        let from = UnsafeRawPointer(source)
        if length >= 8 {
            guard length <= 16 else {
                target.initialize(from: source, count: length)
                return
            }
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: length &- 8, as: UInt64.self)
        } else if length >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: length &- 4, as: UInt32.self)
        } else {
            target[0] = source[0]
            target[length >> 1] = source[length >> 1]
            target[length &- 1] = source[length &- 1]
        }
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

        /// Appends `spaces` spaces, then `bytes`: one check of room for both.
        @inline(__always)
        mutating func append(_ bytes: Span<UInt8>, afterSpaces spaces: Int) {
            let length = bytes.count
            precondition(spaces >= 0 && spaces <= room &- count &- length, "wrote past the room asked for")
            let at = start + count
            ByteBuffer.fillSpaces(at, count: spaces)
            if length > 0 {
                bytes.withUnsafeBufferPointer {
                    ByteBuffer.copyShort(to: at + spaces, from: $0.baseAddress!, count: length)
                }
            }
            count &+= spaces &+ length
        }

        /// Appends `spaces` spaces, then the `length` bytes of `text` from
        /// `offset`: the run is checked against `text` and the room at once.
        @inline(__always)
        mutating func append(
            _ text: Span<UInt8>, from offset: Int, count length: Int, afterSpaces spaces: Int
        ) {
            precondition(
                offset >= 0 && length >= 0 && length <= text.count &- offset, "read past the text given")
            precondition(spaces >= 0 && spaces <= room &- count &- length, "wrote past the room asked for")
            let at = start + count
            ByteBuffer.fillSpaces(at, count: spaces)
            if length > 0 {
                text.withUnsafeBufferPointer {
                    ByteBuffer.copyShort(to: at + spaces, from: $0.baseAddress! + offset, count: length)
                }
            }
            count &+= spaces &+ length
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
        storage.withUnsafeMutableBufferPointer { ByteBuffer.fillSpaces($0.baseAddress! + at, count: length) }
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
