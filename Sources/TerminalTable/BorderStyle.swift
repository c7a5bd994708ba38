/// How a table is framed.
public enum BorderStyle: String, Sendable, CaseIterable {
    /// No borders: columns separated by two spaces, no trailing spaces (like kubectl).
    case plain
    /// ASCII boxes: `+---+` rules and `|` separators; every line has the same width.
    case ascii
    /// Box-drawing characters with rounded corners; every line has the same width.
    case rounded
}
