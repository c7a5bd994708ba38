import RawBytes

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
    private let zlib: ZlibInflater
    /// Whether the input is read to its end.
    private var inputEnded = false
    /// Whether the last member ended and no other has started.
    private var betweenMembers = false
    /// Whether everything is inflated.
    private var finished = false

    /// Inflates what `input` reads (which starts with gzip's magic number).
    init(input: DescriptorInput) throws(ReadError) {
        self.input = input
        guard let zlib = ZlibInflater(inputCapacity: Self.inputCapacity) else {
            throw ReadError(reason: "zlib could not start inflating")
        }
        self.zlib = zlib
    }

    /// Inflates into the free room of `output`, appending what it wrote;
    /// returns how many bytes it wrote, 0 only at the end of the data.
    func inflate(into output: inout OutputSpan<UInt8>) throws(ReadError) -> Int {
        guard !finished, output.freeCapacity > 0 else { return 0 }
        let before = output.count
        // zlib is asked again until it writes something: it may read a
        // member's header, or its input may run out, first.
        while output.count == before {
            if zlib.inputCount == 0 {
                if !inputEnded { try refill() }
                if zlib.inputCount == 0 {
                    if betweenMembers {
                        finished = true
                        return 0
                    }
                    throw ReadError(reason: "the gzip data ends early: the file is cut short")
                }
            }
            if betweenMembers {
                // Another member follows only where gzip's magic number does.
                guard zlib.nextInputByte == 0x1F else {
                    finished = true
                    break
                }
                zlib.startNextMember()
                betweenMembers = false
            }
            switch zlib.inflate(into: &output) {
            case .progressed:
                continue
            case .memberEnded:
                betweenMembers = true
            case .outOfMemory:
                throw ReadError(reason: "out of memory inflating gzip data")
            case .corrupt(let reason):
                throw ReadError(reason: "corrupt gzip data (\(reason ?? "not valid gzip data"))")
            }
        }
        return output.count - before
    }

    /// Reads more compressed input into zlib's empty input buffer.
    private func refill() throws(ReadError) {
        let count = try zlib.refillInput { room throws(ReadError) in _ = try input.read(into: &room) }
        if count == 0 { inputEnded = true }
    }
}
