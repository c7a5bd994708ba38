import Dispatch
import RawBytes
import ResultKit
import SearchEngine
import StreamingJSON
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Standard input, copied as it comes to the picker's temporary file (one
/// that has no name, as the index's: `TemporaryFile`) as lines
/// of NDJSON, so that memory holds none of it however much the pipe carries,
/// and the picker shows and searches what has come while the rest is still
/// coming.
///
/// Whatever the input's form, the copy is one record per line, searched as
/// a large `--data` file is: in blocks on every core, up to the last whole
/// line come so far; once the input has ended, in place with its index.
/// NDJSON that is not compressed (told from the first bytes, as
/// ``RecordReader`` tells it) is copied byte for byte. Any other form (lines
/// of text, CSV or TSV, a JSON array or an object that wraps one, a
/// compressed input) is read as it comes, as a one-shot search reads it,
/// and each record is written as one line of JSON; a record starts on the
/// line of the copy it starts on in the input, where the records before it
/// leave room (blank lines are no records), so that messages and locations
/// name the lines a one-shot search names.
///
/// A thread of its own copies the input; the picker's loop learns of new
/// lines from ``progress`` (a byte written at most every 50 ms, and whenever
/// the input pauses, and at the end), and of how much has come from
/// ``snapshot``.
final class InputSpool: Sendable {
    /// What has come so far.
    struct Snapshot: Equatable, Sendable {
        /// The bytes of the copy that end on a line break (all of them at the end).
        var bytes = 0
        /// The records among their lines.
        var records = 0
        /// Whether the input has ended.
        var finished = false
        /// The kind of the records that name none, once the input's form is
        /// told: the default kind, or `line` for lines of text.
        var hint: String?
    }

    /// The copy, open for reading and writing.
    private let file: TemporaryFile
    /// A path that opens the copy again, for a search to read it.
    let path: String
    /// The name messages and locations give it.
    let displayName = DataSource.standardInput.displayName
    private let reader: RecordReader
    private let state = Mutex<Snapshot>(Snapshot())
    /// The problems met reading the input: the first few of each sort, and
    /// how many more.
    private let problems: Mutex<DiagnosticSample<Int>>
    /// Written to when more has come, and when the input ends.
    let progress = WakePipe()
    /// Where standard input is read from.
    private let input: Int32

    /// How often, at most, the picker hears that more has come while the
    /// input keeps coming.
    static let progressInterval = Duration.milliseconds(50)
    /// How many bytes of records are written to the copy at a time.
    private static let writeBytes = 1 << 16

    /// A copy of `input` (standard input unless given), not started; `nil`
    /// when no temporary file can be made.
    /// - Parameter diagnosticCap: How many problems of each sort are kept
    ///   to be told; the rest are counted.
    init?(reader: RecordReader, input: Int32 = 0, diagnosticCap: Int) {
        guard let file = TemporaryFile(prefix: "search-input") else { return nil }
        self.file = file
        path = "/dev/fd/\(file.descriptor)"
        self.reader = reader
        self.input = input
        problems = Mutex(DiagnosticSample(limit: max(1, diagnosticCap)))
    }

    /// What has come so far.
    var snapshot: Snapshot { state.withLock { $0 } }

    /// The problems met reading the input: one that stops it, malformed
    /// records of a form read as it comes (those of NDJSON copied as it is
    /// are told by the searches, as a one-shot search tells them).
    var diagnostics: [Diagnostic] { problems.withLock { $0.diagnostics } }

    /// Whether searches read the lines of the copy as they read NDJSON
    /// files, extracting only what they need (and may read again the lines
    /// that matched): unless records name their kinds in other fields, which
    /// only a parsed record shows.
    var searchesLinesInPlace: Bool { !reader.options.namesKindsElsewhere }

    /// Starts copying, on a thread of its own, until the input ends.
    func start() {
        DispatchQueue(label: "InteractiveSearch.InputSpool").async { [self] in copy() }
    }

    private func copy() {
        var told = Telling(spool: self)
        // The first bytes, until they tell whether the input is NDJSON to
        // copy as it comes. A read that fails ends this; reading on says why.
        var head: [UInt8] = []
        var copiesBytes: Bool?
        var ended = false
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while copiesBytes == nil {
            let count = read(into: &buffer)
            guard count > 0 else {
                ended = count == 0
                break
            }
            head += buffer.prefix(count)
            copiesBytes = reader.readsStandardInputAsNDJSONLines(head, complete: false)
        }
        if copiesBytes ?? reader.readsStandardInputAsNDJSONLines(head, complete: true) ?? false {
            copyLines(head, ended: ended, buffer: &buffer, told: &told)
        } else {
            writeRecords(head, told: &told)
        }
        told.snapshot.finished = true
        told.tell(force: true)
    }

    /// One read of the input into `buffer`: how many bytes, 0 at its end,
    /// -1 when it fails.
    private func read(into buffer: inout [UInt8]) -> Int {
        while true {
            let count = FileDescriptorBytes.read(input, into: &buffer)
            if count < 0, errno == EINTR { continue }
            return count
        }
    }

    /// Copies NDJSON as it comes, byte for byte: `head`, then the rest of
    /// the input (unless it has `ended`).
    private func copyLines(_ head: [UInt8], ended: Bool, buffer: inout [UInt8], told: inout Telling) {
        told.snapshot.hint = reader.defaultKind
        // Whether the line being copied has shown content yet.
        var lineHasContent = false
        var copied = 0
        func take(_ bytes: Span<UInt8>) -> Bool {
            let count = bytes.count
            guard count > 0 else { return true }
            guard file.write(bytes, at: copied) else {
                failedToWrite()
                return false
            }
            var start = 0
            while start < count {
                var newline = start
                while newline < count && bytes[newline] != 0x0A { newline += 1 }
                guard newline < count else { break }
                if !lineHasContent { lineHasContent = Self.hasContent(bytes, start..<newline) }
                if lineHasContent { told.snapshot.records += 1 }
                lineHasContent = false
                told.snapshot.bytes = copied + newline + 1
                start = newline + 1
            }
            if !lineHasContent { lineHasContent = Self.hasContent(bytes, start..<count) }
            copied += count
            told.tell()
            return true
        }
        var going = take(head.span) && !ended
        while going {
            let count = read(into: &buffer)
            if count < 0 { failedToRead() }
            guard count > 0 else { break }
            going = take(buffer.span.extracting(..<count))
        }
        // The last line, without a line break.
        if lineHasContent { told.snapshot.records += 1 }
        told.snapshot.bytes = copied
    }

    /// Reads the input as a one-shot search reads it (`head`, then the rest)
    /// and writes each record as one line of JSON, on its line of the input
    /// when the lines written so far leave room: told at each read of more
    /// input, so that what has come shows at once however slowly it comes.
    private func writeRecords(_ head: [UInt8], told: inout Telling) {
        var output: [UInt8] = []
        var written = 0
        var failed = false
        // The line of the copy the next record starts on.
        var nextLine = 1
        // Bytes and records written, told at the next read.
        var bytes = 0
        var records = 0
        func flush() {
            guard !failed else { return }
            if !output.isEmpty {
                guard file.write(output.span, at: written) else {
                    failed = true
                    return failedToWrite()
                }
                written += output.count
                output.removeAll(keepingCapacity: true)
            }
            bytes = written
        }
        var sequence = 0
        func tellWhatCame() -> Bool {
            flush()
            told.snapshot.bytes = bytes
            told.snapshot.records = records
            told.tell()
            return !failed
        }
        withoutActuallyEscaping(tellWhatCame) { beforeRead in
            reader.readStandardInput(
                input, after: head, beforeRead: beforeRead, starting: { told.snapshot.hint = $0 },
                record: { record in
                    guard !failed else { return }
                    let line = record.location.line
                    if line > nextLine {
                        output += repeatElement(UInt8(0x0A), count: line - nextLine)
                        nextLine = line
                    }
                    JSONWriter.write(.object(record.object), into: &output)
                    output.append(0x0A)
                    nextLine += 1
                    records += 1
                    if output.count >= Self.writeBytes { flush() }
                },
                diagnose: { diagnostic in
                    sequence += 1
                    problems.withLock { $0.add(diagnostic, at: sequence) }
                })
        }
        flush()
        told.snapshot.bytes = bytes
        told.snapshot.records = records
    }

    private func failedToRead() {
        let reason = String(cString: strerror(errno))
        problems.withLock { $0.add(Diagnostic(.error, "cannot read \(displayName): \(reason)"), at: Int.max) }
    }

    private func failedToWrite() {
        let reason = String(cString: strerror(errno))
        problems.withLock {
            $0.add(Diagnostic(.error, "cannot copy \(displayName) to a temporary file: \(reason)"), at: Int.max)
        }
    }

    /// Tells the picker what has come: ``snapshot``, and a byte on
    /// ``progress`` at most every ``progressInterval`` while the input keeps
    /// coming, at once when it pauses.
    private struct Telling {
        let spool: InputSpool
        var snapshot = Snapshot()
        private var told = Snapshot()
        private var toldAt = ContinuousClock.now

        init(spool: InputSpool) {
            self.spool = spool
        }

        mutating func tell(force: Bool = false) {
            guard snapshot != told || force else { return }
            spool.state.withLock { $0 = snapshot }
            let now = ContinuousClock.now
            guard force || now - toldAt >= InputSpool.progressInterval || !spool.inputIsReady else { return }
            told = snapshot
            toldAt = now
            spool.progress.wake()
        }
    }

    /// Whether more input is there to read without waiting.
    private var inputIsReady: Bool {
        var fd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, 0) > 0
    }

    /// Whether a line (or its start), `bytes[range]`, holds more than
    /// spaces and tabs: nearly always told by its first byte.
    private static func hasContent(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Bool {
        for index in range {
            let byte = bytes[index]
            if byte != 0x20 && byte != 0x09 && byte != 0x0D { return true }
        }
        return false
    }
}
