#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads a file descriptor in chunks, so that no input is ever loaded whole
/// unless its format needs it.
struct ByteReader: ~Copyable {
    static let chunkSize = 1 << 20

    let fd: Int32
    let ownsDescriptor: Bool

    /// Opens `path` for reading.
    init(path: String) throws(ReadError) {
        let fd = FilePathBytes.withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        if fd < 0 { throw ReadError(errno: errno) }
        self.fd = fd
        self.ownsDescriptor = true
    }

    /// Reads an already open descriptor, such as standard input.
    init(descriptor: Int32) {
        self.fd = descriptor
        self.ownsDescriptor = false
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// The size of the input when it is a regular file, known before reading it.
    var regularFileSize: Int? {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Reads up to `chunkSize` bytes onto the end of `buffer`; returns how
    /// many were read (0 at the end of the input).
    func readChunk(into buffer: inout ReadBuffer) throws(ReadError) -> Int {
        let fd = fd
        var failure: Int32 = 0
        let count = buffer.append(maxBytes: Self.chunkSize) { room in
            while true {
                let result = read(fd, room.baseAddress, room.count)
                if result >= 0 { return result }
                if errno != EINTR {
                    failure = errno
                    return 0
                }
            }
        }
        if failure != 0 { throw ReadError(errno: failure) }
        return count
    }
}

/// A failed read of a source, with the system's reason.
public struct ReadError: Error, Sendable, CustomStringConvertible {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }

    init(errno code: Int32) {
        self.reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    public var description: String { reason }
}
