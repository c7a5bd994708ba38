import ProcessMemory
import RawBytes
import SearchEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The process's environment, read once at the entry point.
public enum ProcessEnvironment {
    /// Every variable of the process's environment, by name.
    public static var current: [String: String] {
        var result: [String: String] = [:]
        for text in EnvironmentEntries.all() {
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
        }
        return result
    }
}

/// The process's arguments, read once at the entry point.
public enum ProcessArguments {
    /// The arguments after the program's name. An argument that is not
    /// valid UTF-8 (a file name is bytes) keeps its bytes: see `FilePathBytes`.
    public static var current: [String] {
        CommandLineBytes.arguments().map(FilePathBytes.decode)
    }
}

/// Ends the process with `status`: the one way `search` exits.
public func exitProcess(_ status: ExitStatus) -> Never {
    exit(status.rawValue)
}

/// Sets up memory for a process that lives for one search: see
/// `ProcessMemory.tuneForOneSearch()`. Call it first thing in `main`.
public func tuneAllocatorForOneSearch() {
    ProcessMemory.tuneForOneSearch()
}
