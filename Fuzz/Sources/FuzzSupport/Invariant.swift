#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Checks that stop the fuzzer with a message when a property breaks, so that
/// libFuzzer saves the input as a crash.
public enum Invariant {
    /// Prints `message` and traps unless `condition` holds.
    ///
    /// The message is printed first because optimised builds drop the
    /// message of a precondition failure.
    /// - Parameters:
    ///   - condition: The property that must hold.
    ///   - message: What broke.
    public static func require(
        _ condition: @autoclosure () -> Bool,
        _ message: @autoclosure () -> String,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        guard !condition() else { return }
        fail(message(), file: file, line: line)
    }

    /// Prints `message` and traps.
    /// - Parameter message: What broke.
    public static func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        let text = "Invariant broken at \(file):\(line): \(message)\n"
        _ = text.utf8.withContiguousStorageIfAvailable { write(2, $0.baseAddress, $0.count) }
        preconditionFailure(message, file: file, line: line)
    }
}
