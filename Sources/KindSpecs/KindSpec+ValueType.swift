extension KindSpec {
    /// The type a column's value must have.
    ///
    /// Strings from CSV input are accepted wherever they spell a value of the
    /// type (`"12"` for a number, `"true"` for a bool).
    public enum ValueType: String, Sendable, CaseIterable {
        /// Any scalar, shown as written; an array of scalars is joined with `, `.
        case string
        /// A finite number.
        case number
        /// A whole number.
        case integer
        /// `true` or `false`.
        case bool
        /// An ISO 8601 date (`2024-05-01`) or date-time
        /// (`2024-05-01T12:00:00Z`), or seconds since 1970.
        case date

        /// Numbers are right-aligned unless a column says otherwise.
        var isNumeric: Bool { self == .number || self == .integer }
    }
}
