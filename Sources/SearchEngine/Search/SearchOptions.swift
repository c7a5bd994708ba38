/// What to search for besides the query: which kinds, how many results, and
/// in what order.
public struct SearchOptions: Sendable {
    /// The most results to return.
    public var limit: Int
    /// Results to skip before the first returned.
    public var offset: Int
    /// Kinds to keep (lower-case); empty keeps every kind.
    public var kinds: [String]
    /// Allow fuzzy subsequence matches even when other matches exist.
    public var fuzzy: Bool
    /// Order by a field instead of relevance.
    public var sort: FieldSort?
    /// Whether each result keeps its whole record (``SearchHit/record``).
    /// A caller that shows only the results' rows, as the table does, turns
    /// it off: a result's record is then an empty object with the record's
    /// location and kind hint, and the memory of the records is reused while
    /// reading instead of growing with the results.
    public var keepsRecords: Bool
    /// The longest NDJSON line read (see ``RecordReader/maxLineBytes``).
    public var maxLineBytes: Int
    /// The largest whole-document input (see ``RecordReader/maxDocumentBytes``).
    public var maxDocumentBytes: Int
    /// The input's format, records' place and kind fields, where the command
    /// line gives them (see ``ReadingOptions``).
    public var reading = ReadingOptions()
    /// How many diagnostics of each group a parallel read passes on one by
    /// one; the rest are counted and passed on as one tally (see ``DiagnosticCap``).
    public var diagnosticCap: Int
    /// Whether the caller no longer wants this search's results: checked
    /// between blocks of a file read with every core, so that a search a
    /// newer one made pointless stops early. Its results are then partial.
    package var isCancelled: (@Sendable () -> Bool)?
    /// Where a file read in blocks on every core reports which of its lines
    /// matched (one log per search of one such file).
    package var matchedLines: MatchedLines?
    /// Whether the result counts the records that matched of each kind
    /// (``SearchResult/matchedByKind``), for a caller that keeps fewer rows
    /// than match and still says how many of each kind there are.
    package var countsMatchesByKind = false
    /// How words' matches rank: the standard order, or in tests another,
    /// which every part of a search then follows (see ``RankingRule``).
    package var ranking = RankingRule.standard
    /// How a large JSON array is read in blocks on every core: by default
    /// one worker per core, blocks sized by the file, files of 8 MiB or
    /// more; tests force the route on small files.
    package var arrayBlocks = ArrayBlockTuning()

    public init(
        limit: Int = 20,
        offset: Int = 0,
        kinds: [String] = [],
        fuzzy: Bool = false,
        sort: FieldSort? = nil,
        keepsRecords: Bool = true,
        maxLineBytes: Int = 64 << 20,
        maxDocumentBytes: Int = 1 << 30,
        diagnosticCap: Int = DiagnosticCap().limit
    ) {
        self.limit = limit
        self.offset = offset
        self.kinds = kinds
        self.fuzzy = fuzzy
        self.sort = sort
        self.keepsRecords = keepsRecords
        self.maxLineBytes = maxLineBytes
        self.maxDocumentBytes = maxDocumentBytes
        self.diagnosticCap = diagnosticCap
    }

    /// How many results a search keeps to return ``limit`` after ``offset``:
    /// their sum, saturated at `Int.max` (no input holds that many records),
    /// so that any two counts a user can type give a search, never a trap.
    /// Negative counts count as 0.
    public var keptCount: Int {
        let (sum, overflow) = max(0, offset).addingReportingOverflow(max(0, limit))
        return overflow ? Int.max : sum
    }
}

/// `--sort FIELD` (ascending) or `--sort -FIELD` (descending). Records
/// without the field come last either way.
public struct FieldSort: Sendable, Equatable {
    public var field: String
    public var descending: Bool

    public init(field: String, descending: Bool) {
        self.field = field
        self.descending = descending
    }

    /// Parses `FIELD` or `-FIELD`.
    public init?(parsing text: String) {
        let descending = text.hasPrefix("-")
        let field = descending ? String(text.dropFirst()) : text
        guard !field.isEmpty else { return nil }
        self.init(field: field, descending: descending)
    }
}

/// How ``ParallelArrayReader`` reads the arrays of a search (see
/// ``SearchOptions/arrayBlocks``).
package struct ArrayBlockTuning: Sendable {
    /// How many threads; by default one per core.
    package var workers: Int?
    /// Bytes per block; by default as the file's size gives.
    package var blockSize: Int?
    /// Elements per block at most.
    package var blockElements = 1 << 16
    /// The fewest bytes left in a file for the rest of an array to be read in blocks.
    package var minimumBytes = ParallelInput.threshold
    /// How the file is read: through a mapping where the process allows it.
    package var reading = BlockReading.automatic

    package init(
        workers: Int? = nil, blockSize: Int? = nil, blockElements: Int = 1 << 16,
        minimumBytes: Int = ParallelInput.threshold, reading: BlockReading = .automatic
    ) {
        self.workers = workers
        self.blockSize = blockSize
        self.blockElements = blockElements
        self.minimumBytes = minimumBytes
        self.reading = reading
    }
}
