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
    /// What makes diagnostics of one source alike: past the first few of a
    /// group, the rest are counted rather than printed. By default the
    /// message up to its first colon (`malformed JSON`, a kind's name).
    public var group: String
    /// When set, this stands for that many diagnostics of its group that
    /// were counted but not kept (see `DiagnosticCap` in SearchEngine); it is not printed
    /// itself.
    public var tally: Int?

    public init(
        _ severity: Severity,
        _ message: String,
        at location: SourceLocation? = nil,
        onceKey: String? = nil,
        skipsRecord: Bool? = nil,
        group: String? = nil,
        tally: Int? = nil
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.onceKey = onceKey
        self.skipsRecord = skipsRecord ?? (severity == .warning && onceKey == nil)
        self.group = group ?? message.firstIndex(of: ":").map { String(message[..<$0]) } ?? message
        self.tally = tally
    }

    /// The group of warnings about records of kinds no module or spec knows.
    public static let unknownKindGroup = "unknown kind"

    /// `warning: FILE:LINE: message`, as printed on stderr (not yet sanitised).
    public var description: String {
        if let location { return "\(severity.rawValue): \(location): \(message)" }
        return "\(severity.rawValue): \(message)"
    }
}
