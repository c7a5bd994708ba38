public import StreamingJSON

/// A text a kind offers to the search, with its weight.
///
/// Every kind's fields go through the same scorer, so a match in one kind's
/// field is comparable with a match in another's. The weight orders matches
/// within a tier only; it never lifts a weaker tier over a stronger one.
public struct SearchField: Sendable {
    /// The field's name, usable in queries as `name:value`.
    public var name: String
    /// How much a match here counts, from 1 (minor) to 100 (identity).
    public var weight: Int
    /// The text to search in a record; `nil` when the record has none.
    public var text: @Sendable (JSONObject) -> String?
    /// The top-level record fields `text` reads, or `nil` when it may read
    /// any. Declaring them lets a large search extract only those fields from
    /// each record instead of decoding it whole.
    public var reads: [String]?
    /// Whether the text is one top-level field's value exactly as the record
    /// writes it (``field(_:weight:)``). A search may then rule a record out
    /// from its raw bytes: the text cannot match if the bytes do not hold it.
    public var isVerbatim = false

    /// A search field computed from a record.
    /// - Parameters:
    ///   - name: The name used in queries (`name:value`) and in JSON output.
    ///   - weight: From 1 (minor) to 100 (identity).
    ///   - reads: The top-level fields `text` reads; `nil` if it may read any.
    ///   - text: The text to search, or `nil` when the record has none.
    public init(
        _ name: String,
        weight: Int,
        reads: [String]? = nil,
        text: @escaping @Sendable (JSONObject) -> String?
    ) {
        self.name = name
        self.weight = weight
        self.reads = reads
        self.text = text
    }

    /// A top-level record field read as text (numbers and booleans as written).
    public static func field(_ name: String, weight: Int) -> SearchField {
        var field = SearchField(name, weight: weight, reads: [name]) { $0[name]?.scalarText }
        field.isVerbatim = true
        return field
    }
}
