/// Something worth a warning about a record that its kind kept: a value
/// shown as written because it does not fit its column's type.
///
/// The engine reports a note once per `key` and kind, at the record where it
/// was first met, and counts the record as shown: a note never drops one.
public struct RecordNote: Sendable, Hashable {
    /// What makes notes alike, such as the column they are about: only the
    /// first note of a key is reported.
    public var key: String
    /// What a person reads, such as `column Born: "c. 1775" is not a number; shown as written`.
    public var message: String

    /// Creates a note.
    public init(key: String, _ message: String) {
        self.key = key
        self.message = message
    }
}
