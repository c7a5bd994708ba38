import CZlib

/// Inflates gzip data as it is read, with the system's zlib: a chunk of
/// compressed input at a time, so memory does not grow with the input.
///
/// Several gzip members one after another (as `pigz`, `bgzip` and `cat
/// a.gz b.gz` write them) are one stream, as `gzip -d` reads them. Bytes after
/// the last member that do not start another are ignored, as `gzip -d`
/// ignores trailing garbage. Data that is corrupt, or cut short before its
/// last member ends, is an error; what was inflated before it has been
/// handed out.
final class GzipInflater {
    private static let inputCapacity = 256 << 10

    private let input: DescriptorInput
    private let stream: UnsafeMutablePointer<z_stream>
    private let inputBuffer: UnsafeMutableRawPointer
    /// Whether the input is read to its end.
    private var inputEnded = false
    /// Whether the last member ended and no other has started.
    private var betweenMembers = false
    /// Whether everything is inflated.
    private var finished = false

    /// Inflates what `input` reads (which starts with gzip's magic number).
    init(input: DescriptorInput) throws(ReadError) {
        self.input = input
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        inputBuffer = .allocate(byteCount: Self.inputCapacity, alignment: 16)
        guard czlib_inflate_init_gzip(stream) == Z_OK else {
            stream.deallocate()
            inputBuffer.deallocate()
            throw ReadError(reason: "zlib could not start inflating")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
        inputBuffer.deallocate()
    }

    /// Inflates into the free room of `output`, appending what it wrote;
    /// returns how many bytes it wrote, 0 only at the end of the data.
    func inflate(into output: inout OutputSpan<UInt8>) throws(ReadError) -> Int {
        guard !finished, output.freeCapacity > 0 else { return 0 }
        // zlib writes into the room after the bytes already there.
        return try output.withUnsafeMutableBufferPointer { room, initialized throws(ReadError) in
            let written = try inflate(
                into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: room[initialized...])))
            initialized += written
            return written
        }
    }

    /// Inflates into `room`; returns how many bytes it wrote.
    private func inflate(into room: UnsafeMutableRawBufferPointer) throws(ReadError) -> Int {
        guard let base = room.baseAddress, room.count > 0 else { return 0 }
        stream.pointee.next_out = base.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = UInt32(clamping: room.count)
        let roomCount = Int(stream.pointee.avail_out)
        while Int(stream.pointee.avail_out) == roomCount {
            if stream.pointee.avail_in == 0 {
                if !inputEnded { try refill() }
                if stream.pointee.avail_in == 0 {
                    if betweenMembers {
                        finished = true
                        return 0
                    }
                    throw ReadError(reason: "the gzip data ends early: the file is cut short")
                }
            }
            if betweenMembers {
                // Another member follows only where gzip's magic number does.
                guard stream.pointee.next_in.pointee == 0x1F else {
                    finished = true
                    break
                }
                inflateReset(stream)
                betweenMembers = false
            }
            switch CZlib.inflate(stream, Z_NO_FLUSH) {
            case Z_OK, Z_BUF_ERROR:
                continue
            case Z_STREAM_END:
                betweenMembers = true
            case Z_MEM_ERROR:
                throw ReadError(reason: "out of memory inflating gzip data")
            default:
                let reason = stream.pointee.msg.map { String(cString: $0) } ?? "not valid gzip data"
                throw ReadError(reason: "corrupt gzip data (\(reason))")
            }
        }
        return roomCount - Int(stream.pointee.avail_out)
    }

    /// Reads more compressed input into the empty input buffer.
    private func refill() throws(ReadError) {
        let room = UnsafeMutableBufferPointer(
            start: inputBuffer.assumingMemoryBound(to: UInt8.self), count: Self.inputCapacity)
        var output = OutputSpan(buffer: room, initializedCount: 0)
        _ = try input.read(into: &output)
        let count = output.finalize(for: room)
        if count == 0 { inputEnded = true }
        stream.pointee.next_in = inputBuffer.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_in = UInt32(count)
    }
}
