import CZlib

/// The system's zlib inflating gzip (or zlib) data, with the input buffer
/// it reads from: the caller fills the input through an output span and
/// takes inflated bytes into another, and zlib's stream, which holds
/// pointers into both, stays here.
///
/// One member at a time: at the end of a gzip member ``inflate(into:)``
/// says ``Step/memberEnded`` and ``startNextMember()`` reads on. What to do
/// between members (another may follow, or trailing bytes) is the caller's.
@safe package final class ZlibInflater {
    /// What one step of inflating did.
    package enum Step: Equatable {
        /// Inflated some bytes (maybe none, when it needs more input or room).
        case progressed
        /// The member's last byte is inflated.
        case memberEnded
        /// zlib ran out of memory.
        case outOfMemory
        /// The data is not valid: zlib's message, or `nil` when it gave none.
        case corrupt(String?)
    }

    private let stream: UnsafeMutablePointer<z_stream>
    private let input: UnsafeMutableBufferPointer<UInt8>

    /// Starts inflating gzip or zlib data (told apart by its header), with
    /// room for `inputCapacity` bytes of compressed input at a time; `nil`
    /// when zlib cannot start.
    package init?(inputCapacity: Int) {
        precondition(inputCapacity > 0 && inputCapacity <= Int(UInt32.max), "an input buffer of 1 to 4 GiB bytes")
        unsafe stream = .allocate(capacity: 1)
        unsafe stream.initialize(to: z_stream())
        unsafe input = .allocate(capacity: inputCapacity)
        guard unsafe czlib_inflate_init_gzip(stream) == Z_OK else {
            unsafe stream.deallocate()
            unsafe input.deallocate()
            return nil
        }
    }

    deinit {
        unsafe inflateEnd(stream)
        unsafe stream.deallocate()
        unsafe input.deallocate()
    }

    /// How many bytes of compressed input are given and not inflated yet.
    package var inputCount: Int { Int(unsafe stream.pointee.avail_in) }

    /// The next byte of compressed input, or `nil` when there is none.
    package var nextInputByte: UInt8? {
        guard inputCount > 0 else { return nil }
        return unsafe stream.pointee.next_in.pointee
    }

    /// Lets `fill` write the next compressed input into the input buffer,
    /// from its start; returns how many bytes it wrote.
    /// - Precondition: The input given before is all inflated (``inputCount`` is 0).
    package func refillInput<Failure: Error>(
        _ fill: (inout OutputSpan<UInt8>) throws(Failure) -> Void
    ) throws(Failure) -> Int {
        precondition(inputCount == 0, "refilling input that is not inflated yet")
        var output = unsafe OutputSpan(buffer: input, initializedCount: 0)
        try fill(&output)
        let count = unsafe output.finalize(for: input)
        unsafe stream.pointee.next_in = input.baseAddress
        unsafe stream.pointee.avail_in = UInt32(count)
        return count
    }

    /// Inflates what input there is into the free room of `output`,
    /// appending what it wrote (`inflate` with `Z_NO_FLUSH`, once).
    package func inflate(into output: inout OutputSpan<UInt8>) -> Step {
        guard output.freeCapacity > 0 else { return .progressed }
        let code = unsafe output.withUnsafeMutableBufferPointer { room, initialized in
            let free = unsafe UnsafeMutableBufferPointer(rebasing: room[initialized...])
            unsafe stream.pointee.next_out = free.baseAddress
            unsafe stream.pointee.avail_out = UInt32(clamping: free.count)
            let code = unsafe CZlib.inflate(stream, Z_NO_FLUSH)
            // zlib wrote the room's first bytes, up to what it left free.
            let left = unsafe stream.pointee.avail_out
            initialized += Int(UInt32(clamping: free.count) - left)
            unsafe stream.pointee.next_out = nil
            unsafe stream.pointee.avail_out = 0
            return code
        }
        switch code {
        case Z_OK, Z_BUF_ERROR: return .progressed
        case Z_STREAM_END: return .memberEnded
        case Z_MEM_ERROR: return .outOfMemory
        default: return .corrupt(unsafe stream.pointee.msg.map { unsafe String(cString: $0) })
        }
    }

    /// Reads on into the next member, after ``Step/memberEnded``; the input
    /// not inflated yet is kept.
    package func startNextMember() {
        _ = unsafe inflateReset(stream)
    }
}
