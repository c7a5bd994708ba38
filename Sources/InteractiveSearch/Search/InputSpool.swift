import Dispatch
import ResultKit
import SearchEngine
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Standard input, copied as it comes to the picker's temporary file (one
/// that has no name, as the index's: ``SearchTextIndex/IndexFile``), so that
/// memory holds none of it however much the pipe carries, and the picker
/// shows and searches what has come while the rest is still coming.
///
/// NDJSON (the format is told from the first bytes, as ``RecordReader``
/// tells it) is searched as a large `--data` file is, in blocks on every
/// core, up to the last whole line come so far; once the input has ended,
/// the file is searched in place as such a file is, with its index. Any
/// other format (a JSON document, CSV) is read whole once it has all come,
/// as a one-shot search reads it, and its records are held.
///
/// A thread of its own copies the input; the picker's loop learns of new
/// lines from ``progress`` (a byte written at most every 50 ms, and at the
/// end), and of how much has come from ``snapshot``.
final class InputSpool: Sendable {
    /// What has come so far.
    struct Snapshot: Equatable, Sendable {
        /// The bytes copied that end on a line break (all of them at the end).
        var bytes = 0
        /// The lines among them that hold content (not blank): the records.
        var records = 0
        /// Whether the input has ended.
        var finished = false
        /// Whether the input is NDJSON; `nil` until its first bytes tell.
        var isLines: Bool?
    }

    /// The copy, open for reading and writing.
    private let file: SearchTextIndex.IndexFile
    /// A path that opens the copy again, for a search to read it.
    let path: String
    /// The name messages and locations give it.
    let displayName = DataSource.standardInput.displayName
    private let reader: RecordReader
    private let state = Mutex<Snapshot>(Snapshot())
    /// A document's records, once it has all come and been read.
    private let document = Mutex<[Record]>([])
    /// The problems met reading a document, or the input.
    private let problems = Mutex<[Diagnostic]>([])
    /// Written to when more has come, and when the input ends.
    let progress = WakePipe()
    /// Where standard input is read from.
    private let input: Int32

    /// How often, at most, the picker hears that more has come.
    static let progressInterval = Duration.milliseconds(50)
    /// How many bytes the format waits for at most: a first line longer
    /// than this is a line of NDJSON.
    static let sniffBytes = 1 << 20

    /// A copy of `input` (standard input unless given), not started; `nil`
    /// when no temporary file can be made.
    init?(reader: RecordReader, input: Int32 = 0) {
        guard let file = SearchTextIndex.IndexFile() else { return nil }
        self.file = file
        path = "/dev/fd/\(file.descriptor)"
        self.reader = reader
        self.input = input
    }

    /// What has come so far.
    var snapshot: Snapshot { state.withLock { $0 } }

    /// The records of a document, once read.
    var documentRecords: [Record] { document.withLock { $0 } }

    /// The problems met reading: an input that cannot be read, or a
    /// document's malformed records.
    var diagnostics: [Diagnostic] { problems.withLock { $0 } }

    /// Starts copying, on a thread of its own, until the input ends.
    func start() {
        DispatchQueue(label: "InteractiveSearch.InputSpool").async { [self] in copy() }
    }

    private func copy() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var head: [UInt8] = []
        var copied = 0
        var snapshot = Snapshot()
        // Whether the line being copied has shown content yet.
        var lineHasContent = false
        let clock = ContinuousClock()
        var told = clock.now
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 {
                let reason = String(cString: strerror(errno))
                problems.withLock { $0.append(Diagnostic(.error, "cannot read \(displayName): \(reason)")) }
            }
            guard count > 0 else { break }
            let written = buffer.withUnsafeBytes { file.write($0.baseAddress!, count: count, at: copied) }
            guard written else {
                let reason = String(cString: strerror(errno))
                problems.withLock {
                    $0.append(Diagnostic(.error, "cannot copy \(displayName) to a temporary file: \(reason)"))
                }
                break
            }
            if snapshot.isLines == nil {
                head += buffer.prefix(count)
                snapshot.isLines = Self.isLines(head, complete: false)
                if snapshot.isLines != nil { head = [] }
            }
            if snapshot.isLines == true {
                buffer.withUnsafeBytes { bytes in
                    let base = bytes.baseAddress!
                    var start = 0
                    while start < count, let found = memchr(base + start, 0x0A, count - start) {
                        let newline = UnsafeRawPointer(found) - base
                        if !lineHasContent { lineHasContent = Self.hasContent(base + start, newline - start) }
                        if lineHasContent { snapshot.records += 1 }
                        lineHasContent = false
                        snapshot.bytes = copied + newline + 1
                        start = newline + 1
                    }
                    if !lineHasContent { lineHasContent = Self.hasContent(base + start, count - start) }
                }
            }
            copied += count
            if snapshot.isLines != nil {
                state.withLock { $0 = snapshot }
                if clock.now - told >= Self.progressInterval {
                    told = clock.now
                    progress.wake()
                }
            }
        }
        if snapshot.isLines == nil { snapshot.isLines = Self.isLines(head, complete: true) }
        if snapshot.isLines == true {
            // The last line, without a line break.
            if lineHasContent { snapshot.records += 1 }
            snapshot.bytes = copied
        } else {
            readDocument()
            snapshot.bytes = copied
            snapshot.records = document.withLock { $0.count }
        }
        snapshot.finished = true
        state.withLock { $0 = snapshot }
        progress.wake()
    }

    /// Reads the copy of a document whole, as a one-shot search reads it.
    private func readDocument() {
        // Opened again: a reading offset of its own, from the start.
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            problems.withLock { $0.append(Diagnostic(.error, "cannot read \(displayName) again: \(reason)")) }
            return
        }
        defer { close(fd) }
        var records: [Record] = []
        var found: [Diagnostic] = []
        reader.readCopyOfStandardInput(fd, record: { records.append($0) }, diagnose: { found.append($0) })
        document.withLock { $0 = records }
        problems.withLock { $0 += found }
    }

    /// Whether content starting with `head` is NDJSON, as the reader tells
    /// it (a pretty-printed object is a document); `nil` while the bytes so
    /// far do not tell and more may come.
    static func isLines(_ head: [UInt8], complete: Bool) -> Bool? {
        guard head.count >= 4096 || complete || head.contains(0x0A) else { return nil }
        guard DataFormat.sniff(head.prefix(4096)) == .ndjson else { return false }
        let runsOn = head.withUnsafeBytes { DataFormat.objectRunsPastFirstLine($0) }
        if let runsOn { return !runsOn }
        return complete || head.count >= sniffBytes ? true : nil
    }

    /// Whether a line (or its start), `count` bytes at `start`, holds more
    /// than spaces and tabs: nearly always told by its first byte.
    private static func hasContent(_ start: UnsafeRawPointer, _ count: Int) -> Bool {
        var index = 0
        while index < count {
            let byte = start.load(fromByteOffset: index, as: UInt8.self)
            if byte != 0x20 && byte != 0x09 && byte != 0x0D { return true }
            index += 1
        }
        return false
    }
}
