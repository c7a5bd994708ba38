import ResultKit

/// A result kind described by a `*.kind.json` file instead of Swift code.
///
/// A spec names the kind, says how to build its NAME, lists its columns as
/// JSON Pointers with a type and a format, and lists its search fields with
/// their weights. ``KindSpecLoader`` reads and validates specs; ``kind``
/// turns one into a `ResultKind` that the engine treats like any other.
public struct KindSpec: Sendable {
    /// The file the spec was read from; it is the kind's origin.
    public var file: String
    /// The singular name used in records' `kind` field.
    public var name: String
    /// The plural, also accepted as a file name (`countries.jsonl`).
    public var plural: String
    /// The built-in kind this spec takes the place of, if any.
    public var replaces: String?
    /// How NAME is built; `nil` means the record's `name` field.
    public var nameTemplate: NameTemplate?
    /// The details columns, in order.
    public var columns: [Column]
    /// The texts offered to the search.
    public var searchFields: [SearchField]
    /// The most lines a row may take: a row grows past one line only when a
    /// column with a `maxWidth` has longer text, which then wraps.
    public var rowHeight: Int
    /// When relative dates are measured from, in seconds since 1970 (UTC).
    public var referenceTime: Int64
    /// Which columns found a value in some record, shared by every copy of
    /// the spec and of its kind (see ``columnsMatchingNoRecord``).
    let usage = ColumnUsage()

    /// Creates a spec from its parts; ``KindSpecLoader`` does this after validation.
    public init(
        file: String,
        name: String,
        plural: String,
        replaces: String? = nil,
        nameTemplate: NameTemplate? = nil,
        columns: [Column],
        searchFields: [SearchField],
        rowHeight: Int = 1,
        referenceTime: Int64 = 0
    ) {
        self.file = file
        self.name = name
        self.plural = plural
        self.replaces = replaces
        self.nameTemplate = nameTemplate
        self.columns = columns
        self.searchFields = searchFields
        self.rowHeight = rowHeight
        self.referenceTime = referenceTime
    }

    /// The columns that found no value in any record this spec's kind made
    /// a row of (or checked) so far; none before the first such record.
    ///
    /// A column whose path no record holds most likely has a mistake in it
    /// (`/autor/name`): `search` warns about each at the end of a run.
    public var columnsMatchingNoRecord: [Column] {
        usage.unfilled(count: columns.count).map { columns[$0] }
    }
}
