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

    public init(_ name: String, weight: Int, text: @escaping @Sendable (JSONObject) -> String?) {
        self.name = name
        self.weight = weight
        self.text = text
    }

    /// A top-level record field read as text (numbers and booleans as written).
    public static func field(_ name: String, weight: Int) -> SearchField {
        SearchField(name, weight: weight) { $0[name]?.scalarText }
    }
}
