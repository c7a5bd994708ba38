public import StreamingJSON

/// A field a kind names for filters, `--sort` and `--fields` whose value is
/// not simply the record's top-level key of that name: a value deeper in
/// the record (`born` for `/author/born`), or one made from several.
///
/// The engine asks a kind for a field's value through
/// ``ResultKind/value(ofField:in:)``: a kind that declares no such field
/// gives the record's top-level key, as before.
public struct KindField: Sendable {
    /// The name used in filters (`born<1850`), `--sort` and `--fields`.
    public var name: String
    /// The top-level record fields ``value`` reads, or `nil` when it may
    /// read any: a large search then extracts only these from each line.
    public var reads: [String]?
    /// Where the value comes from, for listings and messages (`/author/born`).
    public var source: String
    /// The value in a record; `nil` when the record has none.
    public var value: @Sendable (JSONObject) -> JSONValue?

    /// Declares a field.
    /// - Parameters:
    ///   - name: The name used in filters, `--sort` and `--fields`.
    ///   - source: Where the value comes from, such as a JSON Pointer.
    ///   - reads: The top-level fields `value` reads; `nil` if it may read any.
    ///   - value: The value in a record, or `nil` when there is none.
    public init(
        _ name: String,
        source: String,
        reads: [String]?,
        value: @escaping @Sendable (JSONObject) -> JSONValue?
    ) {
        self.name = name
        self.source = source
        self.reads = reads
        self.value = value
    }
}
