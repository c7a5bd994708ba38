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
    /// Diagnostics with the same key are reported once, the first time:
    /// an unknown kind is reported at its first record only.
    public var onceKey: String?
    /// Whether a record was lost: malformed input, or a record its kind
    /// rejects. Counted in the "skipped" summary.
    public var skipsRecord: Bool

    public init(
        _ severity: Severity,
        _ message: String,
        at location: SourceLocation? = nil,
        onceKey: String? = nil,
        skipsRecord: Bool? = nil
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.onceKey = onceKey
        self.skipsRecord = skipsRecord ?? (severity == .warning && onceKey == nil)
    }

    /// `warning: FILE:LINE: message`, as printed on stderr (not yet sanitised).
    public var description: String {
        if let location { return "\(severity.rawValue): \(location): \(message)" }
        return "\(severity.rawValue): \(message)"
    }
}
