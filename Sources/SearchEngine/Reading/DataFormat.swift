/// How a source's bytes are laid out, once decompressed.
public enum DataFormat: String, Sendable, CaseIterable {
    /// One JSON object per line.
    case ndjson
    /// JSON documents: an array of objects, an object that wraps them, or
    /// one object.
    case json
    /// Comma-separated values with a header row (RFC 4180).
    case csv
    /// Tab-separated values with a header row.
    case tsv
    /// Lines of text, one record each, named by the line.
    case lines

    /// The format `--input-format` names: `lines`, `jsonl` (or `ndjson`),
    /// `json`, `csv` or `tsv`.
    public init?(optionValue: String) {
        switch optionValue.lowercased() {
        case "jsonl", "ndjson": self = .ndjson
        case let other: self.init(rawValue: other)
        }
    }

    /// The names `--input-format` takes, as the help lists them.
    public static let optionValues = ["lines", "jsonl", "json", "csv", "tsv"]

    /// The format a file name implies, once a compression's ending is taken
    /// off (`items.jsonl.gz`), or `nil` for an unknown extension.
    public static func forFile(_ path: String) -> DataFormat? {
        let full = path.split(separator: "/").last.map(String.init) ?? path
        let name = Compression.strippingSuffix(full).lowercased()
        if name.hasSuffix(".jsonl") || name.hasSuffix(".ndjson") { return .ndjson }
        if name.hasSuffix(".json") { return .json }
        if name.hasSuffix(".csv") { return .csv }
        if name.hasSuffix(".tsv") || name.hasSuffix(".tab") { return .tsv }
        if name.hasSuffix(".txt") || name.hasSuffix(".log") || name.hasSuffix(".text") { return .lines }
        return nil
    }

    /// What a source in this format holds, for a message saying that none was read.
    var expectation: String {
        switch self {
        case .ndjson: "one JSON object per line"
        case .json: "a JSON array of objects, an object that wraps one, or objects"
        case .csv: "a header row, then rows of comma-separated values"
        case .tsv: "a header row, then rows of tab-separated values"
        case .lines: "lines of text"
        }
    }

    /// The format of content whose first bytes are `head`, or `nil` when they
    /// are all white space. `atEnd` says whether `head` is the whole content.
    ///
    /// - `[` followed by `{`, `[`, `"` or `]` starts a JSON array (a log
    ///   line such as `[INFO] ...` does not).
    /// - `{` starts NDJSON, or a JSON document over several lines (see
    ///   ``objectRunsPastFirstLine(_:)``).
    /// - A header row whose fields look like names, with rows that mostly
    ///   have as many fields, is TSV or CSV (see ``DelimitedSniffer``).
    /// - Anything else is lines of text, as `ls` and `grep` print them.
    static func sniff(_ head: some Collection<UInt8>, atEnd: Bool) -> DataFormat? {
        var bytes = Array(head)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }) else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "{"):
            return .ndjson
        case UInt8(ascii: "["):
            guard let next = bytes[(start + 1)...].first(where: { !isSpace($0) }) else { return .json }
            switch next {
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\""): return .json
            default: break
            }
        default:
            break
        }
        return DelimitedSniffer.format(of: bytes, atEnd: atEnd) ?? .lines
    }

    /// Whether no bytes after `head` can change what ``sniff(_:atEnd:)``
    /// says of the content: its first line has come, starts with neither
    /// `{` nor `[` (after white space), and may not be a header of CSV or
    /// TSV, so the content is lines of text however it goes on. A stream that
    /// is settled early (a slow `find`, a log) is read as it comes, not
    /// after its first 64 KiB.
    static func sniffIsSettled(_ head: some Collection<UInt8>) -> Bool {
        var bytes = Array(head)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }),
            first != UInt8(ascii: "{"), first != UInt8(ascii: "["),
            let newline = bytes.firstIndex(of: 0x0A)
        else { return false }
        return !DelimitedSniffer.mayBeHeader(bytes[..<newline])
    }

    /// Whether the JSON object that starts content sniffed as NDJSON goes on
    /// past its first line, as a pretty-printed document does: then the
    /// content is one JSON document, not one object per line. A pretty
    /// printer breaks the line after `{`, `[`, `,` or `:`; a line that ends
    /// anywhere else inside the object is a malformed NDJSON line, which must
    /// not make the rest of the input one document held whole. `nil` while
    /// `bytes` hold no line break after the object's start.
    static func objectRunsPastFirstLine(_ bytes: Span<UInt8>) -> Bool? {
        var start = 0
        while start < bytes.count, bytes[start] != UInt8(ascii: "{") { start += 1 }
        guard start < bytes.count else { return false }
        var depth = 0
        var inString = false
        var escaped = false
        // The last byte outside strings that is not white space.
        var lastSignificant = UInt8(ascii: "{")
        for index in start..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    lastSignificant = byte
                }
                // A line break inside a string is malformed NDJSON, not a document.
                if byte == 0x0A { return false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { return false }
            case 0x0A:
                switch lastSignificant {
                case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ":"): return true
                default: return false
                }
            default: break
            }
            if byte != 0x20, byte != 0x09, byte != 0x0D, byte != 0x0A { lastSignificant = byte }
        }
        return nil
    }

    /// Whether content whose first bytes are `head` is UTF-16: it starts
    /// with a UTF-16 byte-order mark, or (without one) nearly every other
    /// byte of its first 512 is NUL and the bytes between are not, as in
    /// mostly ASCII text in UTF-16.
    static func looksLikeUTF16(_ head: [UInt8]) -> Bool {
        if head.count >= 2, (head[0] == 0xFF && head[1] == 0xFE) || (head[0] == 0xFE && head[1] == 0xFF) {
            return true
        }
        let pairs = min(head.count, 512) / 2
        guard pairs >= 2 else { return false }
        var evenNULs = 0
        var oddNULs = 0
        for pair in 0..<pairs {
            if head[2 * pair] == 0 { evenNULs += 1 }
            if head[2 * pair + 1] == 0 { oddNULs += 1 }
        }
        // Little-endian ASCII has its NULs at odd offsets; big-endian, at even ones.
        let most = pairs - pairs / 8
        let few = pairs / 8
        return (oddNULs >= most && evenNULs <= few) || (evenNULs >= most && oddNULs <= few)
    }

    /// Where content looks binary rather than text, judged like `git` and
    /// `file` do from its first bytes: all NUL, or more than 2% control bytes
    /// (other than tab, line feed and carriage return) in at least 512 bytes.
    /// A stray NUL in a text file is left to the parser, which reports its line.
    static func binaryOffset(in head: some Collection<UInt8>) -> Int? {
        guard let first = head.firstIndex(where: isControl) else { return nil }
        let offset = head.distance(from: head.startIndex, to: first)
        if head.allSatisfy({ $0 == 0 }) { return offset }
        guard head.count >= 512 else { return nil }
        let controls = head.lazy.filter(isControl).count
        return controls * 50 > head.count ? offset : nil
    }

    /// A control byte other than a tab or a line break: what binary data holds.
    private static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D
    }

    /// Whether `bytes` hold more than white space.
    static func holdsContent(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    }

    /// Whether `bytes` hold a control byte, so that whether they are binary
    /// data is told from the first 4 KiB (``binaryOffset(in:)``).
    static func holdsControlBytes(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.contains(where: isControl)
    }
}
