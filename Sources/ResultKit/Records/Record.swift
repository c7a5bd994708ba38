public import StreamingJSON

/// One input record: a JSON object, where it came from, and the kind its
/// source suggests when the record does not name one.
public struct Record: Sendable {
    /// The record as read. CSV rows become objects of strings.
    public var object: JSONObject
    /// Where the record starts.
    public var location: SourceLocation
    /// The kind named by the record's file or by `--kind`, used when the
    /// record has no `kind` field.
    public var kindHint: String?
    /// The member that names the record's kind: `kind`, unless the reader
    /// was told that kinds are named by another field (`--kind-field`).
    public var kindField = "kind"

    public init(object: JSONObject, location: SourceLocation, kindHint: String? = nil) {
        self.object = object
        self.location = location
        self.kindHint = kindHint
    }

    /// The kind name: the record's ``kindField``, else the source's hint.
    public var kindName: String? {
        if let kind = object[kindField]?.stringValue, !kind.isEmpty { return kind }
        return kindHint
    }
}
