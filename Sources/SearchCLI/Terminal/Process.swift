import ProcessMemory

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
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
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
