import RawBytes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads a source's content in chunks, decompressed when its first bytes say
/// it is compressed, so that no input is ever loaded whole unless its format
/// needs it, and a compressed input costs the memory of a plain one.
final class ByteReader {
    static let chunkSize = 1 << 20

    /// How the content is compressed, if it is.
    let compression: Compression?
    private let content: Content
    /// Called before each read of more content; `false` ends the content
    /// there, as if the input had ended. A caller that hands on what is read
    /// as it comes (the picker's copy of standard input) tells of it here,
    /// before a read waits for more; a search that a newer one made
    /// pointless stops here.
    var beforeRead: (() -> Bool)?

    private enum Content {
        case plain(DescriptorInput)
        case gzip(GzipInflater)
        case process(DecompressionProcess)
    }

    /// Opens `path` for reading.
    convenience init(path: String) throws(ReadError) {
        let fd = open(FilePathBytes.cString(path), O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw ReadError(errno: errno) }
        try self.init(DescriptorInput(fd: fd, ownsDescriptor: true))
    }

    /// Reads an already open descriptor, such as standard input.
    /// - Parameters:
    ///   - head: Bytes the caller already read from it: read first.
    ///   - limit: How many bytes to read from it at most; all when `nil`.
    convenience init(descriptor: Int32, head: [UInt8] = [], limit: Int? = nil) throws(ReadError) {
        try self.init(DescriptorInput(fd: descriptor, ownsDescriptor: false, head: head, limit: limit))
    }

    private init(_ input: DescriptorInput) throws(ReadError) {
        let compression = Compression.detect(try input.peek(Compression.magicLength))
        self.compression = compression
        switch compression {
        case nil: content = .plain(input)
        case .gzip?: content = .gzip(try GzipInflater(input: input))
        case let other?: content = .process(try DecompressionProcess(other, input: input))
        }
    }

    /// The size of the input when it is a regular file read as it is, known
    /// before reading it; `nil` for compressed content, whose size is not.
    var regularFileSize: Int? {
        guard case .plain(let input) = content else { return nil }
        return input.regularFileSize
    }

    /// Whether the next read may wait for more input: a pipe that has
    /// paused. Never for a regular file, nor for compressed content.
    var nextReadMayWait: Bool {
        guard case .plain(let input) = content else { return false }
        return input.nextReadMayWait
    }

    /// Goes on reading at `offset` of the content, when it is a regular
    /// file read as it is; `false` for any other input.
    func seek(to offset: Int) -> Bool {
        guard case .plain(let input) = content, input.regularFileSize != nil else { return false }
        return input.seek(to: offset)
    }

    /// Reads up to `chunkSize` bytes onto the end of `buffer`; returns how
    /// many were read (0 at the end of the input).
    func readChunk(into buffer: inout ReadBuffer) throws(ReadError) -> Int {
        try buffer.append(maxBytes: Self.chunkSize) { room throws(ReadError) in _ = try read(into: &room) }
    }

    /// Appends to `room` up to the room it has of content; returns how
    /// many bytes it appended, 0 at the end of the content.
    func read(into room: inout OutputSpan<UInt8>) throws(ReadError) -> Int {
        if let beforeRead, !beforeRead() { return 0 }
        return switch content {
        case .plain(let input): try input.read(into: &room)
        case .gzip(let inflater): try inflater.inflate(into: &room)
        case .process(let process): try process.read(into: &room)
        }
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
