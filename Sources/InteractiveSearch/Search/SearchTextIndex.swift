import ProcessMemory
import RawBytes
import ResultKit
import SearchEngine
import StreamingJSON
import TerminalTable

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The search texts of every record, as the matcher reads them, in blocks
/// of consecutive records: for a keystroke to scan bytes rather than records.
///
/// Each record keeps its kind and the text of each of its kind's search
/// fields (as ``SearchField/text`` gives it, computed fields included): a
/// plain ASCII text as its bytes, ended by a zero byte; any other text once
/// for all the records that have it (a card's `Q♥`), as the byte
/// ``unicodeMark`` and its number in ``unicodeTexts``. Records of kinds no
/// module registers are indexed by the search fields of the engine's
/// generic kind. A record its kind rejects, or a line that is not a JSON
/// object, is *unindexed*: a search through the index hands it to the
/// engine every time, as it is.
///
/// The index covers either every record held in memory, or the records of
/// the one file that is searched in place, with where each line is so that
/// the engine can read the chosen few again. It is built once, off the
/// terminal's thread. Up to a memory budget its blocks are held in memory;
/// past it, every block goes to a temporary file that has no name (removed
/// as soon as it is made, so that it goes on every exit), and each search
/// reads the blocks it needs from it, a block at a time, into arrays of
/// its own (``Reader``): the process holds a block a core, the file's pages
/// are the kernel's page cache.
package final class SearchTextIndex: Sendable {
    /// The registered kinds of the indexed records.
    let kinds: [ResultKind]
    /// The records counted.
    let count: Int
    /// How many records each block holds, the last one aside.
    let blockRecords: Int
    /// The blocks, in record order.
    let blocks: [BlockEntry]
    /// Where the blocks are: in memory, or in a file.
    let storage: Storage
    /// The file's stamp when it was indexed: the index holds while it is unchanged.
    let stamp: FileStamp?
    /// The search texts that are not plain ASCII, each once.
    let unicodeTexts: [String]
    /// In a block's texts, the byte before the four bytes (little-endian)
    /// of a text's number in ``unicodeTexts``.
    static let unicodeMark: UInt8 = 1
    /// The records that are not indexed, ascending.
    let unindexedRecords: [Int32]

    /// Where the blocks are: each one's sections, or a file that holds them.
    enum Storage: Sendable {
        case memory([BlockView])
        case file(TemporaryFile)
    }

    /// The sections of a block, each an array of one record after the
    /// other, in this order, each aligned to 16 bytes:
    /// - `kindOf` (`UInt8`): each record's kind in ``kinds``, or ``unindexed``.
    /// - `starts` (`UInt32`, one more than the records): where each record's
    ///   texts start in `texts`, and where the last one's end.
    /// - `texts` (`UInt8`): each indexed record's search field texts, in its
    ///   kind's order, each followed by a zero byte (a missing field is an
    ///   empty text).
    /// - `letters` (`UInt64`): which bytes each record's plain ASCII texts
    ///   hold, ignoring case (``letterBit(_:)``). A plain ASCII text cannot
    ///   hold a fragment whose bits its record's lack.
    /// - `pairs` (`UInt64`, ``pairWords`` a record): which pairs of adjacent
    ///   bytes each record's plain ASCII texts hold, ignoring case
    ///   (``pairBit(_:_:)``). Common letters pass `letters`, but few records
    ///   hold every pair of a word.
    /// - `symbolBands` (``symbolBytes`` a record): for each letter or digit
    ///   (``symbol(_:)``), the best band a one-character word of it may have
    ///   in the record's plain ASCII texts, as
    ///   ``IndexRanking/bestBand(of:in:weight:)`` gives it: a half byte each
    ///   (``noBand`` when none).
    /// - `unicodeStarts` (`UInt32`, one more than the records) and
    ///   `unicodeFields` (`UInt32`): each record's texts that are not plain
    ///   ASCII (which `letters` and `pairs` leave out), for a scan that reads
    ///   no other text: the number of the field among its kind's search
    ///   fields and of the text in ``unicodeTexts``, one after the other.
    /// - `lines` (``Line``): for the records of a file searched in place,
    ///   each record's line; empty otherwise.
    enum Section: Int, CaseIterable {
        case kindOf, starts, texts, letters, pairs, symbolBands, unicodeStarts, unicodeFields, lines
    }

    /// Which sections a search reads.
    struct Parts: OptionSet {
        let rawValue: Int
        /// `starts` and `texts`.
        static let texts = Parts(rawValue: 1)
        /// `letters` and `pairs`.
        static let filters = Parts(rawValue: 2)
        static let bands = Parts(rawValue: 4)
        /// `unicodeStarts` and `unicodeFields`.
        static let unicode = Parts(rawValue: 8)
        static let lines = Parts(rawValue: 16)

        /// Whether `section` is among the parts' sections, `kindOf` always.
        func includes(_ section: Section) -> Bool {
            switch section {
            case .kindOf: true
            case .starts, .texts: contains(.texts)
            case .letters, .pairs: contains(.filters)
            case .symbolBands: contains(.bands)
            case .unicodeStarts, .unicodeFields: contains(.unicode)
            case .lines: contains(.lines)
            }
        }
    }

    /// One block: its records, and where its sections are.
    struct BlockEntry: Sendable {
        /// The number of its first record, and how many it holds.
        var first: Int
        var count: Int
        /// Where it starts in the file (0 in memory), and its size.
        var offset: Int
        var bytes: Int
        /// Each section's bytes, from the block's start, in ``Section`` order.
        var sections: [Range<Int>]
        /// The offset of its first record's line in the file, when it has lines.
        var firstLineOffset: Int?

        var records: Range<Int> { first..<first + count }
    }

    /// A block's sections, each an array of its records' values; a section
    /// that was not asked for is empty.
    struct BlockView: Sendable {
        /// The number of the record at 0 of each section.
        var first: Int
        var count: Int
        var kindOf: [UInt8] = []
        var starts: [UInt32] = []
        var texts: [UInt8] = []
        var letters: [UInt64] = []
        var pairs: [UInt64] = []
        var symbolBands: [UInt8] = []
        var unicodeStarts: [UInt32] = []
        var unicodeFields: [UInt32] = []
        var lines: [Line] = []

        var records: Range<Int> { first..<first + count }

        init(first: Int, count: Int) {
            self.first = first
            self.count = count
        }
    }

    /// Reads the blocks a search needs, one at a time.
    struct Reader {
        let index: SearchTextIndex
        /// The most bytes each section (in ``Section`` order) has in a
        /// block: an array that a section is read into is made that large
        /// once.
        private let largest: [Int]

        init(_ index: SearchTextIndex) {
            self.index = index
            var largest = [Int](repeating: 0, count: Section.allCases.count)
            for entry in index.blocks {
                for (section, range) in entry.sections.enumerated() {
                    largest[section] = max(largest[section], range.count)
                }
            }
            self.largest = largest
        }

        /// Reads block `number`'s `parts` (all of them, in memory) into
        /// `view`; whether the file could be read. From a file, each section
        /// is read into the storage of `view`'s array for it when `view`
        /// alone holds it, so that a loop over blocks that passes the same
        /// view allocates its arrays once, not once a block, and neither
        /// allocates nor clears a block's worth of memory that the read then
        /// overwrites.
        func read(_ number: Int, _ parts: Parts, into view: inout BlockView) -> Bool {
            let entry = index.blocks[number]
            switch index.storage {
            case .memory(let blocks):
                view = blocks[number]
                return true
            case .file(let file):
                view.first = entry.first
                view.count = entry.count
                // Reads a section into its array; `false` when the file cannot be read.
                func load<Value: BitwiseCopyable>(_ section: Section, into values: inout [Value], _ zero: Value) -> Bool
                {
                    guard parts.includes(section) else {
                        values.removeAll(keepingCapacity: true)
                        return true
                    }
                    let range = entry.sections[section.rawValue]
                    let stride = MemoryLayout<Value>.stride
                    return file.read(
                        range.count / stride, of: zero, at: entry.offset + range.lowerBound, into: &values,
                        room: largest[section.rawValue] / stride)
                }
                return load(.kindOf, into: &view.kindOf, UInt8(0)) && load(.starts, into: &view.starts, UInt32(0))
                    && load(.texts, into: &view.texts, UInt8(0)) && load(.letters, into: &view.letters, UInt64(0))
                    && load(.pairs, into: &view.pairs, UInt64(0))
                    && load(.symbolBands, into: &view.symbolBands, UInt8(0))
                    && load(.unicodeStarts, into: &view.unicodeStarts, UInt32(0))
                    && load(.unicodeFields, into: &view.unicodeFields, UInt32(0))
                    && load(.lines, into: &view.lines, Line(offset: 0, length: 0, number: 0))
            }
        }
    }

    /// The numbers of the blocks that hold records of `range`.
    func blocks(in range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else { return 0..<0 }
        return range.lowerBound / blockRecords..<(range.upperBound - 1) / blockRecords + 1
    }

    /// The lines of `records` (ascending), or `nil` when they cannot be read.
    func lines(of records: [Int32]) -> [Line]? {
        let reader = Reader(self)
        var lines: [Line] = []
        lines.reserveCapacity(records.count)
        // One view for every block read, its arrays reused.
        var view = BlockView(first: 0, count: 0)
        for record in records.lazy.map(Int.init) {
            if !view.records.contains(record) {
                guard reader.read(record / blockRecords, .lines, into: &view), view.lines.count == view.count else {
                    return nil
                }
            }
            lines.append(view.lines[record - view.first])
        }
        return lines
    }

    /// The records whose lines start at `offsets` (ascending), or `nil` when
    /// one is not a record's line.
    func records(atLineOffsets offsets: [Int]) -> [Int32]? {
        let reader = Reader(self)
        var records: [Int32] = []
        records.reserveCapacity(offsets.count)
        // One view for every block read, its arrays reused.
        var view = BlockView(first: 0, count: 0)
        var read = false
        for offset in offsets {
            // The last block whose first line is at or before it.
            var low = 0
            var high = blocks.count
            while low < high {
                let middle = (low + high) / 2
                if (blocks[middle].firstLineOffset ?? .max) <= offset { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return nil }
            if !read || view.first != blocks[low - 1].first {
                guard reader.read(low - 1, .lines, into: &view) else { return nil }
                read = true
            }
            let lines = view.lines
            guard lines.count == view.count else { return nil }
            var lower = 0
            var upper = lines.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if lines[middle].offset < offset { lower = middle + 1 } else { upper = middle }
            }
            guard lower < lines.count, lines[lower].offset == offset else { return nil }
            records.append(Int32(view.first + lower))
        }
        return records
    }

    /// How many bytes of `symbolBands` each record has.
    static let symbolBytes = 18
    /// In `symbolBands`, no match.
    package static let noBand: UInt8 = 15
    /// How many words of `pairs` each record has (256 bits).
    package static let pairWords = 4

    /// The number of a letter (either case) or digit, 0 to 35; `nil` for
    /// any other byte.
    @inline(__always)
    package static func symbol(_ byte: UInt8) -> Int? {
        if byte &- 0x61 < 26 { return Int(byte - 0x61) }
        if byte &- 0x41 < 26 { return Int(byte - 0x41) }
        if byte &- 0x30 < 10 { return 26 + Int(byte - 0x30) }
        return nil
    }

    /// A record of a file: where its line is, and its number.
    struct Line: Sendable {
        var offset: Int
        var length: UInt32
        var number: UInt32

        var matched: MatchedLines.Line { .init(offset: offset, length: Int(length), number: Int(number)) }
    }

    /// The kind of a record that is not indexed.
    static let unindexed = UInt8.max

    /// The most bytes an index held in memory may take: past this, its
    /// blocks go to a temporary file (`TemporaryFile`). At this size it holds
    /// about 150,000 records of the benchmark's mix.
    package static let budget = 16 << 20

    /// How many records a block holds: about 2 MB of the benchmark's mix,
    /// the buffer a search reads a block of a file into, one a core.
    package static let blockRecords = 16384

    /// A byte's bit in ``letters``: one for each letter (either case) and
    /// digit, the other bytes sharing the rest.
    @inline(__always)
    static func letterBit(_ byte: UInt8) -> UInt64 {
        if byte &- 0x61 < 26 { return 1 << UInt64(byte - 0x61) }
        if byte &- 0x41 < 26 { return 1 << UInt64(byte - 0x41) }
        if byte &- 0x30 < 10 { return 1 << UInt64(26 + byte - 0x30) }
        return 1 << UInt64(36 + byte % 28)
    }

    /// A pair of adjacent bytes' bit in ``pairs`` (0 to 255), the same
    /// for either case of each.
    @inline(__always)
    package static func pairBit(_ first: UInt8, _ second: UInt8) -> Int {
        let folded = UInt32(IndexRanking.fold(first)) << 8 | UInt32(IndexRanking.fold(second))
        return Int((folded &* 0x9E37_79B1) >> 24)
    }

    /// Where the plain ASCII text from `start` of a block's `texts` ends:
    /// at its zero byte (or at the end of `texts`). Eight bytes at a time:
    /// most texts are a few dozen bytes, shorter than a call to `memchr`
    /// is worth, and read byte by byte each byte is checked.
    @inline(__always)
    package static func textEnd(in texts: Span<UInt8>, from start: Int) -> Int {
        let count = texts.count
        var position = start
        while position &+ 8 <= count {
            let word = texts.loadUInt64(at: position)
            // The lowest byte that is zero sets its top bit, and no byte before it does.
            let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            if zeros != 0 { return position &+ zeros.trailingZeroBitCount &>> 3 }
            position &+= 8
        }
        while position < count, texts[position] != 0 { position &+= 1 }
        return position
    }

    /// Adds the pairs of adjacent bytes of `text` to the ``pairWords``
    /// words of bits (``pairBit(_:_:)``) of `words` from `first`.
    package static func addPairs(of text: Span<UInt8>, to words: inout [UInt64], from first: Int) {
        guard text.count > 1 else { return }
        // In words of their own first: a pair's bit is below 256, so its word (below 4) needs no check.
        var found = InlineArray<4, UInt64>(repeating: 0)
        var previous = text[0]
        for position in 1..<text.count {
            let byte = text[position]
            let bit = pairBit(previous, byte)
            found[bit &>> 6 & 3] |= 1 << UInt64(bit & 63)
            previous = byte
        }
        for word in 0..<pairWords { words[first + word] |= found[word] }
    }

    private init(builder: Builder, stamp: FileStamp?) {
        kinds = builder.kinds
        count = builder.count
        blockRecords = builder.blockRecords
        blocks = builder.entries
        storage = builder.file.map { .file($0) } ?? .memory(builder.held)
        unicodeTexts = builder.unicodeTexts
        unindexedRecords = builder.unindexedRecords
        self.stamp = stamp
    }

    /// The index of every record held in `loaded`, or `nil` when its blocks
    /// would not fit `budget` and cannot be written to a file. Its table of
    /// one-character words' bands ranks by `rule`.
    static func held(
        _ loaded: LoadedRecords, registry: KindRegistry, rule: RankingRule = .standard, budget: Int = budget,
        blockRecords: Int = blockRecords
    )
        -> SearchTextIndex?
    {
        var builder = Builder(registry: registry, rule: rule, budget: budget, blockRecords: blockRecords)
        let bytes = loaded.arena
        let arena = bytes.span
        for (number, item) in loaded.items.enumerated() {
            switch item {
            case .line(let start, let end, _, let file):
                let object = try? JSONParser().parse(arena.extracting(start..<end))
                guard case .object(let parsed)? = object else {
                    builder.block.addUnindexed(line: nil)
                    break
                }
                builder.block.add(parsed, hint: loaded.files[Int(file)].hint, line: nil)
            case .record(let position):
                let record = loaded.records[Int(position)]
                builder.block.add(record.object, hint: record.kindHint, line: nil)
            }
            guard builder.flushIfFull(done: number + 1, of: loaded.items.count) else { return nil }
        }
        return builder.finish() ? SearchTextIndex(builder: builder, stamp: nil) : nil
    }

    /// A record's line of a file, as the builder of a block takes it.
    private struct PendingLine: Sendable {
        var line: Line
        /// Where its content is in the file; `nil` when it is over long.
        var content: Range<Int>?
    }

    /// The lines of a few blocks of a file, for each block to be built on
    /// a core of its own, from its lines read again into a buffer of its
    /// own: the lines waiting are not held meanwhile.
    private struct BlockJob: Sendable {
        let lines: [PendingLine]
        /// The file, open for reading.
        let descriptor: Int32
        let hint: String?
        let blockRecords: Int

        /// Block `block` of the lines, its kinds numbered from `seed`'s;
        /// `nil` when its lines cannot be read again.
        func build(_ block: Int, seed: BlockBuilder) -> BlockBuilder? {
            let lines = lines[block * blockRecords..<min(lines.count, (block + 1) * blockRecords)]
            guard let first = lines.first?.line, let last = lines.last?.line else { return seed }
            let start = first.offset
            let count = last.offset + Int(last.length) - start
            var bytes = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let read = FileDescriptorBytes.read(descriptor, into: &bytes, done..<count, atOffset: start + done)
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { return nil }
                done += read
            }
            var part = seed
            let read = bytes.span
            for pendingLine in lines {
                guard let content = pendingLine.content else {
                    part.addUnindexed(line: pendingLine.line)
                    continue
                }
                let object = try? JSONParser().parse(
                    read.extracting(content.lowerBound - start..<content.upperBound - start))
                if case .object(let object)? = object {
                    part.add(object, hint: hint, line: pendingLine.line)
                } else {
                    part.addUnindexed(line: pendingLine.line)
                }
            }
            return part
        }
    }

    /// How many blocks of a file are built at once, one a core.
    private static let parallelBlocks = 2

    /// The index of the records of the file at `path`, read line by line
    /// as the engine reads it; `nil` when it cannot be read, its blocks
    /// would not fit `budget` and cannot be written to a file, or when
    /// `isCancelled` says so. The lines are read in order, a few blocks'
    /// worth at a time; those blocks are built at once, one a core, and
    /// kept in order.
    static func file(
        path: String, hint: String?, registry: KindRegistry, rule: RankingRule = .standard, maxLineBytes: Int,
        budget: Int = budget, blockRecords: Int = blockRecords, isCancelled: () -> Bool
    ) -> SearchTextIndex? {
        guard let stamp = FileStamp(path: path) else { return nil }
        let fd = open(FilePathBytes.cString(path), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var builder = Builder(registry: registry, rule: rule, budget: budget, blockRecords: blockRecords)
        let blockRecords = builder.blockRecords
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        // The file bytes `bufferStart..<bufferStart + filled` are in `buffer`;
        // the lines from `scanned` on are not split yet.
        var bufferStart = 0
        var filled = 0
        var scanned = 0
        var number = 0
        var pending: [PendingLine] = []
        pending.reserveCapacity(blockRecords * parallelBlocks)
        var atEnd = false
        while !atEnd {
            if isCancelled() { return nil }
            if filled == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
            let count = FileDescriptorBytes.read(fd, into: &buffer, filled..<buffer.count)
            guard count >= 0 else { return nil }
            atEnd = count == 0
            filled += count
            let ok = { () -> Bool in
                let bytes = buffer.span
                while scanned < filled {
                    let end: Int
                    if let newline = bytes.firstIndex(of: 0x0A, in: scanned..<filled) {
                        end = newline
                    } else if atEnd {
                        end = filled
                    } else {
                        break
                    }
                    let lineStart = scanned
                    scanned = end + 1
                    number += 1
                    var contentEnd = end
                    if contentEnd > lineStart, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
                    let line = bytes.extracting(lineStart..<contentEnd)
                    let location = Line(
                        offset: bufferStart + lineStart, length: UInt32(contentEnd - lineStart), number: UInt32(number))
                    switch NDJSONLineRule.classify(line, isFirstLine: number == 1, maxLineBytes: maxLineBytes) {
                    case .blank:
                        break
                    case .overLong:
                        pending.append(PendingLine(line: location, content: nil))
                    case .content(let content):
                        let start = bufferStart + lineStart + content.lowerBound
                        pending.append(PendingLine(line: location, content: start..<start + content.count))
                    }
                }
                // Whole blocks, a few at a time (at the end, what is left).
                guard pending.count >= blockRecords * parallelBlocks || (atEnd && !pending.isEmpty) else {
                    return true
                }
                // Every block full but the file's last one.
                let blocks = atEnd ? (pending.count + blockRecords - 1) / blockRecords : pending.count / blockRecords
                let job = BlockJob(lines: pending, descriptor: fd, hint: hint, blockRecords: blockRecords)
                let seed = builder.known.seeded()
                var built = ParallelBlocks.mapBlocks(blocks, parallel: true) { job.build($0, seed: seed) }
                for block in 0..<blocks {
                    let last = pending[min(pending.count, (block + 1) * blockRecords) - 1].line
                    let done = last.offset + Int(last.length) + 1
                    guard built[block] != nil else { return false }
                    if !builder.keep(&built[block]!) {
                        // A kind past the most the index numbers: built
                        // again, knowing every kind before it.
                        guard var again = job.build(block, seed: builder.known.seeded()), builder.keep(&again) else {
                            return false
                        }
                    }
                    built[block] = nil
                    guard builder.flush(done: done, of: stamp.size) else { return false }
                }
                pending.removeFirst(min(pending.count, blocks * blockRecords))
                // What the blocks' records took goes back to the system
                // (each core's heap keeps it otherwise), beside a search.
                ProcessMemory.releaseFreedMemory()
                return true
            }()
            guard ok else { return nil }
            // What is left of a line moves to the front.
            let consumed = min(scanned, filled)
            if consumed > 0 {
                for index in 0..<filled - consumed { buffer[index] = buffer[consumed + index] }
                bufferStart += consumed
                filled -= consumed
                scanned -= consumed
            }
        }
        guard builder.finish(), FileStamp(path: path) == stamp else { return nil }
        return SearchTextIndex(builder: builder, stamp: stamp)
    }

    /// Collects the records' texts, a block at a time.
    private struct Builder {
        let registry: KindRegistry
        /// The most bytes the blocks may take in memory; past it they go to ``file``.
        let budget: Int
        let blockRecords: Int
        var kinds: [ResultKind] { known.kinds }
        /// The kinds so far, numbered as the index numbers them.
        var known: BlockBuilder
        var unicodeTexts: [String] = []
        var unicodeNumbers: [String: UInt32] = [:]
        var unicodeBytes = 0
        var unindexedRecords: [Int32] = []
        /// The records of the blocks done.
        var count = 0
        /// The blocks done, and where their bytes are: held, or in the file.
        var entries: [BlockEntry] = []
        var held: [BlockView] = []
        var heldBytes = 0
        var file: TemporaryFile?
        var fileBytes = 0
        /// The block being filled, which knows every kind so far.
        var block: BlockBuilder

        init(registry: KindRegistry, rule: RankingRule, budget: Int, blockRecords: Int) {
            self.registry = registry
            self.budget = budget
            self.blockRecords = max(1, blockRecords)
            known = BlockBuilder(registry: registry, rule: rule)
            block = known
        }

        /// The bytes held in memory: the blocks held, the block being
        /// filled, the texts that are not plain ASCII.
        var bytes: Int {
            heldBytes + block.texts.count + block.kindOf.count
                * (17 + 8 * SearchTextIndex.pairWords + SearchTextIndex.symbolBytes)
                + block.lines.count * MemoryLayout<Line>.stride + unicodeBytes + block.unicodeFields.count * 4
                + unindexedRecords.count * 4
        }

        /// Ends the block being filled when it is full, `done` of `total`
        /// (records or bytes) read; `false` when its bytes could not be kept.
        mutating func flushIfFull(done: Int, of total: Int) -> Bool {
            guard block.kindOf.count >= blockRecords else { return true }
            var full = block
            let kept = keep(&full)
            precondition(kept, "a block that knows every kind numbers them as the index does")
            return flush(done: done, of: total)
        }

        /// Ends the block being filled, if it holds a record; `false` when
        /// its bytes could not be kept.
        mutating func finish() -> Bool {
            if block.kindOf.isEmpty { return true }
            var last = block
            let kept = keep(&last)
            precondition(kept, "a block that knows every kind numbers them as the index does")
            return flush(done: 1, of: 1)
        }

        /// Makes `part`, built on its own, the block being filled: its kinds
        /// and texts that are not plain ASCII numbered as the index numbers
        /// them, in the order the records first name them, its records
        /// numbered from the records before it. `false` when it named a kind
        /// past the most the index numbers before it knew the kinds of the
        /// blocks before it: it must then be built again, from ``BlockBuilder/seeded()``.
        mutating func keep(_ part: inout BlockBuilder) -> Bool {
            // Its kinds: those it knew from the start, then the ones it found.
            if part.overflowed && part.seedKinds != kinds.count { return false }
            var seen = known
            var kindMap = [UInt8](repeating: SearchTextIndex.unindexed, count: 256)
            for id in 0..<part.seedKinds { kindMap[id] = UInt8(id) }
            for (key, name) in part.newKindKeys {
                guard let local = part.kindIDs[key] else { continue }
                let id = seen.kindID(named: name)
                if id == SearchTextIndex.unindexed, local != SearchTextIndex.unindexed { return false }
                kindMap[Int(local)] = id
            }
            known = seen
            block = known.seeded()
            if !part.newKindKeys.isEmpty {
                for position in part.kindOf.indices where part.kindOf[position] != SearchTextIndex.unindexed {
                    part.kindOf[position] = kindMap[Int(part.kindOf[position])]
                }
            }
            // Its texts that are not plain ASCII.
            if !part.unicodeTexts.isEmpty {
                var numberMap: [UInt32] = []
                numberMap.reserveCapacity(part.unicodeTexts.count)
                for text in part.unicodeTexts {
                    if let known = unicodeNumbers[text] {
                        numberMap.append(known)
                    } else {
                        let number = UInt32(unicodeTexts.count)
                        unicodeNumbers[text] = number
                        unicodeTexts.append(text)
                        unicodeBytes += text.utf8.count * 2 + 64
                        numberMap.append(number)
                    }
                }
                for position in stride(from: 1, to: part.unicodeFields.count, by: 2) {
                    part.unicodeFields[position] = numberMap[Int(part.unicodeFields[position])]
                }
                for position in part.unicodePositions {
                    var local = 0
                    for byte in 0..<4 { local |= Int(part.texts[position + byte]) << (8 * byte) }
                    let number = numberMap[local]
                    for byte in 0..<4 { part.texts[position + byte] = UInt8(truncatingIfNeeded: number >> (8 * byte)) }
                }
            }
            for record in part.unindexed { unindexedRecords.append(Int32(count) + record) }
            block.kindOf = part.kindOf
            block.starts = part.starts
            block.texts = part.texts
            block.letters = part.letters
            block.pairs = part.pairs
            block.symbolBands = part.symbolBands
            block.unicodeStarts = part.unicodeStarts
            block.unicodeFields = part.unicodeFields
            block.lines = part.lines
            return true
        }

        /// Lays out the block being filled (kept with ``keep(_:)``), keeps
        /// its bytes (in memory while the budget allows, else in the file),
        /// and starts the next. The blocks go to the file as soon as the
        /// whole index would not fit the budget, reckoned from the part read
        /// (`done` of `total`): the memory a search in place takes meanwhile
        /// is not taken twice.
        mutating func flush(done: Int, of total: Int) -> Bool {
            var sections: [Range<Int>] = []
            var end = 0
            func section<T>(_ array: [T]) {
                let start = (end + 15) & ~15
                end = start + array.count * MemoryLayout<T>.stride
                sections.append(start..<end)
            }
            section(block.kindOf)
            section(block.starts)
            section(block.texts)
            section(block.letters)
            section(block.pairs)
            section(block.symbolBands)
            section(block.unicodeStarts)
            section(block.unicodeFields)
            section(block.lines)
            var entry = BlockEntry(
                first: count, count: block.kindOf.count, offset: 0, bytes: end, sections: sections,
                firstLineOffset: block.lines.first?.offset)
            // Copies as long as their values: the arrays built grew by doubling.
            var view = BlockView(first: count, count: block.kindOf.count)
            view.kindOf = Array(block.kindOf[...])
            view.starts = Array(block.starts[...])
            view.texts = Array(block.texts[...])
            view.letters = Array(block.letters[...])
            view.pairs = Array(block.pairs[...])
            view.symbolBands = Array(block.symbolBands[...])
            view.unicodeStarts = Array(block.unicodeStarts[...])
            view.unicodeFields = Array(block.unicodeFields[...])
            view.lines = Array(block.lines[...])
            count += block.kindOf.count
            block = known.seeded()
            let reckoned = Double(end + self.bytes) * Double(max(total, 1)) / Double(max(done, 1))
            if file == nil, end + self.bytes > budget || reckoned > Double(budget) {
                // Past the budget: every block to a file, from now on.
                guard let made = TemporaryFile(prefix: "search-index") else { return false }
                file = made
                for (number, earlier) in held.enumerated() {
                    entries[number].offset = fileBytes
                    guard Self.write(earlier, entries[number], to: made) else { return false }
                    fileBytes += (entries[number].bytes + 15) & ~15
                }
                held = []
                heldBytes = 0
            }
            if let file {
                entry.offset = fileBytes
                guard Self.write(view, entry, to: file) else { return false }
                fileBytes += (end + 15) & ~15
            } else {
                held.append(view)
                heldBytes += end
            }
            entries.append(entry)
            return true
        }

        /// Writes a block's sections where `entry` places them in `file`;
        /// whether all were written.
        private static func write(_ view: BlockView, _ entry: BlockEntry, to file: TemporaryFile) -> Bool {
            func put<Value: BitwiseCopyable>(_ array: [Value], _ section: Section) -> Bool {
                file.write(array, at: entry.offset + entry.sections[section.rawValue].lowerBound)
            }
            return put(view.kindOf, .kindOf) && put(view.starts, .starts) && put(view.texts, .texts)
                && put(view.letters, .letters) && put(view.pairs, .pairs)
                && put(view.symbolBands, .symbolBands) && put(view.unicodeStarts, .unicodeStarts)
                && put(view.unicodeFields, .unicodeFields) && put(view.lines, .lines)
        }
    }

    /// The sections of one block, built on its own (each block of a file
    /// on a core of its own): its kinds and its texts that are not plain
    /// ASCII numbered within it, its records from 0; ``Builder/keep(_:)``
    /// numbers them as the index does.
    private struct BlockBuilder: @unchecked Sendable {
        let registry: KindRegistry
        var kinds: [ResultKind] = []
        var kindIDs: [String: UInt8] = [:]
        /// How many of ``kinds`` it was given (``seeded()``), and the names
        /// of the kinds it found since, in the order records named them.
        var seedKinds = 0
        var newKindKeys: [(key: String, name: String?)] = []
        /// Whether a record named a kind past the most the index numbers.
        var overflowed = false
        var unicodeTexts: [String] = []
        var unicodeNumbers: [String: UInt32] = [:]
        /// Where each text's number is in ``texts``.
        var unicodePositions: [Int] = []
        /// Its records that are not indexed, from 0.
        var unindexed: [Int32] = []

        // Its sections (see ``Section``).
        var kindOf: [UInt8] = []
        var starts: [UInt32] = [0]
        var texts: [UInt8] = []
        var letters: [UInt64] = []
        var pairs: [UInt64] = []
        var symbolBands: [UInt8] = []
        var unicodeStarts: [UInt32] = [0]
        var unicodeFields: [UInt32] = []
        var lines: [Line] = []
        /// For each letter or digit, its best band in the record being added.
        var bands = InlineArray<36, UInt8>(repeating: IndexRanking.noMatch)

        /// How a word's match in a field ranks, for ``symbolBands``.
        let rule: RankingRule

        init(registry: KindRegistry, rule: RankingRule) {
            self.registry = registry
            self.rule = rule
        }

        /// An empty block that knows this one's kinds.
        func seeded() -> BlockBuilder {
            var block = BlockBuilder(registry: registry, rule: rule)
            block.kinds = kinds
            block.kindIDs = kindIDs
            block.seedKinds = kinds.count
            return block
        }

        mutating func addUnindexed(line: Line?) {
            unindexed.append(Int32(kindOf.count))
            letters.append(~0)
            pairs += repeatElement(~0, count: SearchTextIndex.pairWords)
            unicodeStarts.append(UInt32(unicodeFields.count))
            symbolBands += repeatElement(0, count: SearchTextIndex.symbolBytes)
            kindOf.append(SearchTextIndex.unindexed)
            starts.append(UInt32(texts.count))
            if let line { lines.append(line) }
        }

        /// Adds a record, by the kind it names or `hint`, as ``Record/kindName`` says.
        mutating func add(_ object: JSONObject, hint: String?, line: Line?) {
            let name = object["kind"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? hint
            let id = kindID(named: name)
            guard id != SearchTextIndex.unindexed else { return addUnindexed(line: line) }
            let kind = kinds[Int(id)]
            // A record its kind rejects never matches: the engine says so.
            guard (try? kind.makeRow(object)) != nil else { return addUnindexed(line: line) }
            if let line { lines.append(line) }
            var mask: UInt64 = 0
            // The pairs' words of this record: the last ``pairWords`` of ``pairs``.
            pairs += repeatElement(0, count: SearchTextIndex.pairWords)
            for symbol in 0..<36 { bands[symbol] = IndexRanking.noMatch }
            let fields = kind.searchFields
            for fieldNumber in fields.indices {
                let field = fields[fieldNumber]
                let text = field.text(object) ?? ""
                let bytes = text.utf8.span
                var fieldLetters: UInt64 = 0
                var plain = true
                for index in bytes.indices {
                    let byte = bytes[index]
                    guard byte > SearchTextIndex.unicodeMark && byte < 0x80 && byte != 0x0D else {
                        plain = false
                        break
                    }
                    fieldLetters |= SearchTextIndex.letterBit(byte)
                }
                if plain {
                    mask |= fieldLetters
                    texts.append(copying: bytes)
                    texts.append(0)
                    IndexRanking.symbolBands(in: bytes, weight: field.weight, rule: rule, into: &bands)
                    SearchTextIndex.addPairs(of: bytes, to: &pairs, from: pairs.count - SearchTextIndex.pairWords)
                    continue
                }
                let number: UInt32
                if let known = unicodeNumbers[text] {
                    number = known
                } else {
                    number = UInt32(unicodeTexts.count)
                    unicodeNumbers[text] = number
                    unicodeTexts.append(text)
                }
                unicodeFields.append(UInt32(fieldNumber))
                unicodeFields.append(number)
                texts.append(SearchTextIndex.unicodeMark)
                unicodePositions.append(texts.count)
                for byte in 0..<4 { texts.append(UInt8(truncatingIfNeeded: number >> (8 * byte))) }
            }
            letters.append(mask)
            unicodeStarts.append(UInt32(unicodeFields.count))
            for symbol in stride(from: 0, to: 36, by: 2) {
                symbolBands.append(
                    min(bands[symbol], SearchTextIndex.noBand) | min(bands[symbol + 1], SearchTextIndex.noBand) << 4)
            }
            kindOf.append(id)
            starts.append(UInt32(texts.count))
        }

        /// The kind of records named `name`: a registered kind, else the
        /// engine's generic kind of that name (`ResultKind.fallback(named:)`,
        /// `unknown` for a record with no kind), whose search fields are the
        /// same whatever the name; each name is a kind of its own, so that
        /// the kinds of the best records can be counted for the status line.
        mutating func kindID(named name: String?) -> UInt8 {
            let key = name ?? ""
            if let id = kindIDs[key] { return id }
            let registered = name.flatMap { registry.kind(named: $0) }
            let id: UInt8
            if let registered, let known = kinds.firstIndex(where: { $0.identity == registered.identity }) {
                id = UInt8(known)
            } else if kinds.count < Int(SearchTextIndex.unindexed) - 1 {
                id = UInt8(kinds.count)
                kinds.append(registered ?? .fallback(named: name ?? "unknown"))
            } else {
                // Past 254 kinds, the rest are not indexed: the engine reads them every time.
                overflowed = true
                newKindKeys.append((key, name))
                return SearchTextIndex.unindexed
            }
            kindIDs[key] = id
            newKindKeys.append((key, name))
            return id
        }
    }
}
