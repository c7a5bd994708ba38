/// A syntax error in JSON input, with the byte offset where it was found.
///
/// Offsets count bytes from the start of the buffer given to the parser,
/// including a leading byte-order mark, so that a caller can turn them into
/// a line and column of its own input.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The byte offset into the input where the problem is.
    public var offset: Int
    /// A short, human description of the problem, such as
    /// `expected ',' or '}' after object member`.
    public var reason: String

    /// Creates an error at `offset`.
    /// - Parameters:
    ///   - offset: The byte offset into the input where the problem is.
    ///   - reason: A short, human description of the problem.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// The reason followed by the offset, for example
    /// `unterminated string at byte 12`.
    public var description: String {
        "\(reason) at byte \(offset)"
    }
}
