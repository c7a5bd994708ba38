import RawBytes
import ResultKit
import StreamingJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads JSON documents as records while they stream in: the elements of an
/// array one at a time, so that an array of any size is read in the memory
/// of its largest element.
///
/// Which array holds the records:
/// - with a JSON Pointer (`--records /hits/hits`), the array it points at;
/// - else a top-level array;
/// - else, in a top-level object with no identity of its own (no `name`,
///   `title` or `id` before it), the first member that is an array whose
///   first element is an object: an API's response that wraps its records
///   (`{"total": 3, "items": [...]}`). Any later member that is also an
///   array of objects is named in a warning.
///
/// Any other object is one record, held whole up to the document cap. Input
/// may hold several documents one after another (JSON lines of API pages,
/// or concatenated documents); each is read the same way.
///
/// Only the structure around the records is checked here: each element's
/// bytes are handed over whole, and whoever takes them parses them and
/// reports what is malformed inside, so that a broken record costs one
/// warning and reading goes on. A problem in the structure itself (a missing
/// comma between elements, brackets that do not match, the end of the input
/// inside the array) is reported where it is, and the rest of the source is
/// skipped.
final class JSONDocumentReader {
    /// How one record's bytes are handed over: the bytes (valid during the
    /// call), then where they start, and whether they run over several lines.
    typealias ElementHandler = (Span<UInt8>, SourceLocation, Bool) -> Void

    private let input: ByteReader?
    var buffer: ReadBuffer
    /// The offset in the input of the buffer's first byte.
    private(set) var base = 0
    private var inputEnded = false
    /// Whether reading wanted a byte past the end of the content.
    private var ranOut = false
    /// Why reading the input failed, if it did.
    private(set) var failure: ReadError?

    /// The input's line at offset ``counted``, and where that line starts.
    var line = 1
    var lineStart = 0
    /// How far newlines are counted.
    var counted = 0

    let file: String
    private let pointer: RecordsPointer?
    let maxElementBytes: Int
    private let maxDocumentBytes: Int

    /// The members that make an object a record rather than a wrapper of
    /// records: the identity a record of an unknown kind is shown by.
    static let identityKeys: Set<String> = Set(FallbackRow.identityKeys)

    /// The brackets open in the value being scanned.
    private var brackets: [UInt8] = []
    /// The brackets open past ``maxDepth``, counted but not kept: a value
    /// nested deeper is scanned to its end, so that the parser rejects that
    /// value alone (with its line) and the values after it are read.
    private var excessDepth = 0
    /// The deepest nesting whose brackets are checked; deeper input is
    /// malformed for the parser too.
    private static let maxDepth = 1024

    /// Where the records were found, the first time (`""` for a top-level array).
    private(set) var recordsPath: RecordsPointer?
    /// Whether any record was handed over or reported as skipped.
    var readAny = false
    /// Whether the pointer named nothing in some document.
    private(set) var pointerMissed = false

    private struct Stop: Error {}

    /// Who may read the rest of a records' array in blocks on every core,
    /// when the input is a regular file read as it is: the file's path,
    /// size, and the kind its records are when they name none.
    struct Stretches {
        var reader: ArrayStretchReader
        var path: String
        var size: Int
        var hint: String?
    }
    private let stretches: Stretches?
    /// The first offset at which the rest of an array is offered again.
    private var nextOffer = 0

    /// - Parameters:
    ///   - input: Where more bytes come from, after those in `buffer`.
    ///   - buffer: The bytes read so far, from the input's start.
    ///   - stretches: Who may read the rest of a records' array in blocks;
    ///     `input` (if any: the buffer may hold the whole file) must then
    ///     read a regular file as it is.
    init(
        input: ByteReader?, buffer: consuming ReadBuffer, file: String, pointer: RecordsPointer?,
        maxElementBytes: Int, maxDocumentBytes: Int, stretches: Stretches? = nil
    ) {
        self.input = input
        self.buffer = buffer
        self.file = file
        self.pointer = pointer
        self.maxElementBytes = maxElementBytes
        self.maxDocumentBytes = maxDocumentBytes
        self.stretches = stretches
    }

    // MARK: - Reading

    /// Reads every document, handing each array element that holds a record
    /// to `element`, each document that is one record to `record`, and every
    /// problem to `diagnose`.
    func read(
        element: ElementHandler,
        record: (JSONObject, SourceLocation) -> Void,
        diagnose: (Diagnostic) -> Void
    ) {
        withoutActuallyEscaping(element) { element in
            withoutActuallyEscaping(record) { record in
                withoutActuallyEscaping(diagnose) { diagnose in
                    handlers = Handlers(element: element, record: record, diagnose: diagnose)
                    defer { handlers = nil }
                    do {
                        var position = 0
                        if ensure(2), buffer.withUnsafeBytes({ $0.starts(with: [0xEF, 0xBB, 0xBF]) }) {
                            position = 3
                        }
                        while let start = try skipWhitespace(from: position) {
                            consume(upTo: start)
                            position = try readDocument(at: start)
                        }
                    } catch {
                        // Reported where it was found; the rest is skipped.
                    }
                }
            }
        }
    }

    struct Handlers {
        let element: ElementHandler
        let record: (JSONObject, SourceLocation) -> Void
        let diagnose: (Diagnostic) -> Void
    }
    var handlers: Handlers?

    private func diagnose(_ diagnostic: Diagnostic) {
        if diagnostic.skipsRecord { readAny = true }
        handlers!.diagnose(diagnostic)
    }

    /// Reads the document starting at `start`; returns where it ends.
    private func readDocument(at start: Int) throws(Stop) -> Int {
        if let pointer { return try navigate(at: start, to: pointer.tokens[...], path: RecordsPointer.document) }
        switch try byte(at: start) {
        case UInt8(ascii: "["):
            if recordsPath == nil { recordsPath = RecordsPointer.document }
            return try streamElements(ofArrayAt: start)
        case UInt8(ascii: "{"):
            return try readObject(at: start)
        default:
            return try readWholeRecord(at: start)
        }
    }

    /// Whether the content that starts with `head` is an object that wraps
    /// its records in an array, as ``read(element:record:diagnose:)`` would
    /// find it, within `head`: then JSON lines are API responses to unwrap,
    /// not records. `nil` when `head` ends before that is told: more of the
    /// content might tell otherwise.
    static func wrapsRecords(_ head: UnsafeRawBufferPointer) -> Bool? {
        var buffer = ReadBuffer()
        buffer.append(head.assumingMemoryBound(to: UInt8.self).span)
        let reader = JSONDocumentReader(
            input: nil, buffer: buffer, file: "", pointer: nil, maxElementBytes: .max, maxDocumentBytes: .max)
        let wraps = reader.probeWrapper()
        // An answer that looked past `head` may change with more of the content.
        return wraps || !reader.ranOut ? wraps : nil
    }

    /// See ``wrapsRecords(_:)``.
    private func probeWrapper() -> Bool {
        handlers = Handlers(element: { _, _, _ in }, record: { _, _ in }, diagnose: { _ in })
        defer { handlers = nil }
        do {
            let bom = buffer.withUnsafeBytes { $0.starts(with: [0xEF, 0xBB, 0xBF]) } ? 3 : 0
            guard let start = try skipWhitespace(from: bom), try byte(at: start) == UInt8(ascii: "{") else {
                return false
            }
            var position = start + 1
            var first = true
            while true {
                var next = try expectContent(from: position, inside: "an object")
                if try byte(at: next) == UInt8(ascii: "}") { return false }
                if !first {
                    guard try byte(at: next) == UInt8(ascii: ",") else { return false }
                    next = try expectContent(from: next + 1, inside: "an object")
                }
                first = false
                let (key, afterKey) = try readKey(at: next)
                if Self.identityKeys.contains(key) { return false }
                let value = try expectContent(from: afterKey, inside: "an object")
                if try byte(at: value) == UInt8(ascii: "["), let inside = try skipWhitespace(from: value + 1),
                    try byte(at: inside) == UInt8(ascii: "{")
                {
                    return true
                }
                position = try skipValue(at: value)
            }
        } catch {
            return false
        }
    }

    /// Reads the object at `start`: the records of the array it wraps, or
    /// itself as one record.
    private func readObject(at start: Int) throws(Stop) -> Int {
        var position = start + 1
        var first = true
        var hasIdentity = false
        while true {
            var next = try expectContent(from: position, inside: "an object")
            if try byte(at: next) == UInt8(ascii: "}") {
                // Not a wrapper: the object is a record.
                return try readWholeRecord(at: start, knownEnd: next + 1)
            }
            if !first {
                guard try byte(at: next) == UInt8(ascii: ",") else {
                    throw malformed("expected ',' or '}' after an object member", at: next)
                }
                next = try expectContent(from: next + 1, inside: "an object")
            }
            first = false
            let (key, afterKey) = try readKey(at: next)
            let value = try expectContent(from: afterKey, inside: "an object")
            if !hasIdentity, try byte(at: value) == UInt8(ascii: "["),
                let inside = try skipWhitespace(from: value + 1), try byte(at: inside) == UInt8(ascii: "{")
            {
                let path = RecordsPointer.document.appending(key)
                if recordsPath == nil { recordsPath = path }
                consume(upTo: value)
                let end = try streamElements(ofArrayAt: value)
                return try skipMembers(from: end, after: path)
            }
            if Self.identityKeys.contains(key) { hasIdentity = true }
            let held = maxDocumentBytes - (value - start)
            switch try scanValue(at: value, holding: true, limit: max(held, 0)) {
            case .end(let end):
                position = end
            case .tooLong(var scan):
                diagnose(tooLarge(at: start))
                return try skipRest(of: &scan, thenMembersOf: true)
            }
        }
    }

    /// After the records' array of a wrapping object (`path`), moves past
    /// the object's other members, warning about the first other array of
    /// objects; returns where the object ends.
    private func skipMembers(from start: Int, after path: RecordsPointer) throws(Stop) -> Int {
        var position = start
        var warned = false
        while true {
            var next = try expectContent(from: position, inside: "an object")
            consume(upTo: next)
            if try byte(at: next) == UInt8(ascii: "}") { return next + 1 }
            guard try byte(at: next) == UInt8(ascii: ",") else {
                throw malformed("expected ',' or '}' after an object member", at: next)
            }
            next = try expectContent(from: next + 1, inside: "an object")
            let (key, afterKey) = try readKey(at: next)
            let value = try expectContent(from: afterKey, inside: "an object")
            if !warned, try byte(at: value) == UInt8(ascii: "["),
                let inside = try skipWhitespace(from: value + 1), try byte(at: inside) == UInt8(ascii: "{")
            {
                warned = true
                let (line, _) = location(of: value)
                let other = RecordsPointer.document.appending(key)
                diagnose(
                    Diagnostic(
                        .warning,
                        "records read from \(path); \(other) holds objects too (choose with --records \(other))",
                        at: SourceLocation(file: file, line: line), skipsRecord: false))
            }
            position = try skipValue(at: value)
        }
    }

    /// Follows `tokens` from the value at `start` (found at `path`) to the
    /// records' array and reads it; returns where the value at `start` ends.
    private func navigate(at start: Int, to tokens: ArraySlice<String>, path: RecordsPointer) throws(Stop) -> Int {
        let opening = try byte(at: start)
        let startLine = location(of: start).line
        guard let token = tokens.first else {
            if opening == UInt8(ascii: "[") {
                if recordsPath == nil { recordsPath = path }
                return try streamElements(ofArrayAt: start)
            }
            // The empty pointer names the whole document: an object is one record.
            if opening == UInt8(ascii: "{"), path.tokens.isEmpty { return try readWholeRecord(at: start) }
            return try miss(at: start, line: startLine, found: Self.typeName(opening))
        }
        let isObject = opening == UInt8(ascii: "{")
        guard isObject || opening == UInt8(ascii: "[") else {
            return try miss(at: start, line: startLine, found: Self.typeName(opening))
        }
        let wantedIndex = isObject ? nil : RecordsPointer.index(token)
        var position = start + 1
        var index = 0
        var found = false
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let what = isObject ? "an object" : "an array"
        while true {
            var next = try expectContent(from: position, inside: what)
            consume(upTo: next)
            if try byte(at: next) == closing {
                if !found { _ = try miss(at: start, line: startLine, found: nil) }
                return next + 1
            }
            if index > 0 {
                guard try byte(at: next) == UInt8(ascii: ",") else {
                    throw malformed("expected ',' or '\(Character(UnicodeScalar(closing)))'", at: next)
                }
                next = try expectContent(from: next + 1, inside: what)
            }
            var value = next
            var matches = false
            if isObject {
                let (key, afterKey) = try readKey(at: next)
                value = try expectContent(from: afterKey, inside: what)
                matches = key == token
            } else {
                matches = wantedIndex == index
            }
            index += 1
            if matches, !found {
                found = true
                position = try navigate(at: value, to: tokens.dropFirst(), path: path.appending(token))
            } else {
                position = try skipValue(at: value)
            }
        }
    }

    /// Reports that the pointer names no array in this document; moves past
    /// the value at `start` (once, at the top) and returns where it ends.
    private func miss(at start: Int, line: Int, found: String?) throws(Stop) -> Int {
        pointerMissed = true
        let pointerText = pointer.map { "\($0)" } ?? ""
        diagnose(
            Diagnostic(
                .error,
                found.map { "--records \(pointerText): found \($0) there, not an array" }
                    ?? "--records \(pointerText): no such member or element",
                at: SourceLocation(file: file, line: line), skipsRecord: false))
        return found == nil ? start : try skipValue(at: start)
    }

    /// Hands each element of the array at `start` over; returns where the
    /// array ends.
    private func streamElements(ofArrayAt start: Int) throws(Stop) -> Int {
        var position = start + 1
        var first = true
        while true {
            // The rest of a large array in blocks on every core, as far as
            // that is sure to read what this reader would.
            if stretches != nil, let read = try readStretch(from: position, first: first) {
                if read.arrayEnded { return read.position }
                position = read.position
                first = read.first
            }
            // The elements already read whole, in one sweep; what it cannot
            // finish (the end of the bytes read, a mistake) is taken up below.
            let swept = sweepElements(from: position, first: first)
            if let end = swept.arrayEnd { return end }
            position = swept.position
            first = swept.first
            var next = try expectContent(from: position, inside: "an array")
            if try byte(at: next) == UInt8(ascii: "]") { return next + 1 }
            if !first {
                guard try byte(at: next) == UInt8(ascii: ",") else {
                    throw malformed("expected ',' or ']' after an array element", at: next)
                }
                next = try expectContent(from: next + 1, inside: "an array")
                if try byte(at: next) == UInt8(ascii: "]") {
                    let (line, column) = location(of: next)
                    diagnose(
                        Diagnostic(
                            .warning, "malformed JSON: a ',' before the array's ']'",
                            at: SourceLocation(file: file, line: line, column: column), skipsRecord: false))
                    return next + 1
                }
            }
            first = false
            consume(upTo: next)
            switch try scanValue(at: next, holding: true, limit: maxElementBytes) {
            case .end(let end):
                let (line, column) = location(of: next)
                let spansLines = buffer.withUnsafeBytes { bytes in
                    memchr(bytes.baseAddress! + (next - base), 0x0A, end - next) != nil
                }
                readAny = true
                buffer.withBytes { bytes in
                    handlers!.element(
                        bytes.extracting((next - base)..<(end - base)),
                        SourceLocation(file: file, line: line, column: column), spansLines)
                }
                consume(upTo: end)
                position = end
            case .tooLong(var scan):
                let (line, _) = location(of: next)
                diagnose(
                    Diagnostic(
                        .warning,
                        "record is longer than --max-line-bytes (\(RecordReader.describe(bytes: maxElementBytes))); "
                            + "skipped",
                        at: SourceLocation(file: file, line: line)))
                position = try skipRest(of: &scan, thenMembersOf: false)
            }
        }
    }

    /// Offers the rest of the array from `position` (past its `[` when
    /// `first`, else past an element) to be read in blocks, when enough of
    /// the file is left, and goes on reading where that stopped.
    /// - Returns: Where that is, or `nil` when nothing was offered or the
    ///   offer was declined.
    private func readStretch(from position: Int, first: Bool) throws(Stop) -> ArrayStretch.Outcome? {
        guard let stretches, position >= nextOffer, stretches.size - position >= stretches.reader.minimumBytes
        else { return nil }
        countLines(upTo: position)
        let stretch = ArrayStretch(
            path: stretches.path, file: file, hint: stretches.hint, start: position, first: first, line: line,
            lineStart: lineStart, maxElementBytes: maxElementBytes)
        guard let read = stretches.reader.read(stretch) else {
            // The file cannot be read so: this reader reads it all.
            nextOffer = .max
            return nil
        }
        if read.elements > 0 { readAny = true }
        // Where the stretch stopped unsure, this reader judges what it could
        // not, and offers the rest again only once past it.
        nextOffer = read.arrayEnded ? 0 : read.position + max(1, stretches.reader.minimumBytes / 8)
        if read.position <= base + buffer.count {
            buffer.consume(read.position - base)
        } else {
            guard let input, input.seek(to: read.position) else {
                failure = ReadError(reason: "cannot seek to offset \(read.position) after reading in blocks")
                inputEnded = true
                throw Stop()
            }
            buffer.removeAll()
            inputEnded = false
        }
        base = read.position
        counted = read.position
        line = read.line
        lineStart = read.lineStart
        return read
    }

    /// Reads the value at `start` as one record (an object, or a value
    /// reported as not being one), held whole up to the document cap;
    /// returns where it ends.
    private func readWholeRecord(at start: Int, knownEnd: Int? = nil) throws(Stop) -> Int {
        let end: Int
        if let knownEnd {
            end = knownEnd
        } else {
            switch try scanValue(at: start, holding: true, limit: maxDocumentBytes) {
            case .end(let found):
                end = found
            case .tooLong(var scan):
                diagnose(tooLarge(at: start))
                return try skipRest(of: &scan, thenMembersOf: false)
            }
        }
        let (line, column) = location(of: start)
        let location = SourceLocation(file: file, line: line)
        readAny = true
        let parsed = buffer.withUnsafeBytes { bytes in
            Result { () throws(JSONParseError) -> JSONValue in
                try JSONParser().parse(UnsafeRawBufferPointer(rebasing: bytes[(start - base)..<(end - base)]))
            }
        }
        switch parsed {
        case .success(.object(let object)):
            handlers!.record(object, location)
        case .success(let value):
            diagnose(
                Diagnostic(.warning, "expected a JSON object or array, found \(value.typeName)", at: location))
        case .failure(let error):
            let at = buffer.withBytes { bytes in
                ElementPlacement.locate(
                    offset: error.offset, in: bytes.extracting((start - base)..<(end - base)),
                    startingAt: SourceLocation(file: file, line: line, column: column))
            }
            diagnose(Diagnostic(.warning, "malformed JSON: \(error.reason)", at: at))
        }
        consume(upTo: end)
        return end
    }

    /// Reads the object key (a JSON string) at `start` and the colon after
    /// it; returns the key and where its value may start.
    private func readKey(at start: Int) throws(Stop) -> (String, Int) {
        guard try byte(at: start) == UInt8(ascii: "\"") else {
            throw malformed("expected a member's name in quotes", at: start)
        }
        guard case .end(let end) = try scanValue(at: start, holding: true, limit: maxElementBytes) else {
            throw malformed("a member's name is longer than --max-line-bytes", at: start)
        }
        let parsed = buffer.withUnsafeBytes { bytes in
            try? JSONParser().parse(UnsafeRawBufferPointer(rebasing: bytes[(start - base)..<(end - base)]))
        }
        guard case .string(let key)? = parsed else {
            throw malformed("a member's name is not a valid string", at: start)
        }
        let colon = try expectContent(from: end, inside: "an object")
        guard try byte(at: colon) == UInt8(ascii: ":") else {
            throw malformed("expected ':' after a member's name", at: colon)
        }
        return (key, colon + 1)
    }

    // MARK: - Scanning values

    /// How far a value's scan got.
    private struct ValueScan {
        var position: Int
        var inString = false
        var escaped = false
        /// Whether the value is a container (its end is its closing bracket).
        var isContainer = false
        /// Where the value ended, when it ended over its limit.
        var ended: Int?
    }

    private enum ScanOutcome {
        /// The value ends before this offset.
        case end(Int)
        /// The value is longer than the limit; the scan stopped where it was.
        case tooLong(ValueScan)
    }

    /// Moves past the value at `start`, dropping its bytes as they are
    /// scanned; returns where it ends.
    private func skipValue(at start: Int) throws(Stop) -> Int {
        guard case .end(let end) = try scanValue(at: start, holding: false, limit: .max) else {
            preconditionFailure("a skipped value has no limit")
        }
        return end
    }

    /// After a value's scan stopped over its limit, moves past the rest of
    /// it, dropping its bytes; and, when `thenMembersOf`, past the rest of
    /// the object it is a member of. Returns where that ends.
    private func skipRest(of scan: inout ValueScan, thenMembersOf object: Bool) throws(Stop) -> Int {
        var position: Int
        if let ended = scan.ended {
            position = ended
        } else {
            let end = try continueScan(&scan, start: scan.position, holding: false, limit: .max)
            guard case .end(let found) = end else { preconditionFailure("a skipped value has no limit") }
            position = found
        }
        if object {
            // The rest of the object's members.
            var scanRest = ValueScan(position: position, isContainer: true)
            brackets = [UInt8(ascii: "{")]
            excessDepth = 0
            guard case .end(let objectEnd) = try continueScan(&scanRest, start: position, holding: false, limit: .max)
            else { preconditionFailure("a skipped value has no limit") }
            position = objectEnd
        }
        return position
    }

    /// Finds where the value at `start` ends, keeping its bytes when
    /// `holding` (up to `limit` of them), else dropping them as it goes.
    private func scanValue(at start: Int, holding: Bool, limit: Int) throws(Stop) -> ScanOutcome {
        if !holding { consume(upTo: start) }
        var scan = ValueScan(position: start)
        brackets.removeAll(keepingCapacity: true)
        excessDepth = 0
        switch try byte(at: start) {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            scan.isContainer = true
        case UInt8(ascii: "\""):
            scan.inString = true
            scan.position = start + 1
        default:
            // A number, a literal, or a mistake: up to the next delimiter.
            var position = start
            while let byte = try byteIfAny(at: position), !Self.endsScalar(byte) {
                position += 1
                if position - start > max(limit, 64) {
                    throw malformed("expected a JSON value", at: start)
                }
            }
            if position == start { throw malformed("expected a JSON value", at: start) }
            return .end(position)
        }
        return try continueScan(&scan, start: start, holding: holding, limit: limit)
    }

    /// Continues `scan` of the value that starts at `start` until it ends.
    private func continueScan(_ scan: inout ValueScan, start: Int, holding: Bool, limit: Int) throws(Stop)
        -> ScanOutcome
    {
        while true {
            if scan.position >= base + buffer.count {
                if holding, scan.position - start > limit { return .tooLong(scan) }
                if !holding { consume(upTo: scan.position) }
                guard readMore() else {
                    throw malformed(
                        scan.inString ? "a string is not closed at the end of the input" : "unexpected end of input",
                        at: start)
                }
                continue
            }
            if let end = try buffer.withUnsafeBytes({ bytes throws(Stop) in try advance(&scan, in: bytes) }) {
                if holding, end - start > limit {
                    scan.ended = end
                    return .tooLong(scan)
                }
                return .end(end)
            }
        }
    }

    /// Advances `scan` through the bytes read so far; the offset past the
    /// value when it ends among them.
    @inline(__always)
    private func advance(_ scan: inout ValueScan, in bytes: UnsafeRawBufferPointer) throws(Stop) -> Int? {
        let pointer = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var index = scan.position - base
        let count = bytes.count
        while index < count {
            if scan.inString {
                if scan.escaped {
                    scan.escaped = false
                    index += 1
                    continue
                }
                // The next quote, and whether an odd run of backslashes
                // escapes it.
                guard let hit = memchr(pointer + index, Int32(UInt8(ascii: "\"")), count - index) else {
                    // Still in the string: an escape may be open at the end.
                    var backslashes = 0
                    var back = count - 1
                    while back >= index, pointer[back] == UInt8(ascii: "\\") {
                        backslashes += 1
                        back -= 1
                    }
                    scan.escaped = backslashes % 2 == 1
                    index = count
                    break
                }
                let quote = UnsafeRawPointer(hit) - UnsafeRawPointer(pointer)
                var backslashes = 0
                var back = quote - 1
                while back >= index, pointer[back] == UInt8(ascii: "\\") {
                    backslashes += 1
                    back -= 1
                }
                index = quote + 1
                if backslashes % 2 == 0 {
                    scan.inString = false
                    if !scan.isContainer {
                        scan.position = base + index
                        return base + index
                    }
                }
                continue
            }
            let byte = pointer[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                scan.inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if brackets.count < Self.maxDepth {
                    brackets.append(byte)
                } else {
                    excessDepth += 1
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if excessDepth > 0 {
                    excessDepth -= 1
                    continue
                }
                let opening = byte == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "[")
                guard brackets.last == opening else {
                    throw malformed(
                        "'\(Character(UnicodeScalar(byte)))' does not close "
                            + (brackets.last.map { "'\(Character(UnicodeScalar($0)))'" } ?? "anything"),
                        at: base + index - 1)
                }
                brackets.removeLast()
                if brackets.isEmpty {
                    scan.position = base + index
                    return base + index
                }
            default:
                break
            }
        }
        scan.position = base + index
        return nil
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"), 0x20, 0x09, 0x0A, 0x0D:
            true
        default: false
        }
    }

    // MARK: - The input

    /// The byte at `offset`, reading up to it; `nil` at the end of the input.
    private func byteIfAny(at offset: Int) throws(Stop) -> UInt8? {
        guard ensure(offset) else { return nil }
        return buffer.withUnsafeBytes { $0[offset - base] }
    }

    /// The byte at `offset`, which must be there.
    private func byte(at offset: Int) throws(Stop) -> UInt8 {
        guard let byte = try byteIfAny(at: offset) else { throw malformed("unexpected end of input", at: offset) }
        return byte
    }

    /// The first byte at or after `offset` that is not white space; `nil` at
    /// the end of the input.
    private func skipWhitespace(from offset: Int) throws(Stop) -> Int? {
        var position = offset
        while let byte = try byteIfAny(at: position) {
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return position }
            position += 1
        }
        return nil
    }

    /// ``skipWhitespace(from:)``, where the input must go on.
    private func expectContent(from offset: Int, inside what: String) throws(Stop) -> Int {
        guard let position = try skipWhitespace(from: offset) else {
            throw malformed("the input ends inside \(what)", at: base + buffer.count)
        }
        return position
    }

    /// Whether the byte at `offset` is read, reading more if need be.
    private func ensure(_ offset: Int) -> Bool {
        while offset >= base + buffer.count {
            guard readMore() else { return false }
        }
        return true
    }

    /// Reads more input onto the buffer; `false` at its end or on failure.
    private func readMore() -> Bool {
        guard !inputEnded, let input else {
            ranOut = true
            return false
        }
        do {
            if try input.readChunk(into: &buffer) == 0 { inputEnded = true }
        } catch {
            failure = error
            inputEnded = true
        }
        return !inputEnded
    }

    /// Drops the bytes before `offset`, counting their lines.
    func consume(upTo offset: Int) {
        guard offset > base else { return }
        countLines(upTo: offset)
        buffer.consume(offset - base)
        base = offset
    }

    /// Counts the newlines before `offset` not counted yet.
    private func countLines(upTo offset: Int) {
        guard offset > counted else { return }
        buffer.withUnsafeBytes { bytes in
            let start = bytes.baseAddress!
            var position = counted - base
            let end = offset - base
            while position < end, let hit = memchr(start + position, 0x0A, end - position) {
                position = UnsafeRawPointer(hit) - start + 1
                line += 1
                lineStart = base + position
            }
        }
        counted = offset
    }

    /// The line and column (from 1, in bytes) of `offset`.
    private func location(of offset: Int) -> (line: Int, column: Int) {
        countLines(upTo: offset)
        return (line, offset - lineStart + 1)
    }

    // MARK: - Problems

    /// Reports a problem in the structure at `offset`, after which the rest
    /// of the source is skipped.
    private func malformed(_ reason: String, at offset: Int) -> Stop {
        let at = min(max(offset, counted), base + buffer.count)
        let (line, column) = location(of: at)
        diagnose(
            Diagnostic(
                .warning, "malformed JSON: \(reason); the rest of this input is skipped",
                at: SourceLocation(file: file, line: line, column: column)))
        return Stop()
    }

    /// The error for a document over the cap, which is skipped.
    private func tooLarge(at offset: Int) -> Diagnostic {
        let (line, _) = location(of: offset)
        return Diagnostic(
            .error,
            "a JSON document larger than \(RecordReader.describe(bytes: maxDocumentBytes)) that is not an array of "
                + "records; raise the cap with --max-document-bytes, or name its records' array with --records",
            at: SourceLocation(file: file, line: line))
    }

    private static func typeName(_ opening: UInt8) -> String {
        switch opening {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a Boolean"
        case UInt8(ascii: "n"): "null"
        default: "a number"
        }
    }
}
