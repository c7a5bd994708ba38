/// Why a benchmark could not run, said so that the user can act on it.
public struct BenchmarkError: Error, Sendable, CustomStringConvertible {
    /// The message, without the `error:` prefix.
    public let description: String

    /// An error saying `message`.
    public init(_ message: String) {
        description = message
    }
}
