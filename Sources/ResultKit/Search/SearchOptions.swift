/// What to search for besides the query: which kinds, how many results, and
/// in what order.
public struct SearchOptions: Sendable {
    /// The most results to return.
    public var limit: Int
    /// Results to skip before the first returned.
    public var offset: Int
    /// Kinds to keep (lower-case); empty keeps every kind.
    public var kinds: [String]
    /// Allow fuzzy subsequence matches even when other matches exist.
    public var fuzzy: Bool
    /// Order by a field instead of relevance.
    public var sort: FieldSort?

    public init(limit: Int = 20, offset: Int = 0, kinds: [String] = [], fuzzy: Bool = false, sort: FieldSort? = nil) {
        self.limit = limit
        self.offset = offset
        self.kinds = kinds
        self.fuzzy = fuzzy
        self.sort = sort
    }
}

/// `--sort FIELD` (ascending) or `--sort -FIELD` (descending). Records
/// without the field come last either way.
public struct FieldSort: Sendable, Equatable {
    public var field: String
    public var descending: Bool

    public init(field: String, descending: Bool) {
        self.field = field
        self.descending = descending
    }

    /// Parses `FIELD` or `-FIELD`.
    public init?(parsing text: String) {
        let descending = text.hasPrefix("-")
        let field = descending ? String(text.dropFirst()) : text
        guard !field.isEmpty else { return nil }
        self.init(field: field, descending: descending)
    }
}
