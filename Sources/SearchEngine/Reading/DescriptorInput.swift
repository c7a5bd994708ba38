import RawBytes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A file descriptor read as it comes, after the bytes a reader peeked at to
/// tell how it is compressed: those are given back first, so that nothing
/// read for a look is lost, even from a pipe that cannot be read twice.
final class DescriptorInput {
    let fd: Int32
    private let ownsDescriptor: Bool
    /// Bytes read by ``peek(_:)`` (or by the caller, before) and not handed out yet.
    private var lookahead: [UInt8] = []
    private var lookaheadStart = 0
    /// How many more bytes may be read from `fd`, when only some of it is
    /// content (the part of a growing file written so far).
    private var remaining: Int?

    /// Reads `fd`, closing it at the end when `ownsDescriptor`.
    /// - Parameters:
    ///   - head: Bytes the caller already read from `fd`: handed out first.
    ///   - limit: How many bytes of `fd` to read at most; all of them when `nil`.
    init(fd: Int32, ownsDescriptor: Bool, head: [UInt8] = [], limit: Int? = nil) {
        self.fd = fd
        self.ownsDescriptor = ownsDescriptor
        lookahead = head
        remaining = limit
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// The first `count` bytes not handed out yet (fewer at the end of the
    /// input), read now if need be and kept to be handed out again.
    func peek(_ count: Int) throws(ReadError) -> [UInt8] {
        while lookahead.count - lookaheadStart < count {
            let wanted = count - (lookahead.count - lookaheadStart)
            var got = 0
            try lookahead.append(addingCapacity: wanted) { room throws(ReadError) in
                got = try readWithinLimit(into: &room)
            }
            if got == 0 { break }
        }
        return Array(lookahead[lookaheadStart...].prefix(count))
    }

    /// How many bytes were peeked at and not handed out yet.
    var lookaheadCount: Int { lookahead.count - lookaheadStart }

    /// Forgets the bytes peeked at and not handed out, for a caller that
    /// reads them again from the file itself.
    func dropLookahead() {
        lookahead = []
        lookaheadStart = 0
    }

    /// Appends to `room` up to the room it has; returns how many bytes it
    /// appended (0 at the end).
    func read(into room: inout OutputSpan<UInt8>) throws(ReadError) -> Int {
        guard lookaheadStart < lookahead.count else { return try readWithinLimit(into: &room) }
        let count = min(room.freeCapacity, lookahead.count - lookaheadStart)
        room.append(copying: lookahead.span.extracting(lookaheadStart..<lookaheadStart + count))
        lookaheadStart += count
        if lookaheadStart == lookahead.count {
            lookahead = []
            lookaheadStart = 0
        }
        return count
    }

    /// Whether the next read may wait for more input: nothing peeked at is
    /// left, and the descriptor (a pipe, a terminal, not a regular file)
    /// has nothing ready now.
    var nextReadMayWait: Bool {
        guard lookaheadStart >= lookahead.count, regularFileSize == nil else { return false }
        var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) == 0
    }

    /// The size of the input when it is a regular file read whole.
    var regularFileSize: Int? {
        var info = stat()
        guard remaining == nil, fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Goes on reading at `offset` of a regular file: what was peeked at
    /// is dropped. `false` when the descriptor cannot seek, or reads
    /// within a limit.
    func seek(to offset: Int) -> Bool {
        guard remaining == nil else { return false }
        dropLookahead()
        return lseek(fd, off_t(offset), SEEK_SET) == off_t(offset)
    }

    /// One `read` of `fd`, within the limit.
    private func readWithinLimit(into room: inout OutputSpan<UInt8>) throws(ReadError) -> Int {
        guard let remaining else { return try Self.readOnce(fd, into: &room) }
        let count = try Self.readOnce(fd, into: &room, maxBytes: remaining)
        self.remaining = remaining - count
        return count
    }

    /// One `read` into `room`, at most `maxBytes`, again after a signal.
    private static func readOnce(_ fd: Int32, into room: inout OutputSpan<UInt8>, maxBytes: Int = .max)
        throws(ReadError)
        -> Int
    {
        guard room.freeCapacity > 0, maxBytes > 0 else { return 0 }
        while true {
            let result = FileDescriptorBytes.read(fd, into: &room, maxBytes: maxBytes)
            if result >= 0 { return result }
            if errno != EINTR { throw ReadError(errno: errno) }
        }
    }
}
