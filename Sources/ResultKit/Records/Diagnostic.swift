/// A problem found while reading or decoding input. It never stops the run
/// by itself: the record is skipped and the rest goes on.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious the problem is.
    public enum Severity: String, Sendable {
        /// The record was skipped; the run goes on.
        case warning
        /// A source could not be read at all.
        case error
    }

    public var severity: Severity
    public var location: SourceLocation?
    public var message: String

    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `warning: FILE:LINE: message`, as printed on stderr (not yet sanitised).
    public var description: String {
        if let location { return "\(severity.rawValue): \(location): \(message)" }
        return "\(severity.rawValue): \(message)"
    }
}
