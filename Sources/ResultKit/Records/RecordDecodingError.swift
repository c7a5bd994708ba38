/// Why a record could not become its kind's model: a missing field, or a
/// field with a value the kind does not accept.
public struct RecordDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A reason a person can act on, such as `missing field "suit"`.
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
