/// How a cell's text sits in its column.
public enum Alignment: Sendable, Hashable {
    /// Flush left, padded on the right: text.
    case left
    /// Flush right, padded on the left: numbers.
    case right
}
