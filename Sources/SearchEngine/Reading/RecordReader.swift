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
    /// The longest line read; past it the source stops with an error.
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
    ///     NDJSON input (after the line-length cap), unparsed: a search
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
            sample.text.withUTF8Buffer { buffer in
                readNDJSON(
                    chunks: { _ in 0 }, initial: UnsafeRawBufferPointer(buffer), file: name, hint: kind, record: record,
                    lines: lines, diagnose: diagnose)
            }
        case .standardInput:
            let reader = ByteReader(descriptor: 0)
            readStream(
                reader, file: "<stdin>", format: nil, hint: defaultKind, record: record, lines: lines,
                diagnose: diagnose)
        case .path(let path):
            readPath(path, record: record, lines: lines, diagnose: diagnose)
        }
    }

    private func readPath(
        _ path: String, record: (Record) -> Void, lines: ((NDJSONLine) -> Void)?, diagnose: (Diagnostic) -> Void
    ) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            diagnose(Diagnostic(.error, "cannot read \(path): \(ReadError(errno: errno))"))
            return
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            let files = Self.dataFiles(in: path, diagnose: diagnose)
            if files.isEmpty {
                diagnose(
                    Diagnostic(
                        .warning, "\(path): no *.jsonl, *.ndjson, *.json, *.csv or *.tsv files in this directory"))
            }
            for file in files {
                // Inside a folder, only regular files are read: a FIFO would
                // block, and a subfolder (or a link to one) could loop.
                var entry = stat()
                guard stat(file, &entry) == 0, (entry.st_mode & S_IFMT) == S_IFREG else {
                    diagnose(Diagnostic(.warning, "\(file): skipped, not a regular file", skipsRecord: false))
                    continue
                }
                readPath(file, record: record, lines: lines, diagnose: diagnose)
            }
            return
        }
        let reader: ByteReader
        do {
            reader = try ByteReader(path: path)
        } catch {
            diagnose(Diagnostic(.error, "cannot read \(path): \(error)"))
            return
        }
        let hint = registry.kindName(forFile: path) ?? defaultKind
        readStream(
            reader, file: path, format: DataFormat.forFile(path), hint: hint, record: record, lines: lines,
            diagnose: diagnose)
    }

    /// The data files directly inside `directory`, sorted by name.
    static func dataFiles(in directory: String, diagnose: (Diagnostic) -> Void) -> [String] {
        guard let dir = opendir(directory) else {
            diagnose(Diagnostic(.error, "cannot read \(directory): \(ReadError(errno: errno))"))
            return []
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
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
        var head: [UInt8] = []
        do {
            while head.count < 4096, try reader.readChunk(appendingTo: &head) > 0 {}
        } catch {
            diagnose(Diagnostic(.error, "cannot read \(file): \(error)"))
            return
        }
        if let refusal = Self.binaryData(in: head, file: file) {
            diagnose(refusal)
            return
        }
        let format = format ?? DataFormat.sniff(head.prefix(4096))
        switch format {
        case .ndjson:
            var failure: ReadError?
            head.withUnsafeBytes { initial in
                readNDJSON(
                    chunks: { buffer in
                        do { return try reader.readChunk(appendingTo: &buffer) } catch {
                            failure = error as? ReadError ?? ReadError(reason: "\(error)")
                            return nil
                        }
                    },
                    initial: initial, file: file, hint: hint, record: record, lines: lines, diagnose: diagnose
                )
            }
            if let failure { diagnose(Diagnostic(.error, "cannot read \(file): \(failure)")) }
        case .json, .csv, .tsv:
            var document = head
            do {
                while try reader.readChunk(appendingTo: &document) > 0 {
                    if document.count > maxDocumentBytes {
                        diagnose(
                            Diagnostic(
                                .error,
                                "\(file): larger than \(Self.describe(bytes: maxDocumentBytes)); "
                                    + "raise the cap with --max-document-bytes, or use NDJSON, which is read line by line"
                            )
                        )
                        return
                    }
                }
            } catch {
                diagnose(Diagnostic(.error, "cannot read \(file): \(error)"))
                return
            }
            document.withUnsafeBytes { bytes in
                if format == .json {
                    readJSONDocument(bytes, file: file, hint: hint, record: record, diagnose: diagnose)
                } else {
                    readDelimited(
                        bytes, delimiter: format == .csv ? UInt8(ascii: ",") : 0x09, file: file, hint: hint,
                        record: record, diagnose: diagnose)
                }
            }
        }
    }

    /// Reads NDJSON from `initial` and then from `chunks`, which appends more
    /// bytes to its buffer and returns how many (0 at the end, nil on failure).
    private func readNDJSON(
        chunks: (inout [UInt8]) -> Int?,
        initial: UnsafeRawBufferPointer,
        file: String,
        hint: String?,
        record: (Record) -> Void,
        lines: ((NDJSONLine) -> Void)?,
        diagnose: (Diagnostic) -> Void
    ) {
        // Records of a source repeat their keys and many values.
        let cache = ShortStringCache()
        var nextLine = 1
        // A line over the cap stops the source: an endless line (a binary
        // stream, /dev/zero) must not grow memory without bound.
        var stopped = false
        let maxLineBytes = maxLineBytes
        func stop(atLine number: Int) {
            stopped = true
            diagnose(
                Diagnostic(
                    .error,
                    "line \(number) is longer than \(Self.describe(bytes: maxLineBytes)); "
                        + "stopped reading this source (raise the cap with --max-line-bytes)",
                    at: SourceLocation(file: file, line: number)
                )
            )
        }
        func handle(_ line: UnsafeRawBufferPointer, _ number: Int) {
            guard !stopped else { return }
            guard line.count <= maxLineBytes else { return stop(atLine: number) }
            if let lines {
                return lines(NDJSONLine(bytes: line, number: number, file: file, hint: hint))
            }
            Self.readLine(
                line, number: number, firstLine: number == 1, file: file, hint: hint, cache: cache, record: record,
                diagnose: diagnose)
        }

        // The bytes not yet split into lines.
        var pending = [UInt8]()
        let first = LineScanner.forEachLine(in: initial, firstLine: 1, includeUnterminatedTail: false, handle)
        nextLine += first.lines
        pending.append(contentsOf: initial[first.consumed...])
        while !stopped {
            guard let read = chunks(&pending) else { return }
            let atEnd = read == 0
            let consumed = pending.withUnsafeBytes { bytes in
                LineScanner.forEachLine(in: bytes, firstLine: nextLine, includeUnterminatedTail: atEnd, handle)
            }
            nextLine += consumed.lines
            pending.removeFirst(consumed.consumed)
            if atEnd { return }
            if pending.count > maxLineBytes { stop(atLine: nextLine) }
        }
    }

    /// Turns one NDJSON line into a record, or reports why it cannot be one.
    /// Blank lines are skipped; a BOM is allowed on a file's first line.
    static func readLine(
        _ line: UnsafeRawBufferPointer,
        number: Int,
        firstLine: Bool,
        file: String,
        hint: String?,
        parser: JSONParser,
        record: (Record) -> Void,
        diagnose: (Diagnostic) -> Void
    ) {
        readLine(
            line, number: number, firstLine: firstLine, file: file, hint: hint,
            parse: { bytes throws(JSONParseError) in try parser.parse(bytes) }, record: record, diagnose: diagnose)
    }

    /// Reads one NDJSON line as ``readLine(_:number:firstLine:file:hint:parser:record:diagnose:)``
    /// does, taking short strings from `cache` and adding new ones to it.
    static func readLine(
        _ line: UnsafeRawBufferPointer,
        number: Int,
        firstLine: Bool,
        file: String,
        hint: String?,
        cache: ShortStringCache,
        record: (Record) -> Void,
        diagnose: (Diagnostic) -> Void
    ) {
        let parser = JSONParser()
        readLine(
            line, number: number, firstLine: firstLine, file: file, hint: hint,
            parse: { bytes throws(JSONParseError) in try parser.parse(bytes, cache: cache) }, record: record,
            diagnose: diagnose)
    }

    private static func readLine(
        _ line: UnsafeRawBufferPointer,
        number: Int,
        firstLine: Bool,
        file: String,
        hint: String?,
        parse: (UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue,
        record: (Record) -> Void,
        diagnose: (Diagnostic) -> Void
    ) {
        guard let bytes = lineContent(line, isFirstLine: firstLine) else { return }
        let location = SourceLocation(file: file, line: number)
        do {
            let value = try parse(bytes)
            guard case .object(let object) = value else {
                diagnose(notAnObject(value, at: location))
                return
            }
            record(Record(object: object, location: location, kindHint: hint))
        } catch {
            diagnose(malformed(error, at: location))
        }
    }

    /// The bytes of an NDJSON line to parse: without a byte-order mark on a
    /// file's first line; `nil` for a blank line, which is skipped.
    static func lineContent(_ line: UnsafeRawBufferPointer, isFirstLine: Bool) -> UnsafeRawBufferPointer? {
        var bytes = line
        if isFirstLine, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = UnsafeRawBufferPointer(rebasing: bytes[3...])
        }
        return bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) ? nil : bytes
    }

    /// The warning for a line that is not JSON, at the column of the mistake.
    static func malformed(_ error: JSONParseError, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .warning,
            "malformed JSON: \(error.reason)",
            at: SourceLocation(file: location.file, line: location.line, column: error.offset + 1)
        )
    }

    /// The error for a file whose first 4 KiB (`head`) hold binary data,
    /// or `nil` when they look like text.
    static func binaryData(in head: [UInt8], file: String) -> Diagnostic? {
        guard let offset = DataFormat.binaryOffset(in: head.prefix(4096)) else { return nil }
        return Diagnostic(
            .error,
            "\(file): binary data (control byte 0x\(String(head[offset], radix: 16)) at offset \(offset)); "
                + "expected NDJSON, JSON, CSV or TSV text"
        )
    }

    /// The warning for a record that is valid JSON but not an object.
    static func notAnObject(_ value: JSONValue, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, "expected a JSON object, found \(value.typeName)", at: location)
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
                        diagnose(Self.notAnObject(value, at: location))
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
            readNDJSON(
                chunks: { _ in 0 }, initial: bytes, file: file, hint: hint, record: record, lines: nil,
                diagnose: diagnose)
        }
    }

    private func readDelimited(
        _ bytes: UnsafeRawBufferPointer,
        delimiter: UInt8,
        file: String,
        hint: String?,
        record: (Record) -> Void,
        diagnose: (Diagnostic) -> Void
    ) {
        var header: [String]?
        let problem = CSVParser(delimiter: delimiter).forEachRow(in: bytes) { fields, line in
            guard let columns = header else {
                header = fields
                return
            }
            let location = SourceLocation(file: file, line: line)
            guard fields.count == columns.count else {
                diagnose(
                    Diagnostic(
                        .warning, "expected \(columns.count) fields as in the header, found \(fields.count)",
                        at: location))
                return
            }
            let members = zip(columns, fields).map { JSONObject.Member(key: $0, value: .string($1)) }
            record(Record(object: JSONObject(members), location: location, kindHint: hint))
        }
        if let problem {
            diagnose(
                Diagnostic(
                    .warning, "malformed CSV: \(problem.reason)", at: SourceLocation(file: file, line: problem.line)))
        }
    }
}

/// Turns byte offsets into line and column numbers.
struct LineIndex {
    private var starts: [Int] = [0]

    init(_ bytes: UnsafeRawBufferPointer) {
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
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

/// One line of NDJSON input, not parsed yet.
public struct NDJSONLine {
    /// The line's bytes, without its line break; valid only during the call.
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
