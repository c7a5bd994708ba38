public import ResultKit
import StreamingJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads records from files, directories, standard input and bundled samples,
/// reporting every malformed record with its location and going on.
public struct RecordReader: Sendable {
    /// The kinds, used to name the kind of records from their file's name.
    public var registry: KindRegistry
    /// The kind of records that name none and whose file names none either.
    public var defaultKind: String?
    /// The longest NDJSON line read; a longer one is skipped with a warning.
    public var maxLineBytes: Int
    /// The largest whole-document input (JSON arrays, CSV).
    public var maxDocumentBytes: Int

    public init(
        registry: KindRegistry,
        defaultKind: String? = nil,
        maxLineBytes: Int = 64 << 20,
        maxDocumentBytes: Int = 1 << 30
    ) {
        self.registry = registry
        self.defaultKind = defaultKind
        self.maxLineBytes = maxLineBytes
        self.maxDocumentBytes = maxDocumentBytes
    }

    /// Reads every record of `source`.
    /// - Parameters:
    ///   - source: What to read.
    ///   - record: Called with each well-formed record, in input order.
    ///   - lines: When given, called instead of `record` with each line of
    ///     NDJSON input that ``NDJSONLineRule`` finds to be content, unparsed: a search
    ///     extracts only what it needs from it and reports what is malformed.
    ///   - diagnose: Called with each problem; a source that cannot be read
    ///     gives one `error`, a malformed record one `warning`.
    public func read(
        _ source: DataSource,
        record: (Record) -> Void,
        lines: ((NDJSONLine) -> Void)? = nil,
        diagnose: (Diagnostic) -> Void
    ) {
        switch source {
        case .bundled(let sample, let kind):
            let name = source.displayName
            var buffer = ReadBuffer()
            sample.text.withUTF8Buffer { buffer.append(UnsafeRawBufferPointer($0)) }
            readNDJSON(
                &buffer, more: { _ in 0 }, file: name, hint: kind, record: record, lines: lines, diagnose: diagnose)
        case .standardInput:
            let reader = ByteReader(descriptor: 0)
            readStream(
                reader, file: "<stdin>", format: nil, hint: defaultKind, record: record, lines: lines,
                diagnose: diagnose)
        case .path(let path):
            readPath(path, record: record, lines: lines, diagnose: diagnose)
        }
    }

    /// Reads the records of a copy of standard input, open as `descriptor`
    /// at its start, as ``read(_:record:lines:diagnose:)`` reads
    /// ``DataSource/standardInput``: its format told from its content, its
    /// records of the default kind, named `<stdin>` in messages. For a
    /// caller that copied standard input to a file as it came (the picker).
    package func readCopyOfStandardInput(
        _ descriptor: Int32, record: (Record) -> Void, lines: ((NDJSONLine) -> Void)? = nil,
        diagnose: (Diagnostic) -> Void
    ) {
        let reader = ByteReader(descriptor: descriptor)
        readStream(
            reader, file: DataSource.standardInput.displayName, format: nil, hint: defaultKind, record: record,
            lines: lines, diagnose: diagnose)
    }

    private func readPath(
        _ path: String, record: (Record) -> Void, lines: ((NDJSONLine) -> Void)?, diagnose: (Diagnostic) -> Void
    ) {
        let shown = FilePathBytes.display(path)
        var info = stat()
        guard FilePathBytes.withCPath(path, { stat($0, &info) }) == 0 else {
            diagnose(Diagnostic(.error, "cannot read \(shown): \(ReadError(errno: errno))"))
            return
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            for file in Self.regularDataFiles(in: path, diagnose: diagnose) {
                readPath(file, record: record, lines: lines, diagnose: diagnose)
            }
            return
        }
        let reader: ByteReader
        do {
            reader = try ByteReader(path: path)
        } catch {
            diagnose(Diagnostic(.error, "cannot read \(shown): \(error)"))
            return
        }
        let hint = registry.kindName(forFile: path) ?? defaultKind
        readStream(
            reader, file: shown, format: DataFormat.forFile(path), hint: hint, record: record, lines: lines,
            diagnose: diagnose)
    }

    /// The regular data files directly inside `directory`, sorted by name,
    /// with a warning when there are none and for each entry skipped.
    private static func regularDataFiles(in directory: String, diagnose: (Diagnostic) -> Void) -> [String] {
        let files = dataFiles(in: directory, diagnose: diagnose)
        if files.isEmpty {
            diagnose(
                Diagnostic(
                    .warning,
                    "\(FilePathBytes.display(directory)): no *.jsonl, *.ndjson, *.json, *.csv or *.tsv files "
                        + "in this directory",
                    skipsRecord: false))
        }
        return files.filter { file in
            // Inside a folder, only regular files are read: a FIFO would
            // block, and a subfolder (or a link to one) could loop.
            guard FileIdentity(ofRegularFile: file) != nil else {
                diagnose(
                    Diagnostic(
                        .warning, "\(FilePathBytes.display(file)): skipped, not a regular file", skipsRecord: false))
                return false
            }
            return true
        }
    }

    /// The sources to read, one per file: each folder is replaced by its
    /// data files, and a file named more than once (by another path, or
    /// also found in a folder named) is read the first time only, with a
    /// note. Standard input, bundled samples and sources that are not local
    /// stay as they are; a path that cannot be read stays, for reading to
    /// report.
    public static func files(of sources: [any SearchSource], diagnose: (Diagnostic) -> Void) -> [any SearchSource] {
        // Each file's first name, and the folder it was found in.
        var firstNames: [FileIdentity: (path: String, folder: String?)] = [:]
        var files: [any SearchSource] = []
        func add(_ path: String, _ identity: FileIdentity?, folder: String? = nil) {
            if let identity {
                if let first = firstNames[identity] {
                    let again =
                        if let firstFolder = first.folder {
                            "already read from the folder \(FilePathBytes.display(firstFolder))"
                        } else if path == first.path {
                            "named more than once"
                        } else {
                            "the same file as \(FilePathBytes.display(first.path))"
                        }
                    diagnose(
                        Diagnostic(
                            .warning, "\(FilePathBytes.display(path)): \(again); read once", skipsRecord: false))
                    return
                }
                firstNames[identity] = (path, folder)
            }
            files.append(DataSource.path(path))
        }
        for source in sources {
            guard case .path(let path)? = source as? DataSource else {
                files.append(source)
                continue
            }
            var info = stat()
            guard FilePathBytes.withCPath(path, { stat($0, &info) }) == 0 else {
                files.append(source)
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                for file in regularDataFiles(in: path, diagnose: diagnose) {
                    add(file, FileIdentity(ofRegularFile: file), folder: path)
                }
            } else {
                add(path, FileIdentity(info))
            }
        }
        return files
    }

    /// The data files directly inside `directory`, sorted by name.
    /// Kind spec files (`*.kind.json`) are not data: a folder of specs
    /// and their samples is read for its records alone.
    static func dataFiles(in directory: String, diagnose: (Diagnostic) -> Void) -> [String] {
        guard let dir = FilePathBytes.withCPath(directory, { opendir($0) }) else {
            diagnose(Diagnostic(.error, "cannot read \(FilePathBytes.display(directory)): \(ReadError(errno: errno))"))
            return []
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            // Names are bytes: one that is not UTF-8 must still open.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                FilePathBytes.decode(raw.prefix { $0 != 0 })
            }
            if name.hasPrefix(".") { continue }
            // A kind spec beside its sample data is a spec, read by --kinds.
            if name.lowercased().hasSuffix(".kind.json") { continue }
            if DataFormat.forFile(name) != nil { names.append(name) }
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return names.sorted().map { prefix + $0 }
    }

    private func readStream(
        _ reader: borrowing ByteReader,
        file: String,
        format: DataFormat?,
        hint: String?,
        record: (Record) -> Void,
        lines: ((NDJSONLine) -> Void)?,
        diagnose: (Diagnostic) -> Void
    ) {
        var buffer = ReadBuffer()
        do {
            while buffer.count < 4096, try reader.readChunk(into: &buffer) > 0 {}
        } catch {
            diagnose(Diagnostic(.error, "cannot read \(file): \(error)"))
            return
        }
        let head = buffer.withUnsafeBytes { Array($0.prefix(4096)) }
        let isSniffed = format == nil
        var format = format ?? DataFormat.sniff(head)
        if format == .ndjson, isSniffed {
            // Sniffed input that starts with an object over several lines
            // (pretty-printed JSON) is one document; its first line decides.
            do {
                while true {
                    if let runsOn = buffer.withUnsafeBytes({ DataFormat.objectRunsPastFirstLine($0) }) {
                        if runsOn { format = .json }
                        break
                    }
                    if buffer.count > maxLineBytes { break }
                    if try reader.readChunk(into: &buffer) == 0 { break }
                }
            } catch {
                diagnose(Diagnostic(.error, "cannot read \(file): \(error)"))
                return
            }
        }
        if format != .ndjson, let size = reader.regularFileSize, size > maxDocumentBytes {
            // Known from the file's size, before reading any of the rest.
            diagnose(tooLarge(file))
            return
        }
        if let refusal = Self.binaryData(in: head, file: file) {
            diagnose(refusal)
            return
        }
        switch format {
        case .ndjson:
            var failure: ReadError?
            readNDJSON(
                &buffer,
                more: { buffer in
                    do throws(ReadError) { return try reader.readChunk(into: &buffer) } catch {
                        failure = error
                        return nil
                    }
                },
                file: file, hint: hint, record: record, lines: lines, diagnose: diagnose
            )
            if let failure { diagnose(Diagnostic(.error, "cannot read \(file): \(failure)")) }
        case .json, .csv, .tsv:
            do {
                // The cap is checked before each read, so that at most one
                // chunk past it is ever held.
                while buffer.count <= maxDocumentBytes, try reader.readChunk(into: &buffer) > 0 {}
            } catch {
                diagnose(Diagnostic(.error, "cannot read \(file): \(error)"))
                return
            }
            if buffer.count > maxDocumentBytes {
                diagnose(tooLarge(file))
                return
            }
            buffer.withUnsafeBytes { bytes in
                if format == .json {
                    readJSONDocument(bytes, file: file, hint: hint, record: record, diagnose: diagnose)
                } else {
                    readDelimited(
                        bytes, format: format, file: file, hint: hint, record: record, diagnose: diagnose)
                }
            }
        }
    }

    /// The error for a whole-document input over ``maxDocumentBytes``.
    private func tooLarge(_ file: String) -> Diagnostic {
        Diagnostic(
            .error,
            "\(file): larger than \(Self.describe(bytes: maxDocumentBytes)); "
                + "raise the cap with --max-document-bytes, or use NDJSON, which is read line by line"
        )
    }

    /// Reads NDJSON from `pending` and then from `more`, which reads more
    /// bytes onto its end and returns how many (0 at the end, nil on failure).
    ///
    /// A line longer than ``maxLineBytes`` is skipped with a warning, and
    /// reading goes on at the next line: its bytes are dropped as they
    /// arrive, so an endless line (a binary stream, /dev/zero) never holds
    /// more than the cap in memory.
    private func readNDJSON(
        _ pending: inout ReadBuffer,
        more: (inout ReadBuffer) -> Int?,
        file: String,
        hint: String?,
        record: (Record) -> Void,
        lines: ((NDJSONLine) -> Void)?,
        diagnose: (Diagnostic) -> Void
    ) {
        // Records of a source repeat their keys and many values.
        let cache = ShortStringCache()
        let maxLineBytes = maxLineBytes
        let parser = JSONParser()
        func handle(_ line: UnsafeRawBufferPointer, _ number: Int) {
            switch NDJSONLineRule.classify(line, isFirstLine: number == 1, maxLineBytes: maxLineBytes) {
            case .overLong:
                diagnose(
                    NDJSONLineRule.overLong(at: SourceLocation(file: file, line: number), maxLineBytes: maxLineBytes))
            case .blank:
                return
            case .content(let content):
                if let lines { return lines(NDJSONLine(bytes: content, number: number, file: file, hint: hint)) }
                let found = NDJSONLineRule.record(
                    content, at: SourceLocation(file: file, line: number), hint: hint,
                    parse: { bytes throws(JSONParseError) in try parser.parse(bytes, cache: cache) },
                    diagnose: diagnose)
                if let found { record(found) }
            }
        }

        var nextLine = 1
        // Whether the bytes arriving belong to an over-long line already
        // reported, and are dropped up to its newline.
        var skipping = false
        // The first bytes of `pending` known to hold no newline.
        var scanned = 0
        var atEnd = false
        while true {
            if skipping {
                guard let newline = pending.withUnsafeBytes({ Self.firstNewline(in: $0, from: 0) }) else {
                    pending.removeAll()
                    if atEnd { return }
                    guard let read = more(&pending) else { return }
                    atEnd = read == 0
                    continue
                }
                pending.consume(newline + 1)
                nextLine += 1
                skipping = false
                scanned = 0
            }
            let complete = pending.withUnsafeBytes { Self.firstNewline(in: $0, from: scanned) } != nil
            if complete || atEnd {
                let done = pending.withUnsafeBytes { bytes in
                    LineScanner.forEachLine(in: bytes, firstLine: nextLine, includeUnterminatedTail: atEnd, handle)
                }
                nextLine += done.lines
                pending.consume(done.consumed)
            }
            if atEnd { return }
            scanned = pending.count
            // The unfinished line is over the cap even without a `\r`
            // before its newline.
            if pending.count > maxLineBytes + 1 {
                diagnose(
                    NDJSONLineRule.overLong(at: SourceLocation(file: file, line: nextLine), maxLineBytes: maxLineBytes))
                pending.removeAll()
                skipping = true
                scanned = 0
                continue
            }
            guard let read = more(&pending) else { return }
            atEnd = read == 0
        }
    }

    /// The offset of the first `\n` in `bytes` at or after `offset`.
    private static func firstNewline(in bytes: UnsafeRawBufferPointer, from offset: Int) -> Int? {
        guard let base = bytes.baseAddress, offset < bytes.count else { return nil }
        return memchr(base + offset, 0x0A, bytes.count - offset).map { UnsafeRawPointer($0) - base }
    }

    /// The error for a file whose first 4 KiB (`head`) hold binary data or
    /// UTF-16 text, or `nil` when they look like UTF-8 text.
    static func binaryData(in head: [UInt8], file: String) -> Diagnostic? {
        if DataFormat.looksLikeUTF16(head) {
            return Diagnostic(
                .error, "\(file): UTF-16 is not supported; convert to UTF-8 (iconv -f UTF-16 -t UTF-8)")
        }
        guard let offset = DataFormat.binaryOffset(in: head.prefix(4096)) else { return nil }
        return Diagnostic(
            .error,
            "\(file): binary data (control byte 0x\(String(head[offset], radix: 16)) at offset \(offset)); "
                + "expected NDJSON, JSON, CSV or TSV text"
        )
    }

    /// `64 MiB`, `512 KiB` or `100 bytes`.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    private func readJSONDocument(
        _ bytes: UnsafeRawBufferPointer,
        file: String,
        hint: String?,
        record: (Record) -> Void,
        diagnose: (Diagnostic) -> Void
    ) {
        let lines = LineIndex(bytes)
        let parser = JSONParser()
        if DataFormat.sniff(bytes.prefix(4096)) == .json {
            do {
                try parser.parseArrayElements(bytes) { value, offset in
                    let location = lines.location(ofOffset: offset, file: file)
                    guard case .object(let object) = value else {
                        diagnose(NDJSONLineRule.notAnObject(value, at: location))
                        return
                    }
                    record(Record(object: object, location: location, kindHint: hint))
                }
            } catch {
                diagnose(
                    Diagnostic(
                        .warning,
                        "malformed JSON: \(error.reason); the rest of this file is skipped",
                        at: lines.location(ofOffset: error.offset, file: file, withColumn: true)
                    )
                )
            }
            return
        }
        do {
            let value = try parser.parse(bytes)
            guard case .object(let object) = value else {
                diagnose(
                    Diagnostic(
                        .warning, "expected a JSON object or array, found \(value.typeName)",
                        at: SourceLocation(file: file, line: 1)))
                return
            }
            record(Record(object: object, location: SourceLocation(file: file, line: 1), kindHint: hint))
        } catch {
            // Several objects in a `.json` file: read it as NDJSON.
            var buffer = ReadBuffer()
            buffer.append(bytes)
            readNDJSON(
                &buffer, more: { _ in 0 }, file: file, hint: hint, record: record, lines: nil, diagnose: diagnose)
        }
    }

    private func readDelimited(
        _ bytes: UnsafeRawBufferPointer,
        format: DataFormat,
        file: String,
        hint: String?,
        record: (Record) -> Void,
        diagnose: (Diagnostic) -> Void
    ) {
        let name = format == .tsv ? "TSV" : "CSV"
        var header: [String]?
        CSVParser(delimiter: format == .tsv ? 0x09 : UInt8(ascii: ",")).forEachRow(in: bytes) { row in
            guard let columns = header else {
                header = Self.columnNames(
                    row.fields, at: SourceLocation(file: file, line: row.line), diagnose: diagnose)
                return .taken
            }
            let location = SourceLocation(file: file, line: row.line)
            guard row.fields.count == columns.count else {
                // A row over several lines is read again from its second line.
                if row.lastLine > row.line { return .misaligned }
                diagnose(
                    Diagnostic(
                        .warning, "expected \(columns.count) fields as in the header, found \(row.fields.count)",
                        at: location))
                return .taken
            }
            let members = zip(columns, row.fields).map { JSONObject.Member(key: $0, value: .string($1)) }
            record(Record(object: JSONObject(members), location: location, kindHint: hint))
            return .taken
        } problem: { problem in
            let what =
                switch problem.kind {
                case .unterminatedQuote:
                    "a quoted field is never closed"
                case .strayQuote(let closingLine):
                    "a quoted field runs to line \(closingLine), where its closing quote is not followed by "
                        + "a delimiter or the end of the row"
                case .misalignedQuote(let lastLine, let fields):
                    "a quoted field runs to line \(lastLine) and leaves \(fields) fields where the header has "
                        + "\(header?.count ?? 0)"
                }
            diagnose(
                Diagnostic(
                    .warning,
                    "malformed \(name): \(what); skipped line \(problem.line)"
                        + (problem.readsOn ? " and read on from line \(problem.line + 1)" : ""),
                    at: SourceLocation(file: file, line: problem.line)))
        }
    }
}

extension RecordReader {
    /// The field names a CSV or TSV header gives, each distinct: a column
    /// with no name is named by its position (`column3`), and a name seen
    /// before gets a suffix (`price_2`), each with a warning, so that no
    /// column's values are lost or taken for another's.
    static func columnNames(
        _ header: [String], at location: SourceLocation, diagnose: (Diagnostic) -> Void
    ) -> [String] {
        var taken = Set(header)
        var firstColumn: [String: Int] = [:]
        var names: [String] = []
        for (index, name) in header.enumerated() {
            let position = index + 1
            if name.isEmpty {
                var given = "column\(position)"
                var attempt = 2
                while taken.contains(given) {
                    given = "column\(position)_\(attempt)"
                    attempt += 1
                }
                taken.insert(given)
                diagnose(
                    Diagnostic(
                        .warning, "column \(position) has no name; read as \"\(given)\"", at: location,
                        skipsRecord: false))
                names.append(given)
            } else if let first = firstColumn[name] {
                var attempt = 2
                var given = "\(name)_\(attempt)"
                while taken.contains(given) {
                    attempt += 1
                    given = "\(name)_\(attempt)"
                }
                taken.insert(given)
                diagnose(
                    Diagnostic(
                        .warning,
                        "duplicate column \"\(name)\" (columns \(first) and \(position)); column \(position) is read as "
                            + "\"\(given)\"",
                        at: location, skipsRecord: false))
                names.append(given)
            } else {
                firstColumn[name] = position
                names.append(name)
            }
        }
        return names
    }
}

/// Which file a path names, whatever the path: its device and inode.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The identity of the regular file at `path`, following links; `nil`
    /// for anything else or a path that cannot be read.
    init?(ofRegularFile path: String) {
        var info = stat()
        guard FilePathBytes.withCPath(path, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return nil
        }
        self.init(info)
    }
}

/// Turns byte offsets into line and column numbers.
struct LineIndex {
    private var starts: [Int] = [0]

    init(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var position = 0
        while position < bytes.count, let hit = memchr(base + position, 0x0A, bytes.count - position) {
            position = UnsafeRawPointer(hit) - base + 1
            starts.append(position)
        }
    }

    func location(ofOffset offset: Int, file: String, withColumn: Bool = false) -> SourceLocation {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return SourceLocation(file: file, line: low + 1, column: withColumn ? offset - starts[low] + 1 : nil)
    }
}

/// One line of NDJSON input, not parsed yet, that ``NDJSONLineRule`` found
/// to be a record's content: within the cap, not blank.
public struct NDJSONLine {
    /// The line's content: without its line break, nor the byte-order mark
    /// a file's first line may start with; valid only during the call.
    public var bytes: UnsafeRawBufferPointer
    /// Its 1-based line number.
    public var number: Int
    /// The file it comes from, for messages.
    public var file: String
    /// The kind its file implies.
    public var hint: String?

    /// Whether a byte-order mark may start it.
    public var isFirstLine: Bool { number == 1 }
}
