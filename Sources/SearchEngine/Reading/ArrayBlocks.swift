import Synchronization

/// The elements of a records' array in a mapped file, cut into blocks of
/// whole elements in file order as the workers of a ``ParallelArrayReader``
/// ask for them. One scan (``ArrayElementScanner``) runs through the array
/// a block at a time, under a lock, ahead of the workers that read the
/// blocks: the scan looks only at strings, escapes and brackets, which costs
/// a small part of reading the records, so the workers seldom wait for it.
///
/// Each block knows the line its first byte is on and where that line
/// starts, counted by the scan, so that workers place every record and
/// message in the file as a reader in order would.
final class ArrayBlocks: Sendable {
    /// One block: the bytes from the end of the block before it (or the
    /// stretch's start) to the end of its last element.
    struct Block: Sendable {
        /// Blocks are numbered from 0 in file order.
        var index: Int
        var start: Int
        var end: Int
        /// The line of ``start``, and the offset where that line starts.
        var line: Int
        var lineStart: Int
    }

    private let file: MappedFile
    private let cutter: Mutex<Cutter>

    /// The scan between blocks.
    private struct Cutter: ~Copyable {
        var scanner: ArrayElementScanner
        let blockSize: Int
        let maxElementBytes: Int
        let capacity: Int
        var blocks = 0
        var elements = 0
        /// The line of the scan's ``ArrayElementScanner/resume``, and where it starts.
        var line: Int
        var lineStart: Int
        /// Where the array ended, once it did.
        var arrayEnd: Int?
        var done = false
    }

    /// The blocks of `stretch` in `file`, each of about `blockSize` bytes
    /// and at most `capacity` elements.
    init(file: MappedFile, stretch: ArrayStretch, blockSize: Int, capacity: Int = 1 << 16) {
        self.file = file
        cutter = Mutex(
            Cutter(
                scanner: ArrayElementScanner(at: stretch.start, first: stretch.first), blockSize: max(1, blockSize),
                maxElementBytes: stretch.maxElementBytes, capacity: max(1, capacity), line: stretch.line,
                lineStart: stretch.lineStart))
    }

    /// The next block, its elements' start and end offsets put in
    /// `elements`; `nil` when the array ended or the scan stopped.
    func next(into elements: inout [Int]) -> Block? {
        elements.removeAll(keepingCapacity: true)
        return file.withBytes { bytes in next(in: bytes, into: &elements) }
    }

    private func next(in bytes: Span<UInt8>, into elements: inout [Int]) -> Block? {
        cutter.withLock { cutter -> Block? in
            guard !cutter.done else { return nil }
            let start = cutter.scanner.resume
            let stop = cutter.scanner.scan(
                bytes, base: 0, limit: start + cutter.blockSize, maxElementBytes: cutter.maxElementBytes,
                capacity: cutter.capacity, into: &elements)
            let end = cutter.scanner.resume
            let block = Block(
                index: cutter.blocks, start: start, end: end, line: cutter.line, lineStart: cutter.lineStart)
            Self.countLines(in: bytes, start..<end, line: &cutter.line, lineStart: &cutter.lineStart)
            if stop != .block {
                cutter.done = true
                if stop == .end {
                    cutter.arrayEnd = cutter.scanner.position
                    Self.countLines(
                        in: bytes, end..<cutter.scanner.position, line: &cutter.line, lineStart: &cutter.lineStart)
                }
            }
            guard !elements.isEmpty else { return nil }
            cutter.blocks += 1
            cutter.elements += elements.count / 2
            return block
        }
    }

    /// Where the reader in order goes on, once every block was read.
    var outcome: ArrayStretch.Outcome {
        cutter.withLock { cutter in
            ArrayStretch.Outcome(
                position: cutter.arrayEnd ?? cutter.scanner.resume, first: cutter.scanner.resumesAtFirst,
                arrayEnded: cutter.arrayEnd != nil, line: cutter.line, lineStart: cutter.lineStart,
                elements: cutter.elements)
        }
    }

    /// Moves `line` and `lineStart` past the line feeds in `range` of `bytes`.
    private static func countLines(
        in bytes: Span<UInt8>, _ range: Range<Int>, line: inout Int, lineStart: inout Int
    ) {
        guard !range.isEmpty else { return }
        let found = ArrayElementScanner.newlines(in: bytes.extracting(range))
        line += found.count
        if let last = found.last { lineStart = range.lowerBound + last + 1 }
    }
}
