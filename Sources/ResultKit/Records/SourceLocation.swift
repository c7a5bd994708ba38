/// Where a record or a problem came from: a file (or `-` for stdin, or a
/// bundled sample) and a 1-based line, with an optional 1-based column.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file as the user named it, `<stdin>`, or `<bundled>/name.jsonl`.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column in bytes, when known.
    public var column: Int?

    public init(file: String, line: Int, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line` or `file:line:column`.
    public var description: String {
        if let column { return "\(file):\(line):\(column)" }
        return "\(file):\(line)"
    }
}
