package import ResultKit
package import SearchEngine

/// The records of the sources, for each keystroke to search.
///
/// A file the engine reads in blocks on every core (a large regular NDJSON
/// file) is not held: each search reads it again, on that route, so memory
/// stays as bounded as a one-shot search's and the search uses every core.
/// Standard input, whatever its form, is copied to a temporary file as
/// lines of NDJSON as it comes (``InputSpool``), while the picker shows
/// what has come, and searched from there the same way. Other sources are read once, before the picker
/// shows, and held in memory: NDJSON lines as their bytes, one arena for
/// all of them, handed to the search as lines, so that each search extracts
/// only what it needs from them as a one-shot search does; records of JSON
/// documents and CSV files, which the reader parses whole, as records.
package final class LoadedRecords: Sendable {
    /// One source's records: held here (a range of ``count``), in its
    /// file, or in the copy of standard input.
    enum Part: Sendable {
        case held(Range<Int32>)
        case file(DataSource)
        case standardInput(InputSpool)
    }

    /// One record: a line in the arena or a parsed record.
    enum Item: Sendable {
        /// Bytes `start..<end` of the arena: line `number` of file `file`.
        case line(start: Int, end: Int, number: Int32, file: Int32)
        case record(Int32)
    }

    let arena: [UInt8]
    let items: [Item]
    let records: [Record]
    /// Each file's name for messages, and the kind its name implies.
    let files: [(name: String, hint: String?)]
    /// Each source's records, in the order of the sources.
    let parts: [Part]

    /// The number of records held.
    package var count: Int { items.count }

    /// The kind of records that name none and whose file names none.
    let defaultKind: String?

    /// Whether some source is read again by each search rather than held.
    package var readsFiles: Bool {
        parts.contains { if case .held = $0 { false } else { true } }
    }

    /// The copy of standard input, when it is a source.
    var spool: InputSpool? {
        for part in parts { if case .standardInput(let spool) = part { return spool } }
        return nil
    }

    /// Whether every record has come: standard input may still be coming.
    package var isComplete: Bool { spool?.snapshot.finished ?? true }

    /// The bytes of standard input's whole lines come so far, when it is a source.
    package var standardInputBytes: Int? { spool?.snapshot.bytes }

    /// The problems met reading standard input as it came: one that stopped
    /// it, and the malformed records of a form read as it comes (see
    /// ``InputSpool/diagnostics``).
    package var standardInputProblems: [Diagnostic] { spool?.diagnostics ?? [] }

    /// Reads every record of `sources` with `reader`; problems that stop a
    /// source (a file that cannot be read) go to `diagnose`. Malformed
    /// lines are reported by the searches, as a one-shot search reports them.
    /// - Parameter standardInput: Where standard input is read from (tests
    ///   pass a file or a pipe of their own).
    /// - Parameter diagnosticCap: How many problems of each sort standard
    ///   input's copy keeps to tell; the rest are counted.
    package init(
        sources: [DataSource], reader: RecordReader, standardInput: Int32 = 0,
        diagnosticCap: Int = DiagnosticCap().limit, diagnose: (Diagnostic) -> Void
    ) {
        var arena: [UInt8] = []
        var items: [Item] = []
        var records: [Record] = []
        var files: [(name: String, hint: String?)] = []
        var fileIndex: [String: Int32] = [:]
        var parts: [Part] = []
        for source in sources {
            if source.isSearchedInBlocks(by: reader) {
                parts.append(.file(source))
                continue
            }
            // Copied as it comes; held as the other sources are only when
            // there is no temporary file to copy it to.
            if case .standardInput = source,
                let spool = InputSpool(reader: reader, input: standardInput, diagnosticCap: diagnosticCap)
            {
                parts.append(.standardInput(spool))
                spool.start()
                continue
            }
            let first = Int32(items.count)
            defer { parts.append(.held(first..<Int32(items.count))) }
            reader.read(
                source,
                record: { record in
                    items.append(.record(Int32(records.count)))
                    records.append(record)
                },
                lines: { line in
                    let key = line.file + "\u{0}" + (line.hint ?? "")
                    let file: Int32
                    if let known = fileIndex[key] {
                        file = known
                    } else {
                        file = Int32(files.count)
                        fileIndex[key] = file
                        files.append((line.file, line.hint))
                    }
                    let start = arena.count
                    arena.append(contentsOf: line.bytes)
                    items.append(.line(start: start, end: arena.count, number: Int32(line.number), file: file))
                },
                diagnose: diagnose
            )
        }
        self.arena = arena
        self.items = items
        self.records = records
        self.files = files
        self.parts = parts
        defaultKind = reader.defaultKind
    }
}

/// The records held of one source, or some of them, as a source for the engine.
package struct LoadedSource: SearchSource {
    let loaded: LoadedRecords
    /// The indices of this source's records.
    let range: Range<Int32>
    /// The indices of the records to search, ascending, all in `range`; all
    /// of `range` when `nil`.
    let subset: [Int32]?
    /// Whether to stop: checked every few hundred records, so that a search
    /// a newer keystroke made pointless ends at once.
    let isCancelled: @Sendable () -> Bool
    /// Called when the search is over with the indices of the records that
    /// matched, ascending, and whether every record was searched.
    let report: @Sendable ([Int32], Bool) -> Void

    package var displayName: String { "<memory>" }

    package func search(into sink: inout RecordSink) {
        var matched: [Int32] = []
        var complete = true
        let loaded = loaded
        let arena = loaded.arena
        // Left as soon as a newer keystroke cancels the search.
        search: do {
            var seen = 0
            func consider(_ index: Int32, into sink: inout RecordSink) {
                let before = sink.statistics.matched
                switch loaded.items[Int(index)] {
                case .line(let start, let end, let number, let file):
                    let (name, hint) = loaded.files[Int(file)]
                    sink.consider(
                        ndjson: arena.span.extracting(start..<end), number: Int(number), file: name, hint: hint)
                case .record(let position):
                    sink.consider(loaded.records[Int(position)])
                }
                if sink.statistics.matched > before { matched.append(index) }
            }
            if let subset {
                for index in subset {
                    seen += 1
                    if seen & 255 == 0, isCancelled() {
                        complete = false
                        break search
                    }
                    consider(index, into: &sink)
                }
            } else {
                for index in range {
                    seen += 1
                    if seen & 255 == 0, isCancelled() {
                        complete = false
                        break search
                    }
                    consider(index, into: &sink)
                }
            }
        }
        report(matched, complete)
    }
}
