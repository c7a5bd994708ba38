import RawBytes
public import ResultKit
import StreamingJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads records from files, directories, standard input and bundled samples,
/// reporting every malformed record with its location and going on.
///
/// Every input streams: NDJSON and text line by line, JSON arrays element by
/// element, CSV row by row, compressed input as it is decompressed. Only a
/// JSON document that is one record is held whole (up to
/// ``maxDocumentBytes``).
public struct RecordReader: Sendable {
    /// The kinds, used to name the kind of records from their file's name.
    public var registry: KindRegistry
    /// The kind of records that name none and whose file names none either.
    public var defaultKind: String?
    /// The longest NDJSON line, text line, CSV row or array element read; a
    /// longer one is skipped with a warning.
    public var maxLineBytes: Int
    /// The largest JSON document read whole: one that is a single record.
    public var maxDocumentBytes: Int
    /// The format, records' place and kind fields the command line gives.
    public var options: ReadingOptions

    public init(
        registry: KindRegistry,
        defaultKind: String? = nil,
        maxLineBytes: Int = 64 << 20,
        maxDocumentBytes: Int = 1 << 30,
        options: ReadingOptions = ReadingOptions()
    ) {
        self.registry = registry
        self.defaultKind = defaultKind
        self.maxLineBytes = maxLineBytes
        self.maxDocumentBytes = maxDocumentBytes
        self.options = options
    }

    /// How many bytes are looked at to tell a source's format.
    static let sniffBytes = 64 << 10

    /// Reads every record of `source`.
    /// - Parameters:
    ///   - source: What to read.
    ///   - record: Called with each well-formed record, in input order.
    ///   - lines: When given, called instead of `record` with each NDJSON line
    ///     (and each JSON array element) that ``NDJSONLineRule`` finds to be
    ///     content, unparsed: a search extracts only what it needs from it and
    ///     reports what is malformed. Not called when ``options`` name kinds
    ///     by other fields, which only a parsed record shows.
    ///   - diagnose: Called with each problem; a source that cannot be read
    ///     gives one `error`, a malformed record one `warning`.
    ///   - reading: Called with what each file (or the folder, or stdin) was
    ///     read as, once it is read.
    public func read(
        _ source: DataSource,
        record: (Record) -> Void,
        lines: ((NDJSONLine) -> Void)? = nil,
        diagnose: (Diagnostic) -> Void,
        reading: (SourceReading) -> Void = { _ in }
    ) {
        read(source, record: record, lines: lines, stretches: nil, diagnose: diagnose, reading: reading)
    }

    /// ``read(_:record:lines:diagnose:reading:)``, offering `stretches` the
    /// rest of each large records' array in a regular file to read in
    /// blocks on every core, when `lines` takes its elements.
    package func read(
        _ source: DataSource,
        record: (Record) -> Void,
        lines: ((NDJSONLine) -> Void)?,
        stretches: ArrayStretchReader?,
        diagnose: (Diagnostic) -> Void,
        reading: (SourceReading) -> Void = { _ in }
    ) {
        let lines = options.namesKindsElsewhere ? nil : lines
        switch source {
        case .bundled(let sample, let kind):
            let name = source.displayName
            var buffer = ReadBuffer()
            sample.text.withUTF8Buffer { buffer.append($0.span) }
            _ = readNDJSON(
                &buffer, input: nil, file: name, hint: kind, record: record, lines: lines, diagnose: diagnose)
            reading(SourceReading(source: name, format: .ndjson, sniffed: false))
        case .standardInput:
            readStandardInput(0, record: record, lines: lines, diagnose: diagnose, reading: reading)
        case .path(let path):
            readPath(path, record: record, lines: lines, stretches: stretches, diagnose: diagnose, reading: reading)
        }
    }

    /// Notes a source that could not be read.
    private func failed(_ file: String, _ reading: (SourceReading) -> Void) {
        var note = SourceReading(source: file, format: nil, sniffed: true)
        note.failed = true
        reading(note)
    }

    /// Reads the records of standard input, open as `descriptor`, as
    /// ``read(_:record:lines:diagnose:reading:)`` reads
    /// ``DataSource/standardInput``: its compression and format told from its
    /// content (unless the options give the format), its records of the
    /// default kind, named `<stdin>` in messages. For a caller that hands
    /// its records on as they come (the picker, which writes them to a file).
    /// - Parameters:
    ///   - head: The bytes the caller already read from `descriptor`: read first.
    ///   - beforeRead: Called before each read of more input, once the bytes
    ///     read so far have been handed over as far as they hold whole
    ///     records; `false` ends the input there.
    ///   - starting: Called once the format is told, before the first record,
    ///     with the kind of the records that name none: the default kind, or
    ///     `line` for lines of text.
    package func readStandardInput(
        _ descriptor: Int32, after head: [UInt8] = [], beforeRead: (() -> Bool)? = nil,
        starting: (String?) -> Void = { _ in }, record: (Record) -> Void, lines: ((NDJSONLine) -> Void)? = nil,
        diagnose: (Diagnostic) -> Void, reading: (SourceReading) -> Void = { _ in }
    ) {
        let lines = options.namesKindsElsewhere ? nil : lines
        let file = DataSource.standardInput.displayName
        let reader: ByteReader
        do {
            reader = try ByteReader(descriptor: descriptor, head: head)
        } catch {
            diagnose(Diagnostic(.error, "cannot read \(file): \(error)"))
            return failed(file, reading)
        }
        reader.beforeRead = beforeRead
        readStream(
            reader, file: file, named: nil, hint: defaultKind, starting: starting, record: record, lines: lines,
            diagnose: diagnose, reading: reading)
    }

    /// Reads the first `length` bytes of a file of NDJSON lines open as
    /// `descriptor`, parsing each line whole: for kinds named by other
    /// fields (see ``ReadingOptions/kindFields``), which only a parsed
    /// record shows. Its records are of kind `hint` unless they name one,
    /// named `file` in messages; `isCancelled` ends the reading between two
    /// reads of the file.
    package func readLines(
        ofCopy descriptor: Int32, length: Int, file: String, hint: String?,
        isCancelled: @escaping @Sendable () -> Bool, record: (Record) -> Void, diagnose: (Diagnostic) -> Void
    ) {
        let reader: ByteReader
        do {
            reader = try ByteReader(descriptor: descriptor, limit: length)
        } catch {
            return diagnose(Diagnostic(.error, "cannot read \(file): \(error)"))
        }
        reader.beforeRead = { !isCancelled() }
        var buffer = ReadBuffer()
        if let failure = readNDJSON(
            &buffer, input: reader, file: file, hint: hint, record: record, lines: nil, diagnose: diagnose)
        {
            diagnose(Diagnostic(.error, "cannot read \(file): \(failure)"))
        }
    }

    private func readPath(
        _ path: String, record: (Record) -> Void, lines: ((NDJSONLine) -> Void)?, stretches: ArrayStretchReader?,
        diagnose: (Diagnostic) -> Void, reading: (SourceReading) -> Void
    ) {
        let shown = FilePathBytes.display(path)
        var info = stat()
        guard stat(FilePathBytes.cString(path), &info) == 0 else {
            diagnose(Diagnostic(.error, "cannot read \(shown): \(ReadError(errno: errno))"))
            return failed(shown, reading)
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            let files = Self.regularDataFiles(in: path, diagnose: diagnose)
            if files.isEmpty {
                var note = SourceReading(source: shown, format: nil, sniffed: true)
                note.isFolder = true
                reading(note)
            }
            for file in files {
                readPath(
                    file, record: record, lines: lines, stretches: stretches, diagnose: diagnose, reading: reading)
            }
            return
        }
        let reader: ByteReader
        do {
            reader = try ByteReader(path: path)
        } catch {
            diagnose(Diagnostic(.error, "cannot read \(shown): \(error)"))
            return failed(shown, reading)
        }
        let hint = registry.kindName(forFile: Compression.strippingSuffix(path)) ?? defaultKind
        readStream(
            reader, file: shown, named: path, hint: hint, starting: { _ in }, record: record, lines: lines,
            stretches: stretches, diagnose: diagnose, reading: reading)
    }

    // MARK: - Folders

    /// The files directly inside `directory` that are read, sorted by name,
    /// with a warning for each entry skipped.
    private static func regularDataFiles(in directory: String, diagnose: (Diagnostic) -> Void) -> [String] {
        dataFiles(in: directory, diagnose: diagnose).filter { file in
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
    /// files, and a file named more than once (by another path, or also
    /// found in a folder named) is read the first time only, with a note.
    /// Standard input, bundled samples and sources that are not local stay
    /// as they are; a path that cannot be read, and a folder with nothing
    /// to read, stay, for reading to report.
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
            guard stat(FilePathBytes.cString(path), &info) == 0 else {
                files.append(source)
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                let inside = regularDataFiles(in: path, diagnose: diagnose)
                // An empty folder is read, to say that it held nothing.
                if inside.isEmpty { files.append(source) }
                for file in inside {
                    add(file, FileIdentity(ofRegularFile: file), folder: path)
                }
            } else {
                add(path, FileIdentity(info))
            }
        }
        return files
    }

    /// The files directly inside `directory` that are read, sorted by name:
    /// data files by their names (compressed or not), and any other file
    /// whose first bytes are text, read as its content says. Hidden files
    /// and kind spec files (`*.kind.json`) are not data: a folder of specs
    /// and their samples is read for its records alone. Files that are not
    /// text are named in one warning.
    static func dataFiles(in directory: String, diagnose: (Diagnostic) -> Void) -> [String] {
        guard let dir = opendir(FilePathBytes.cString(directory)) else {
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
            if Compression.strippingSuffix(name).lowercased().hasSuffix(".kind.json") { continue }
            names.append(name)
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        var files: [String] = []
        var notText: [String] = []
        for name in names.sorted() {
            let path = prefix + name
            if DataFormat.forFile(name) != nil {
                files.append(path)
            } else if Compression.hasSuffix(name) || FileIdentity(ofRegularFile: path) == nil {
                // An archive (`.tar.gz`) is not records; a folder is not read.
                continue
            } else if isText(path) {
                files.append(path)
            } else {
                notText.append(name)
            }
        }
        if !notText.isEmpty {
            let shown = notText.prefix(3).map { FilePathBytes.display($0) }.joined(separator: ", ")
            diagnose(
                Diagnostic(
                    .warning,
                    "\(FilePathBytes.display(directory)): skipped \(notText.count) file\(notText.count == 1 ? "" : "s") "
                        + "that \(notText.count == 1 ? "is" : "are") not text (\(shown)"
                        + (notText.count > 3 ? ", …)" : ")"),
                    skipsRecord: false))
        }
        return files
    }

    /// Whether the file at `path` starts with text (an empty file counts):
    /// neither binary nor UTF-16, nor compressed.
    private static func isText(_ path: String) -> Bool {
        let fd = open(FilePathBytes.cString(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = FileDescriptorBytes.read(fd, into: &head)
        guard count > 0 else { return true }
        head.removeLast(head.count - count)
        // Stricter than for a file named as data: one NUL makes a file binary, as git judges.
        return !head.contains(0) && Compression.detect(head) == nil && binaryData(in: head, file: path) == nil
    }

    // MARK: - One stream

    private func readStream(
        _ reader: ByteReader,
        file: String,
        named name: String?,
        hint: String?,
        starting: (String?) -> Void,
        record: (Record) -> Void,
        lines: ((NDJSONLine) -> Void)?,
        stretches: ArrayStretchReader? = nil,
        diagnose: (Diagnostic) -> Void,
        reading: (SourceReading) -> Void
    ) {
        var buffer = ReadBuffer()
        var atEnd = false
        let given = options.format ?? name.flatMap(DataFormat.forFile)
        do {
            // Up to 64 KiB to tell the form by, unless the input pauses
            // when the form is given or told already: what comes slowly (a
            // picker's input) shows as it comes. Bytes that may be binary
            // data are judged on 4 KiB; a blank start, at the end.
            while buffer.count < Self.sniffBytes, !atEnd {
                atEnd = try reader.readChunk(into: &buffer) == 0
                guard !atEnd, reader.nextReadMayWait else { continue }
                let settled = buffer.withUnsafeBytes { bytes in
                    (given != nil ? DataFormat.holdsContent(bytes) : DataFormat.sniffIsSettled(bytes))
                        && (bytes.count >= Self.binaryJudgedBytes || !DataFormat.holdsControlBytes(bytes))
                }
                if settled { break }
            }
        } catch {
            diagnose(Diagnostic(.error, "cannot read \(file): \(error)"))
            return failed(file, reading)
        }
        let head = buffer.withUnsafeBytes { Array($0.prefix(Self.sniffBytes)) }
        let format = buffer.withUnsafeBytes { self.format(of: $0, given: given, atEnd: atEnd) }
        var note = SourceReading(
            source: file, format: format, sniffed: given == nil, compression: reader.compression)
        note.isBlank = atEnd && head.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        if let refusal = Self.binaryData(in: Array(head.prefix(Self.binaryJudgedBytes)), file: file) {
            diagnose(refusal)
            return failed(file, reading)
        }
        guard let format else { return reading(note) }
        if let records = options.records, format != .json {
            diagnose(
                Diagnostic(
                    .warning,
                    "\(file): --records \(records) applies to JSON; this input is read as \(note.summary)",
                    skipsRecord: false))
        }
        let input = atEnd ? nil : reader
        // Lines of text are records of their own kind, whatever the source's.
        let hint = format == .lines ? ResultKind.line.name : hint
        starting(hint)
        var failure: ReadError?
        switch format {
        case .ndjson:
            failure = readNDJSON(
                &buffer, input: input, file: file, hint: hint, record: record, lines: lines, diagnose: diagnose)
        case .lines:
            failure = readTextLines(&buffer, input: input, file: file, kind: hint, record: record, diagnose: diagnose)
        case .json:
            // A regular file read as it is may have its arrays read in blocks.
            var offer: JSONDocumentReader.Stretches?
            if let stretches, lines != nil, let name, let size = reader.regularFileSize {
                offer = JSONDocumentReader.Stretches(reader: stretches, path: name, size: size, hint: hint)
            }
            let document = JSONDocumentReader(
                input: input, buffer: buffer, file: file, pointer: options.records, maxElementBytes: maxLineBytes,
                maxDocumentBytes: maxDocumentBytes, stretches: offer)
            readJSON(document, hint: hint, record: record, lines: lines, diagnose: diagnose)
            note.records = document.recordsPath
            failure = document.failure
        case .csv, .tsv:
            failure = readDelimited(
                &buffer, input: input, format: format, file: file, hint: hint, record: record, diagnose: diagnose)
        }
        if let failure {
            diagnose(Diagnostic(.error, "cannot read \(file): \(failure)"))
            note.failed = true
        }
        reading(note)
    }

    /// The format of content whose first bytes read are `read` (`atEnd` when
    /// they are all of it): `given` by the options or the file's name, else
    /// sniffed from its first ``sniffBytes`` alone, however many were read,
    /// so that the format is the content's, never the reads': `nil` when
    /// they are all white space.
    private func format(of read: UnsafeRawBufferPointer, given: DataFormat?, atEnd: Bool) -> DataFormat? {
        let head = UnsafeRawBufferPointer(rebasing: read.prefix(Self.sniffBytes))
        let atEnd = atEnd && head.count == read.count
        var format = given ?? DataFormat.sniff(head, atEnd: atEnd)
        if format == .ndjson, given == nil {
            // Sniffed input that starts with an object over several lines
            // (pretty-printed JSON) is one document; its first line decides.
            // An object that wraps its records (an API's response) is read
            // as the documents it is, one per line or not. Both are told from
            // the first 64 KiB: a first line longer than those is read as a
            // record of NDJSON, unless it starts as a wrapper does.
            let headBytes = head.assumingMemoryBound(to: UInt8.self)
            let runsOn = DataFormat.objectRunsPastFirstLine(headBytes.span) ?? false
            if runsOn || JSONDocumentReader.wrapsRecords(head) == true { format = .json }
        }
        // The records of JSON lines are placed as in any JSON document.
        if format == .ndjson, options.records != nil { format = .json }
        return format
    }

    /// Whether standard input whose first bytes are `head` is lines of
    /// NDJSON that a search may read straight from a copy of it, as
    /// ``RecordSink/searchCopy(named:path:length:hint:)`` does: not
    /// compressed, read as NDJSON (given or told as ``read(_:record:lines:diagnose:reading:)``
    /// tells it), and its records' kinds named by `kind`; `nil` while the
    /// bytes so far do not tell and more may come (`complete` says that
    /// none will). An answer given before the first 64 KiB have come is the
    /// one those would give: it is given only once more bytes cannot change it.
    package func readsStandardInputAsNDJSONLines(_ head: [UInt8], complete: Bool) -> Bool? {
        guard !options.namesKindsElsewhere else { return false }
        if head.count < Compression.magicLength, !complete { return nil }
        guard Compression.detect(head) == nil else { return false }
        if options.format == nil, head.count < Self.sniffBytes, !complete {
            // Sniffed, only content that starts with an object can be NDJSON;
            // its first line tells whether it is a document over several
            // lines, and its first members whether it wraps records.
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            let bom = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            guard let first = head.dropFirst(bom).first(where: { !isSpace($0) }) else { return nil }
            guard first == UInt8(ascii: "{") else { return false }
            guard let runsOn = DataFormat.objectRunsPastFirstLine(head.span) else { return nil }
            let told = runsOn || head.withUnsafeBytes { JSONDocumentReader.wrapsRecords($0) != nil }
            if !told { return nil }
        }
        return head.withUnsafeBytes { format(of: $0, given: options.format, atEnd: complete) } == .ndjson
    }

    // MARK: - Lines

    /// Calls `content` with each line of the input that is neither blank nor
    /// over ``maxLineBytes`` (without its line break, nor the byte-order
    /// mark the first line may start with) and its number; reports each line
    /// over the cap. Reads from `pending`, then from `input`.
    ///
    /// An over-long line's bytes are dropped as they arrive, so that an
    /// endless line (a binary stream, /dev/zero) never holds more than the
    /// cap in memory.
    /// - Returns: Why reading `input` failed, if it did.
    private func forEachLine(
        _ pending: inout ReadBuffer,
        input: ByteReader?,
        file: String,
        diagnose: (Diagnostic) -> Void,
        _ content: (Span<UInt8>, Int) -> Void
    ) -> ReadError? {
        let maxLineBytes = maxLineBytes
        var failure: ReadError?
        func more(_ buffer: inout ReadBuffer) -> Int? {
            guard let input else { return 0 }
            do throws(ReadError) { return try input.readChunk(into: &buffer) } catch {
                failure = error
                return nil
            }
        }

        var nextLine = 1
        // Whether the bytes arriving belong to an over-long line already
        // reported, and are dropped up to its newline.
        var skipping = false
        // The first bytes of `pending` known to hold no newline.
        var scanned = 0
        var atEnd = input == nil
        while true {
            if skipping {
                guard let newline = pending.bytes.firstIndex(of: 0x0A) else {
                    pending.removeAll()
                    if atEnd { return failure }
                    guard let read = more(&pending) else { return failure }
                    atEnd = read == 0
                    continue
                }
                pending.consume(newline + 1)
                nextLine += 1
                skipping = false
                scanned = 0
            }
            let complete = scanned < pending.count && pending.bytes.contains(0x0A, in: scanned..<pending.count)
            if complete || atEnd {
                // The lines are read in this loop's body, straight from the
                // buffer's span: each line's content goes to `content` with
                // no closure between (a closure here was called per line).
                let done: (consumed: Int, lines: Int)
                do {
                    let bytes = pending.bytes
                    done = LineScanner.forEachLine(in: bytes, firstLine: nextLine, includeUnterminatedTail: atEnd) {
                        range, number in
                        let line = bytes.extracting(range)
                        switch NDJSONLineRule.classify(line, isFirstLine: number == 1, maxLineBytes: maxLineBytes) {
                        case .overLong:
                            diagnose(
                                NDJSONLineRule.overLong(
                                    at: SourceLocation(file: file, line: number), maxLineBytes: maxLineBytes))
                        case .blank:
                            return
                        case .content(let kept):
                            content(line.extracting(kept), number)
                        }
                    }
                }
                nextLine += done.lines
                pending.consume(done.consumed)
            }
            if atEnd { return failure }
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
            guard let read = more(&pending) else { return failure }
            atEnd = read == 0
        }
    }

    /// Reads NDJSON from `pending` and then from `input`.
    /// - Returns: Why reading `input` failed, if it did.
    private func readNDJSON(
        _ pending: inout ReadBuffer,
        input: ByteReader?,
        file: String,
        hint: String?,
        record: (Record) -> Void,
        lines: ((NDJSONLine) -> Void)?,
        diagnose: (Diagnostic) -> Void
    ) -> ReadError? {
        // Records of a source repeat their keys and many values.
        let cache = ShortStringCache()
        let parser = JSONParser()
        let kindFields = options.kindFields
        return forEachLine(&pending, input: input, file: file, diagnose: diagnose) { line, number in
            // The parser and `NDJSONLine` read the line through a pointer.
            line.withUnsafeBytes { content in
                if let lines { return lines(NDJSONLine(bytes: content, number: number, file: file, hint: hint)) }
                let found = NDJSONLineRule.record(
                    content, at: SourceLocation(file: file, line: number), hint: hint,
                    parse: { bytes throws(JSONParseError) in try parser.parse(bytes, cache: cache) },
                    diagnose: diagnose)
                if let found { record(Self.namingKind(found, by: kindFields)) }
            }
        }
    }

    /// Reads each line of text as a record of `kind` (`line`), named by the line.
    /// - Returns: Why reading `input` failed, if it did.
    private func readTextLines(
        _ pending: inout ReadBuffer,
        input: ByteReader?,
        file: String,
        kind: String?,
        record: (Record) -> Void,
        diagnose: (Diagnostic) -> Void
    ) -> ReadError? {
        forEachLine(&pending, input: input, file: file, diagnose: diagnose) { content, number in
            let text = String(decodingUTF8: content)
            record(
                Record(
                    object: JSONObject([JSONObject.Member(key: "name", value: .string(text))]),
                    location: SourceLocation(file: file, line: number), kindHint: kind))
        }
    }

    // MARK: - JSON

    /// Reads the records of JSON documents: each array element as a line
    /// for `lines` (or parsed for `record`), each whole record parsed.
    private func readJSON(
        _ document: JSONDocumentReader,
        hint: String?,
        record: (Record) -> Void,
        lines: ((NDJSONLine) -> Void)?,
        diagnose: (Diagnostic) -> Void
    ) {
        let cache = ShortStringCache()
        let parser = JSONParser()
        let kindFields = options.kindFields
        let maxLineBytes = maxLineBytes
        document.read(
            element: { element, location, spansLines in
                element.withUnsafeBufferPointer { element in
                    guard
                        case .content(let content) = NDJSONLineRule.classify(
                            UnsafeRawBufferPointer(element), isFirstLine: false, maxLineBytes: maxLineBytes)
                    else { return }
                    if let lines {
                        var line = NDJSONLine(bytes: content, number: location.line, file: location.file, hint: hint)
                        line.column = location.column ?? 1
                        line.spansLines = spansLines
                        line.isElement = true
                        return lines(line)
                    }
                    let found = NDJSONLineRule.record(
                        content, at: SourceLocation(file: location.file, line: location.line), hint: hint,
                        parse: { bytes throws(JSONParseError) in try parser.parse(bytes, cache: cache) },
                        diagnose: { message in
                            // The element's bytes lie in the reader's buffer during this call.
                            let bytes = content.assumingMemoryBound(to: UInt8.self).span
                            diagnose(ElementPlacement.relocate(message, in: bytes, startingAt: location))
                        })
                    if let found { record(Self.namingKind(found, by: kindFields)) }
                }
            },
            record: { object, location in
                record(Self.namingKind(Record(object: object, location: location, kindHint: hint), by: kindFields))
            },
            diagnose: diagnose)
    }

    // MARK: - CSV and TSV

    /// Reads CSV or TSV row by row from `pending`, then from `input`.
    /// - Returns: Why reading `input` failed, if it did.
    private func readDelimited(
        _ pending: inout ReadBuffer,
        input: ByteReader?,
        format: DataFormat,
        file: String,
        hint: String?,
        record: (Record) -> Void,
        diagnose: (Diagnostic) -> Void
    ) -> ReadError? {
        let name = format == .tsv ? "TSV" : "CSV"
        let kindFields = options.kindFields
        var header: [String]?
        var parser = CSVParser(delimiter: format == .tsv ? 0x09 : UInt8(ascii: ","), maxRowBytes: maxLineBytes)
        func row(_ row: CSVParser.Row) -> CSVParser.Verdict {
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
            if let field = row.invalidUTF8Field {
                // Kept, as text can be: a file in another encoding (Latin-1
                // from a spreadsheet) is still searched, and said to be one.
                diagnose(
                    Diagnostic(
                        .warning,
                        "invalid UTF-8 in '\(columns[field])', shown as U+FFFD (�); is the file in another encoding?",
                        at: location, skipsRecord: false, group: "invalid UTF-8"))
            }
            let members = zip(columns, row.fields).map { JSONObject.Member(key: $0, value: .string($1)) }
            record(
                Self.namingKind(Record(object: JSONObject(members), location: location, kindHint: hint), by: kindFields)
            )
            return .taken
        }
        func problem(_ problem: CSVProblem) {
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
        var atEnd = input == nil
        var skippingLine = false
        while true {
            if skippingLine {
                let (consumed, ended) = pending.withBytes { parser.skipLine(in: $0) }
                pending.consume(consumed)
                skippingLine = !ended
            }
            if !skippingLine {
                let outcome = pending.withBytes { parser.parse($0, atEnd: atEnd, row, problem: problem) }
                switch outcome {
                case .done(let consumed):
                    pending.consume(consumed)
                case .overLong(let consumed, let line):
                    pending.consume(consumed)
                    diagnose(
                        Diagnostic(
                            .warning,
                            "line is longer than --max-line-bytes (\(Self.describe(bytes: maxLineBytes))); skipped",
                            at: SourceLocation(file: file, line: line)))
                    skippingLine = true
                    continue
                }
            }
            if atEnd { return nil }
            guard let input else { return nil }
            do {
                atEnd = try input.readChunk(into: &pending) == 0
            } catch {
                return error
            }
        }
    }

    // MARK: - Kinds named elsewhere

    /// `record` with its kind taken from the first of `fields` that names
    /// one, when the options say kinds may be named elsewhere than in `kind`.
    static func namingKind(_ record: Record, by fields: [String]) -> Record {
        guard !fields.isEmpty else { return record }
        var record = record
        for field in fields {
            if let name = record.object[field]?.stringValue, !name.isEmpty {
                record.kindField = field
                // Also the hint, for whoever reads `kind` and then the hint.
                record.kindHint = name
                return record
            }
        }
        return record
    }

    // MARK: - Messages

    /// How many bytes of the head tell binary data (``binaryData(in:file:)``).
    static let binaryJudgedBytes = 4096

    /// The error for a file whose first 4 KiB (`head`) hold binary data or
    /// UTF-16 text, or `nil` when they look like UTF-8 text.
    static func binaryData(in head: [UInt8], file: String) -> Diagnostic? {
        if DataFormat.looksLikeUTF16(head) {
            return Diagnostic(
                .error, "\(file): UTF-16 is not supported; convert to UTF-8 (iconv -f UTF-16 -t UTF-8)")
        }
        guard let offset = DataFormat.binaryOffset(in: head.prefix(binaryJudgedBytes)) else { return nil }
        return Diagnostic(
            .error,
            "\(file): binary data (control byte 0x\(String(head[offset], radix: 16)) at offset \(offset)); "
                + "expected JSON, NDJSON, CSV, TSV or text, plain or compressed (gzip, zstd, xz, bzip2)"
        )
    }

    /// `64 MiB`, `512 KiB` or `100 bytes`.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
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
        guard stat(FilePathBytes.cString(path), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return nil
        }
        self.init(info)
    }
}

/// One line of NDJSON input, or one element of a JSON array, not parsed yet,
/// that ``NDJSONLineRule`` found to be a record's content: within the cap,
/// not blank.
public struct NDJSONLine {
    /// The line's content: without its line break, nor the byte-order mark
    /// a file's first line may start with; valid only during the call.
    public var bytes: UnsafeRawBufferPointer
    /// Its 1-based line number (the line an element starts on).
    public var number: Int
    /// The file it comes from, for messages.
    public var file: String
    /// The kind its file implies.
    public var hint: String?
    /// The column (from 1, in bytes) its first byte is at: an array's
    /// element may start anywhere on its line.
    public var column = 1
    /// Whether the bytes run over several lines, as a pretty-printed
    /// array's element does.
    public var spansLines = false
    /// Whether it is an element of a JSON array rather than a whole line.
    public var isElement = false

    /// Calls `body` with ``bytes``.
    @inline(__always)
    func withContent<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        // The readers hand lines over where they read them (a mapping, a read
        // buffer), valid during the call that takes the line.
        body(bytes.assumingMemoryBound(to: UInt8.self).span)
    }

    /// Whether a byte-order mark may start it: its file's first line.
    public var isFirstLine: Bool { number == 1 && !isElement }

    /// Whether a message located within the bytes (at line ``number``, a
    /// column counted from their start) must be moved to its place in the file.
    var isPlacedWithinLine: Bool { column != 1 || spansLines }
}
