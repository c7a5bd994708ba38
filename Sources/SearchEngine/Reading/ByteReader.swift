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
        let fd = open(path, O_RDONLY | O_CLOEXEC)
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

    /// Appends up to `chunkSize` bytes to `buffer`; returns how many were read
    /// (0 at the end of the input).
    func readChunk(appendingTo buffer: inout [UInt8]) throws(ReadError) -> Int {
        let start = buffer.count
        buffer.reserveCapacity(start + Self.chunkSize)
        var count = 0
        var failure: Int32 = 0
        buffer.append(contentsOf: repeatElement(0, count: Self.chunkSize))
        buffer.withUnsafeMutableBytes { raw in
            while true {
                let result = read(fd, raw.baseAddress.map { $0 + start }, Self.chunkSize)
                if result >= 0 {
                    count = result
                    return
                }
                if errno == EINTR { continue }
                failure = errno
                return
            }
        }
        buffer.removeLast(Self.chunkSize - count)
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
