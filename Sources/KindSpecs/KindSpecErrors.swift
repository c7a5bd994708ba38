/// Every mistake found in one spec file, as one error.
public struct KindSpecErrors: Error, Sendable, CustomStringConvertible {
    /// The mistakes, in the order found.
    public var errors: [KindSpecError]

    /// Wraps `errors`.
    public init(_ errors: [KindSpecError]) {
        self.errors = errors
    }

    /// One mistake per line.
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
