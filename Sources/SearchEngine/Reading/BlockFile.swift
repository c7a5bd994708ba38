import RawBytes
import ResultKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A file read in blocks. Block `i` holds the lines that start at a byte
/// offset in `[i × blockSize, (i + 1) × blockSize)`; its last line is read
/// past the block's end up to its newline.
///
/// A block is read in place from the file's mapping when it has one, and
/// otherwise copied with `pread` into a buffer; both give the same bytes,
/// offsets and lines.
struct BlockFile: Sendable {
    let fd: Int32
    let size: Int
    let blockSize: Int
    let maxLineBytes: Int
    /// The whole file, when it is read in place.
    let mapping: MappedFile?
    /// What wraps each line's record.
    var framing = LineFraming.ndjson

    init(fd: Int32, size: Int, blockSize: Int, maxLineBytes: Int, mapping: MappedFile?, framing: LineFraming = .ndjson)
    {
        self.fd = fd
        self.size = size
        self.blockSize = blockSize
        self.maxLineBytes = maxLineBytes
        self.mapping = mapping
        self.framing = framing
    }

    struct Outcome {
        /// The block's bytes, when they were copied.
        var buffer: [UInt8] = []
        /// The file's mapping, when the block's bytes are read in place
        /// there (from `base`).
        var mapped: MappedFile?
        /// The offset in the file of the block's first byte read (`buffer[0]`).
        var base = 0
        /// Where the block's first line starts in its bytes, and where its lines end.
        var start = 0
        var end = 0
        /// Where the bytes of the block itself end (lines go on past it to
        /// their end).
        var regionEnd = 0
        var leading = 0
        var lineCount = 0
        var failure: Diagnostic?
        /// What wraps each line's record.
        var framing = LineFraming.ndjson
        /// Whether the block is the file's first.
        var isFirstBlock = false

        /// Calls `body` with the block's bytes, offsets from `base`: at
        /// least `end` of them.
        @inline(__always)
        func withBytes<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
            if let mapped { return mapped.withBytes { body($0.extracting(base..<base + end)) } }
            return body(buffer.span.extracting(0..<end))
        }

        /// The offsets in the block's bytes of those that keep their lines
        /// from being ruled out by `prefilter`.
        func prefilterHits(_ prefilter: LinePrefilter) -> [Int] {
            // A block that holds no line start (one long line runs across
            // it) has no lines.
            guard start < end else { return [] }
            return withBytes { bytes in prefilter.hits(in: bytes, range: start..<end) }
        }

        /// Calls `body` with each line (its record, without the array's
        /// punctuation when ``framing`` says there is some), its 1-based
        /// number in the block and its byte offset in the file.
        ///
        /// `skip` is asked first at each line's start, with the block's
        /// bytes (those of ``withBytes(_:)``), the line's offset in them and
        /// where the block's own bytes end: it may settle whole lines there
        /// whose newlines come before that, and says how many bytes (each
        /// line with its `\n`) and lines it took. `body` is not called for
        /// those.
        /// - Returns: How many newlines the block holds (every newline ends
        ///   one line, which saves a pass to count them).
        func forEachLine(
            skipping skip: (Span<UInt8>, Int, Int) -> (bytes: Int, lines: Int) = { _, _, _ in (0, 0) },
            _ body: (Span<UInt8>, Int, Int) -> Void
        ) -> Int {
            var ended = 0
            if start < end {
                withBytes { bytes in
                    let region = bytes.extracting(start..<end)
                    let base = base
                    let start = start
                    let regionEnd = regionEnd
                    let framing = framing
                    let isFirstBlock = isFirstBlock
                    _ = LineScanner.forEachLine(
                        in: region, firstLine: 1, includeUnterminatedTail: true,
                        skipping: { offset in
                            // A run of lines with punctuation is taken line by line.
                            guard framing == .ndjson else { return (0, 0) }
                            let skipped = skip(bytes, start + offset, regionEnd)
                            ended += skipped.lines
                            return skipped
                        }
                    ) {
                        range, number in
                        let lineStart = start &+ range.lowerBound
                        let lineEnd = start &+ range.upperBound
                        // A line's newline is just past it (and past a
                        // `\r` that was cut); the last line may end past
                        // the block, or at the end of the file.
                        var newline = lineEnd
                        if newline < bytes.count, bytes[newline] == 0x0D { newline &+= 1 }
                        if newline < regionEnd { ended &+= 1 }
                        let line = region.extracting(range)
                        if framing == .ndjson { return body(line, number, base &+ lineStart) }
                        // A record inside punctuation is placed where it starts.
                        let content = framing.content(of: line, isFirstLine: isFirstBlock && number == 1)
                        body(line.extracting(content), number, base &+ lineStart &+ content.lowerBound)
                    }
                }
            }
            return leading + ended
        }
    }

    /// Reads block `block`: in place when the file is mapped, otherwise
    /// into `buffer`'s storage, which the outcome takes.
    ///
    /// The buffer keeps its size from block to block, and only the bytes
    /// read count (`end`): growing an array writes every new byte, so
    /// reading into what is already there saves a pass over each block.
    func read(block: Int, reusing buffer: inout [UInt8]) -> Outcome {
        var outcome = readLines(block: block, reusing: &buffer)
        outcome.framing = framing
        outcome.isFirstBlock = block == 0
        return outcome
    }

    /// ``read(block:reusing:)``, before the framing is noted.
    private func readLines(block: Int, reusing buffer: inout [UInt8]) -> Outcome {
        if let mapping {
            var outcome = mapping.withBytes { file in read(block: block, in: file) }
            outcome.mapped = mapping
            return outcome
        }
        var outcome = Outcome()
        swap(&outcome.buffer, &buffer)
        var length = 0
        /// Reads `count` bytes at file offset `offset` after the first
        /// `length`; false, with the block's failure, on a read error or
        /// when the file ends before them: it got shorter since its size
        /// was taken, and a read there would never get its bytes.
        func readMore(from offset: Int, count: Int) -> Bool {
            let (read, ok) = read(into: &outcome.buffer, at: length, from: offset, count: count)
            length += read
            if !ok {
                outcome.failure = Diagnostic(.error, "cannot read the file: \(ReadError(errno: errno))")
            } else if read < count {
                outcome.failure = Diagnostic(.error, "cannot read the file: it got shorter while it was read")
            }
            return ok && read == count
        }
        let blockStart = block * blockSize
        let blockEnd = min(size, blockStart + blockSize)
        outcome.base = block == 0 ? 0 : blockStart - 1
        // Room for the block and the first reads past its end, so that
        // finishing its last line does not move the buffer to one twice
        // its size (a copy of the block, and fresh pages to fault in).
        let room = blockEnd - outcome.base + Self.tailRoom
        if outcome.buffer.capacity < room { outcome.buffer.reserveCapacity(room) }
        guard readMore(from: outcome.base, count: blockEnd - outcome.base) else { return outcome }
        let regionStart = blockStart - outcome.base
        let regionEnd = length
        outcome.regionEnd = regionEnd
        if block == 0 {
            outcome.start = 0
        } else {
            guard let newline = outcome.buffer[..<length].firstIndex(of: 0x0A) else { return outcome }
            outcome.start = newline + 1
            outcome.leading = newline >= regionStart ? 1 : 0
            if outcome.start >= regionEnd { return outcome }
        }
        // Read past the block's end until its last line is complete, or is
        // known to be over the cap (then it is read no further: it is
        // skipped, and its bytes need not be held).
        let lineStart = Self.lastNewline(in: outcome.buffer, outcome.start..<regionEnd).map { $0 + 1 } ?? outcome.start
        var scanFrom = regionEnd
        var step = Self.firstTailRead
        while (length == 0 || outcome.buffer[length - 1] != 0x0A) && outcome.base + length < size
            && length - lineStart <= maxLineBytes + 1
        {
            let more = min(step, size - outcome.base - length, maxLineBytes + 2 - (length - lineStart))
            step = min(step * 2, 1 << 20)
            guard readMore(from: outcome.base + length, count: more) else { break }
            if let newline = Self.firstNewline(in: outcome.buffer, scanFrom..<length) {
                length = newline + 1
                break
            }
            scanFrom = length
        }
        outcome.end = length
        return outcome
    }

    /// Finds block `block`'s lines in `file`, the whole file mapped, where
    /// ``read(block:reusing:)`` would copy them: the same `base`, `start`,
    /// `end` (an over-long last line stops at the same byte) and counts.
    private func read(block: Int, in file: Span<UInt8>) -> Outcome {
        var outcome = Outcome()
        let blockStart = block * blockSize
        let blockEnd = min(size, blockStart + blockSize)
        outcome.base = block == 0 ? 0 : blockStart - 1
        // The rest of the file, from the block's first byte read.
        let bytes = file.extracting(outcome.base...)
        let regionStart = blockStart - outcome.base
        let regionEnd = blockEnd - outcome.base
        outcome.regionEnd = regionEnd
        if block == 0 {
            outcome.start = 0
        } else {
            guard let newline = Self.firstNewline(in: bytes, 0..<regionEnd) else { return outcome }
            outcome.start = newline + 1
            outcome.leading = newline >= regionStart ? 1 : 0
            if outcome.start >= regionEnd { return outcome }
        }
        // The block's last line goes on to its newline, the end of the file,
        // or one byte past the cap with its `\r` (then it is skipped).
        let lineStart = Self.lastNewline(in: bytes, outcome.start..<regionEnd).map { $0 + 1 } ?? outcome.start
        outcome.end = regionEnd
        if bytes[regionEnd - 1] != 0x0A, regionEnd - lineStart <= maxLineBytes + 1 {
            let limit = min(bytes.count, lineStart + maxLineBytes + 2)
            outcome.end = Self.firstNewline(in: bytes, regionEnd..<limit).map { $0 + 1 } ?? limit
        }
        return outcome
    }

    /// Lets the system take back the pages of the file's mapping that
    /// `outcome`'s block read, once its lines are done with.
    func release(_ outcome: Outcome) {
        guard let mapping else { return }
        mapping.release(outcome.base..<outcome.base + max(outcome.end, outcome.regionEnd))
    }

    /// The first read past a block's end, for the rest of its last line;
    /// each further read is twice the one before, up to 1 MiB.
    static let firstTailRead = 1 << 12
    /// What a buffer holds past a block's bytes from the start: the first
    /// four reads past its end.
    static let tailRoom = 15 * firstTailRead

    /// The offset of the first line feed in `range` of `buffer`.
    static func firstNewline(in buffer: [UInt8], _ range: Range<Int>) -> Int? {
        firstNewline(in: buffer.span, range)
    }

    /// The offset of the first line feed in `range` of `bytes`.
    static func firstNewline(in bytes: Span<UInt8>, _ range: Range<Int>) -> Int? {
        bytes.firstIndex(of: 0x0A, in: range)
    }

    /// The offset of the last line feed in `range` of `buffer`.
    static func lastNewline(in buffer: [UInt8], _ range: Range<Int>) -> Int? {
        lastNewline(in: buffer.span, range)
    }

    /// The offset of the last line feed in `range` of `bytes`.
    static func lastNewline(in bytes: Span<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.upperBound
        while index > range.lowerBound {
            index -= 1
            if bytes[index] == 0x0A { return index }
        }
        return nil
    }

    /// The file's first `maxBytes` bytes (fewer when it is shorter or
    /// cannot be read).
    func sample(maxBytes: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        let (read, _) = read(into: &bytes, at: 0, from: 0, count: min(size, maxBytes))
        return Array(bytes.prefix(read))
    }

    /// What ``read(into:at:from:count:)`` grows a buffer with before
    /// reading into it.
    private static let zeroes = [UInt8](repeating: 0, count: 1 << 16)

    /// Reads up to `count` bytes at file offset `offset` into `buffer` from
    /// index `position` on, growing it when it is shorter.
    /// - Returns: The number of bytes read (fewer at the end of the file),
    ///   and `false` after a read error.
    private func read(into buffer: inout [UInt8], at position: Int, from offset: Int, count: Int) -> (Int, Bool) {
        guard count > 0 else { return (0, true) }
        if buffer.count < position + count {
            // Grown by copying zeroes, which runs at memory speed (appending
            // a repeated byte goes one byte at a time), and at least doubled,
            // so that a long line read in steps costs time linear in its length.
            if buffer.capacity < position + count {
                buffer.reserveCapacity(max(position + count, buffer.capacity * 2))
            }
            var zeroesLeft = position + count - buffer.count
            while zeroesLeft > 0 {
                let chunk = min(zeroesLeft, Self.zeroes.count)
                buffer.append(contentsOf: Self.zeroes[..<chunk])
                zeroesLeft -= chunk
            }
        }
        var done = 0
        while done < count {
            let result = FileDescriptorBytes.read(
                fd, into: &buffer, position + done..<position + count, atOffset: offset + done)
            if result < 0 {
                if errno == EINTR { continue }
                return (done, false)
            }
            if result == 0 { break }
            done += result
        }
        return (done, true)
    }
}
