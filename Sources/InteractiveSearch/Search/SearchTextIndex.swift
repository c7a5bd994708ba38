import ResultKit
import SearchEngine
import StreamingJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The search texts of every record, as the matcher reads them, in one
/// contiguous buffer: for a keystroke to scan bytes rather than records.
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
/// terminal's thread, within a memory budget; past the budget there is no
/// index and every keystroke searches as before.
package final class SearchTextIndex: Sendable {
    /// The registered kinds of the indexed records.
    let kinds: [ResultKind]
    /// Each record's kind in ``kinds``, or ``unindexed``.
    let kindOf: [UInt8]
    /// Which bytes each record's plain ASCII texts hold, ignoring case
    /// (``letterBit(_:)``). A plain ASCII text cannot hold a fragment whose
    /// bits its record's lack.
    let letters: [UInt64]
    /// Which pairs of adjacent bytes each record's plain ASCII texts hold,
    /// ignoring case (``pairBit(_:_:)``), as ``pairWords`` words a record.
    /// A plain ASCII text cannot hold a fragment whose pairs its record's
    /// lack: common letters pass ``letters``, but few records hold every
    /// pair of a word.
    let pairs: [UInt64]
    /// How many words of ``pairs`` each record has (256 bits).
    package static let pairWords = 4
    /// Each record's texts that are not plain ASCII (which ``letters`` and
    /// ``pairs`` leave out), for a scan that reads no other text: from
    /// ``unicodeStarts[record]`` to the next record's, the number of the
    /// field among its kind's search fields and of the text in
    /// ``unicodeTexts``, one after the other.
    let unicodeFields: [UInt32]
    /// Where each record's entries start in ``unicodeFields``, and one more
    /// at the end.
    let unicodeStarts: [UInt32]
    /// For each record and each letter or digit (``symbol(_:)``), the best
    /// band a one-character word of it may have in the record's plain ASCII
    /// texts, as ``IndexRanking/bestBand(of:in:weight:)`` gives it: a half
    /// byte each (``noBand`` when none), ``symbolBytes`` bytes a record.
    let symbolBands: [UInt8]
    /// How many bytes of ``symbolBands`` each record has.
    static let symbolBytes = 18
    /// In ``symbolBands``, no match.
    package static let noBand: UInt8 = 15

    /// The number of a letter (either case) or digit, 0 to 35; `nil` for
    /// any other byte.
    @inline(__always)
    package static func symbol(_ byte: UInt8) -> Int? {
        if byte &- 0x61 < 26 { return Int(byte - 0x61) }
        if byte &- 0x41 < 26 { return Int(byte - 0x41) }
        if byte &- 0x30 < 10 { return 26 + Int(byte - 0x30) }
        return nil
    }

    /// The band of ``symbolBands`` for `symbol` in `record`, or ``IndexRanking/noMatch``.
    @inline(__always)
    func symbolBand(_ symbol: Int, of record: Int) -> UInt8 {
        let byte = symbolBands[record * Self.symbolBytes + symbol >> 1]
        let band = symbol & 1 == 0 ? byte & 15 : byte >> 4
        return band == Self.noBand ? IndexRanking.noMatch : band
    }
    /// Where each record's texts start in ``texts``, and one more offset at
    /// the end.
    let starts: [UInt32]
    /// Each indexed record's search field texts, in its kind's order, each
    /// followed by a zero byte (a missing field is an empty text).
    let texts: [UInt8]
    /// For the records of a file searched in place: each record's line.
    let lines: [Line]
    /// The file's stamp when it was indexed: the index holds while it is unchanged.
    let stamp: FileStamp?
    /// The search texts that are not plain ASCII, each once.
    let unicodeTexts: [String]
    /// In ``texts``, the byte before the four bytes (little-endian) of a
    /// text's number in ``unicodeTexts``.
    static let unicodeMark: UInt8 = 1
    /// The records that are not indexed, ascending.
    let unindexedRecords: [Int32]

    /// A record of a file: where its line is, and its number.
    struct Line: Sendable {
        var offset: Int
        var length: UInt32
        var number: UInt32

        var matched: MatchedLines.Line { .init(offset: offset, length: Int(length), number: Int(number)) }
    }

    /// The kind of a record that is not indexed.
    static let unindexed = UInt8.max

    /// The most bytes an index may take: past this, there is none. At this
    /// size it holds about 300,000 records of the benchmark's mix; while it
    /// grows, its buffers may take twice as much for a moment.
    static let budget = 16 << 20

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

    /// Adds the pairs of adjacent bytes of `text` to `words`, ``pairWords``
    /// words of bits (``pairBit(_:_:)``).
    package static func addPairs(of text: UnsafeBufferPointer<UInt8>, to words: UnsafeMutableBufferPointer<UInt64>) {
        guard text.count > 1 else { return }
        for position in 1..<text.count {
            let bit = pairBit(text[position - 1], text[position])
            words[bit >> 6] |= 1 << UInt64(bit & 63)
        }
    }

    /// The records counted.
    var count: Int { kindOf.count }

    private init(builder: Builder, lines: [Line], stamp: FileStamp?) {
        kinds = builder.kinds
        kindOf = builder.kindOf
        letters = builder.letters
        pairs = builder.pairs
        unicodeFields = builder.unicodeFields
        unicodeStarts = builder.unicodeStarts
        symbolBands = builder.symbolBands
        starts = builder.starts
        texts = builder.texts
        unicodeTexts = builder.unicodeTexts
        self.lines = lines
        self.stamp = stamp
        unindexedRecords = builder.kindOf.indices.compactMap {
            builder.kindOf[$0] == Self.unindexed ? Int32($0) : nil
        }
    }

    /// The index of every record held in `loaded`, or `nil` past the budget.
    static func held(_ loaded: LoadedRecords, registry: KindRegistry) -> SearchTextIndex? {
        var builder = Builder(registry: registry)
        let ok = loaded.arena.withUnsafeBytes { arena -> Bool in
            for item in loaded.items {
                switch item {
                case .line(let start, let end, _, let file):
                    let object = try? JSONParser().parse(UnsafeRawBufferPointer(rebasing: arena[start..<end]))
                    guard case .object(let parsed)? = object else {
                        builder.addUnindexed()
                        continue
                    }
                    builder.add(parsed, hint: loaded.files[Int(file)].hint)
                case .record(let position):
                    let record = loaded.records[Int(position)]
                    builder.add(record.object, hint: record.kindHint)
                }
                if builder.bytes > budget { return false }
            }
            return true
        }
        return ok ? SearchTextIndex(builder: builder, lines: [], stamp: nil) : nil
    }

    /// The index of the records of the file at `path`, read line by line
    /// as the engine reads it; `nil` past the budget, when it cannot be
    /// read, or when `isCancelled` says so.
    static func file(
        path: String, hint: String?, registry: KindRegistry, maxLineBytes: Int, isCancelled: () -> Bool
    ) -> SearchTextIndex? {
        guard let stamp = FileStamp(path: path), stamp.size <= maximumFileBytes else { return nil }
        let fd = FilePathBytes.withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var builder = Builder(registry: registry)
        var lines: [Line] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        // The file bytes `bufferStart..<bufferStart + filled` are in `buffer`.
        var bufferStart = 0
        var filled = 0
        var number = 0
        var atEnd = false
        var overBudget = false
        while !atEnd, !overBudget {
            if isCancelled() { return nil }
            if filled == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            guard count >= 0 else { return nil }
            atEnd = count == 0
            filled += count
            let consumed = buffer.withUnsafeBytes { bytes -> Int in
                var lineStart = 0
                while lineStart < filled {
                    let newline = bytes[lineStart..<filled].firstIndex(of: 0x0A)
                    guard let end = newline ?? (atEnd ? filled : nil) else { break }
                    number += 1
                    var contentEnd = end
                    if contentEnd > lineStart, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
                    let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<contentEnd])
                    let location = Line(
                        offset: bufferStart + lineStart, length: UInt32(contentEnd - lineStart), number: UInt32(number))
                    switch NDJSONLineRule.classify(line, isFirstLine: number == 1, maxLineBytes: maxLineBytes) {
                    case .blank:
                        break
                    case .overLong:
                        lines.append(location)
                        builder.addUnindexed()
                    case .content(let content):
                        lines.append(location)
                        if case .object(let object)? = try? JSONParser().parse(content) {
                            builder.add(object, hint: hint)
                        } else {
                            builder.addUnindexed()
                        }
                    }
                    lineStart = end + 1
                    if builder.bytes + lines.count * MemoryLayout<Line>.stride > budget {
                        overBudget = true
                        return lineStart
                    }
                }
                return min(lineStart, filled)
            }
            // What is left of a line moves to the front.
            if consumed > 0 {
                buffer.withUnsafeMutableBytes { bytes in
                    if consumed < filled {
                        memmove(bytes.baseAddress!, bytes.baseAddress! + consumed, filled - consumed)
                    }
                }
                bufferStart += consumed
                filled -= consumed
            }
        }
        guard !overBudget, FileStamp(path: path) == stamp else { return nil }
        return SearchTextIndex(builder: builder, lines: lines, stamp: stamp)
    }

    /// The largest file indexed (about 230,000 records of the benchmark's
    /// mix): a larger one would not fit the budget.
    static let maximumFileBytes = 32 << 20

    /// Collects the records' texts.
    private struct Builder {
        let registry: KindRegistry
        var kinds: [ResultKind] = []
        var kindIDs: [String: UInt8] = [:]
        var kindOf: [UInt8] = []
        var starts: [UInt32] = [0]
        var texts: [UInt8] = []

        init(registry: KindRegistry) {
            self.registry = registry
        }

        var unicodeTexts: [String] = []
        var unicodeNumbers: [String: UInt32] = [:]
        var unicodeBytes = 0

        var letters: [UInt64] = []
        var pairs: [UInt64] = []
        var unicodeFields: [UInt32] = []
        var unicodeStarts: [UInt32] = [0]
        var symbolBands: [UInt8] = []

        var bytes: Int {
            texts.count + kindOf.count * (17 + 8 * SearchTextIndex.pairWords + SearchTextIndex.symbolBytes)
                + unicodeBytes + unicodeFields.count * 4
        }

        mutating func addUnindexed() {
            letters.append(~0)
            pairs += repeatElement(~0, count: SearchTextIndex.pairWords)
            unicodeStarts.append(UInt32(unicodeFields.count))
            symbolBands += repeatElement(0, count: SearchTextIndex.symbolBytes)
            kindOf.append(SearchTextIndex.unindexed)
            starts.append(UInt32(texts.count))
        }

        /// Adds a record, by the kind it names or `hint`, as ``Record/kindName`` says.
        mutating func add(_ object: JSONObject, hint: String?) {
            let name = object["kind"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? hint
            let id = kindID(named: name)
            guard id != SearchTextIndex.unindexed else { return addUnindexed() }
            let kind = kinds[Int(id)]
            // A record its kind rejects never matches: the engine says so.
            guard (try? kind.makeRow(object)) != nil else { return addUnindexed() }
            var mask: UInt64 = 0
            // The pairs' words of this record: the last ``pairWords`` of ``pairs``.
            pairs += repeatElement(0, count: SearchTextIndex.pairWords)
            var bands = [UInt8](repeating: IndexRanking.noMatch, count: 36)
            for (fieldNumber, field) in kind.searchFields.enumerated() {
                var text = field.text(object) ?? ""
                if text.utf8.allSatisfy({ $0 > SearchTextIndex.unicodeMark && $0 < 0x80 && $0 != 0x0D }) {
                    texts.append(contentsOf: text.utf8)
                    texts.append(0)
                    for byte in text.utf8 { mask |= SearchTextIndex.letterBit(byte) }
                    text.withUTF8 { bytes in
                        IndexRanking.symbolBands(in: bytes, weight: field.weight, into: &bands)
                        pairs.withUnsafeMutableBufferPointer { pairs in
                            SearchTextIndex.addPairs(
                                of: bytes,
                                to: UnsafeMutableBufferPointer(
                                    rebasing: pairs[(pairs.count - SearchTextIndex.pairWords)...]))
                        }
                    }
                    continue
                }
                let number: UInt32
                if let known = unicodeNumbers[text] {
                    number = known
                } else {
                    number = UInt32(unicodeTexts.count)
                    unicodeNumbers[text] = number
                    unicodeTexts.append(text)
                    unicodeBytes += text.utf8.count * 2 + 64
                }
                unicodeFields.append(UInt32(fieldNumber))
                unicodeFields.append(number)
                texts.append(SearchTextIndex.unicodeMark)
                withUnsafeBytes(of: number.littleEndian) { texts.append(contentsOf: $0) }
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
        private mutating func kindID(named name: String?) -> UInt8 {
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
                return SearchTextIndex.unindexed
            }
            kindIDs[key] = id
            return id
        }
    }
}
