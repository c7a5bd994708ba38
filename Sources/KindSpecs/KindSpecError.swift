/// A mistake in a kind spec, or a clash between kinds, with the file and the
/// place in it.
///
/// Printed as `FILE: FIELD: MESSAGE`, such as
/// `weather.kind.json: columns[2].path: "temp" is not a JSON Pointer`, or as
/// `FILE:LINE:COLUMN: MESSAGE` for malformed JSON.
public struct KindSpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The spec file (or directory) as found.
    public var file: String
    /// The 1-based line and column of a JSON syntax error.
    public var line: Int?
    /// The 1-based column (in bytes) of a JSON syntax error.
    public var column: Int?
    /// The place in the spec, such as `columns[2].path`; `nil` for the whole file.
    public var field: String?
    /// What is wrong, and how to fix it when that is not obvious.
    public var message: String

    /// Creates an error about `field` of `file`.
    public init(file: String, field: String? = nil, _ message: String) {
        self.file = file
        self.field = field
        self.message = message
    }

    /// Creates an error at a line and column of `file`.
    public init(file: String, line: Int, column: Int, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE: FIELD: MESSAGE` or `FILE:LINE:COLUMN: MESSAGE`.
    public var description: String {
        var out = file
        if let line {
            out += ":\(line)"
            if let column { out += ":\(column)" }
        }
        if let field { out += ": " + field }
        return out + ": " + message
    }
}
