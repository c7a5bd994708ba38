/// What one source was read as, for `--stats` and for saying that a source
/// held no records: its format, how it was compressed, where in its JSON
/// the records were, and how many records it gave.
public struct SourceReading: Sendable, Equatable {
    /// The source as messages name it.
    public var source: String
    /// The format it was read in; `nil` when it held nothing to tell one by.
    public var format: DataFormat?
    /// Whether the format was told from the content rather than given.
    public var sniffed: Bool
    /// How it was compressed.
    public var compression: Compression?
    /// Where in its JSON documents the records were, when they were in an
    /// array (the empty pointer for a top-level array).
    public var records: RecordsPointer?
    /// How many records it gave, the malformed ones included.
    public var recordCount = 0
    /// Whether it held nothing but white space.
    public var isBlank = false
    /// Whether it is a folder with no file to read.
    public var isFolder = false
    /// Whether reading it failed (reported as an error).
    public var failed = false

    public init(
        source: String, format: DataFormat?, sniffed: Bool, compression: Compression? = nil,
        records: RecordsPointer? = nil
    ) {
        self.source = source
        self.format = format
        self.sniffed = sniffed
        self.compression = compression
        self.records = records
    }

    /// What the source was read as: `NDJSON`, `JSON (records at /items),
    /// gzip`, `lines of text`.
    public var summary: String {
        var parts: [String] = []
        switch format {
        case .ndjson?: parts.append("NDJSON")
        case .json?:
            if let records {
                parts.append(records.tokens.isEmpty ? "a JSON array" : "JSON, records at \(records)")
            } else {
                parts.append("JSON")
            }
        case .csv?: parts.append("CSV")
        case .tsv?: parts.append("TSV")
        case .lines?: parts.append("lines of text")
        case nil: parts.append("nothing to read")
        }
        if let compression { parts.append(compression.rawValue) }
        return parts.joined(separator: ", ")
    }

    /// Why no record was read from the source, as `read no records from X:
    /// expected …; …` ends.
    public var emptiness: String {
        if isFolder {
            return "expected data files (*.jsonl, *.json, *.csv, *.tsv, compressed or not) or text files; it has none"
        }
        let expected =
            format.map { sniffed && $0 == .lines ? Self.anyExpectation : $0.expectation }
            ?? Self.anyExpectation
        let found =
            switch format {
            case _ where isBlank: "it is empty"
            case .csv?, .tsv?: "it has a header and no rows"
            case .json? where records != nil: "the array is empty"
            default: "it holds none"
            }
        return "expected \(expected); \(found)"
    }

    /// What a source whose format is sniffed may hold.
    static let anyExpectation = "JSON, NDJSON, CSV, TSV or lines of text"
}
