public import ResultKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where a ``SearchSource`` puts what it reads: records, or unparsed NDJSON
/// lines, and problems. Everything handed in is scored by one scorer and kept
/// in one top-K for the whole search.
///
/// A sink is valid only during the call of ``SearchSource/search(into:)``
/// it is passed to.
public struct RecordSink {
    /// Reads local bytes with the search's limits and default kind.
    public let reader: RecordReader
    /// The source's position among all sources, from 1: ties between equal
    /// matches go to the earlier source.
    public internal(set) var sourceIndex = 0
    /// The search everything handed in goes to.
    var session: SearchSession
    /// Where problems go: the engine's caller.
    private let report: (Diagnostic) -> Void

    init(session: SearchSession, reader: RecordReader, report: @escaping (Diagnostic) -> Void) {
        self.session = session
        self.reader = reader
        self.report = report
    }

    /// The kinds the search knows.
    public var registry: KindRegistry { session.registry }

    /// The query and options as the engine runs them (a column's header in
    /// a filter or `--sort` made the field it shows): what a source that
    /// finds candidates itself must look for.
    package var query: Query { session.query }
    package var options: SearchOptions { session.options }

    /// Scores a whole record and keeps it when it ranks high enough.
    public mutating func consider(_ record: Record) {
        session.consider(record, diagnose: report)
    }

    /// Scores and keeps one line of NDJSON content that ``NDJSONLineRule``
    /// classified (as ``RecordReader`` hands them over), extracting only what
    /// the search needs from its bytes; a malformed line is reported.
    public mutating func consider(_ line: NDJSONLine) {
        // The session places a message inside an array's element in its file.
        session.consider(line, diagnose: report)
    }

    /// Classifies one raw NDJSON line with ``NDJSONLineRule``, as the
    /// engine's readers do, then scores and keeps it: an over-long line is
    /// reported, a blank one passed over.
    /// - Parameters:
    ///   - line: The line's bytes, without its line break.
    ///   - number: Its 1-based line number in `file`.
    ///   - file: Where it comes from, for messages.
    ///   - hint: The kind of its records when they name none.
    public mutating func consider(ndjson line: Span<UInt8>, number: Int, file: String, hint: String?) {
        let maxLineBytes = reader.maxLineBytes
        switch NDJSONLineRule.classify(line, isFirstLine: number == 1, maxLineBytes: maxLineBytes) {
        case .overLong:
            report(NDJSONLineRule.overLong(at: SourceLocation(file: file, line: number), maxLineBytes: maxLineBytes))
        case .blank:
            return
        case .content(let range):
            session.consider(
                line.extracting(range), isFirstLine: number == 1, file: file, line: number, hint: hint,
                diagnose: report)
        }
    }

    /// The counts of the search so far: a source that keeps its records
    /// learns from ``SearchStatistics/matched`` which of them matched.
    package var statistics: SearchStatistics { session.statistics }

    /// Notes that the source holds records with these fields, and of these
    /// kinds (as the records name them), that it does not hand over: a
    /// filter or a kind filter that names them is then no mistake, as it
    /// would not be over a file holding those records.
    package mutating func noteHeld(fields: some Sequence<String>, kinds: some Sequence<String>) {
        session.notedFields.formUnion(fields)
        session.notedKindNames.formUnion(kinds.map { $0.lowercased() })
    }

    /// Notes that the source found `matches` more records that match and
    /// kept them back (they cannot rank in the page); `atLeast` when it
    /// did not read every record that may match, so that more may.
    package mutating func noteHeld(matches: Int, atLeast: Bool) {
        session.heldMatches += max(0, matches)
        session.heldMatchesAreALowerBound = session.heldMatchesAreALowerBound || atLeast
    }

    /// Reports a problem with the source or one of its records.
    public func diagnose(_ diagnostic: Diagnostic) {
        report(diagnostic)
    }

    /// What the local sources searched so far were read as, in order, with
    /// how many records each gave.
    public internal(set) var readings: [SourceReading] = []

    /// Notes what a local source (a file, a folder, stdin) was read as:
    /// for `--stats`, and to say when a source held no records.
    public mutating func note(_ reading: SourceReading) {
        readings.append(reading)
    }

    /// Searches the first `length` bytes of a regular NDJSON file that
    /// holds a stream as it comes, ending on a line break, as standard input
    /// read line by line would be: its records are of kind `hint` unless
    /// they name one, and messages and locations name it `displayName`. In
    /// blocks on every core; in one pass, each line parsed whole, when kinds
    /// are named by other fields, which only a parsed record shows. For a
    /// caller that copies standard input to a file and searches it again and
    /// again (the picker).
    package mutating func searchCopy(named displayName: String, path: String, length: Int, hint: String?) {
        guard reader.options.namesKindsElsewhere else {
            return session.searchNDJSONFile(
                path: path, hint: hint, sourceIndex: sourceIndex, maxLineBytes: reader.maxLineBytes,
                diagnosticCap: session.options.diagnosticCap, reading: .copied, displayName: displayName,
                length: length, diagnose: report)
        }
        let fd = open(FilePathBytes.cString(path), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            return report(Diagnostic(.error, "cannot read \(displayName): \(ReadError(errno: errno))"))
        }
        defer { close(fd) }
        let reader = reader
        let report = report
        reader.readLines(
            ofCopy: fd, length: length, file: displayName, hint: hint,
            isCancelled: session.options.isCancelled ?? { false }, record: { consider($0) }, diagnose: report)
    }

    /// Searches the rest of a records' array in a regular file in blocks on
    /// every core (see ``ParallelArrayReader``), as the search's options say.
    /// - Returns: Where the reader in order goes on, or `nil` when the file
    ///   cannot be read so.
    mutating func searchInBlocks(_ stretch: ArrayStretch) -> ArrayStretch.Outcome? {
        let tuning = session.options.arrayBlocks
        return session.searchArrayStretch(
            stretch, sourceIndex: sourceIndex, workers: tuning.workers, blockSize: tuning.blockSize,
            blockElements: tuning.blockElements, diagnosticCap: session.options.diagnosticCap,
            reading: tuning.reading, diagnose: report)
    }

    /// Searches a regular file of NDJSON (or a JSON array with one element
    /// per line) in blocks on every core, with the same results and
    /// messages as reading it line by line.
    mutating func searchInBlocks(path: String, framing: LineFraming) {
        session.searchNDJSONFile(
            path: path,
            hint: registry.kindName(forFile: path) ?? reader.defaultKind,
            sourceIndex: sourceIndex,
            maxLineBytes: reader.maxLineBytes,
            diagnosticCap: session.options.diagnosticCap,
            reading: .automatic,
            framing: framing,
            diagnose: report
        )
    }

}
