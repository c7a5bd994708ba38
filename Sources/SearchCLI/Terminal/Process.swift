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

/// Sets up the allocator for a process that lives for one search: memory
/// it frees is kept for reuse rather than handed back to the system, and
/// the heap grows in large steps. A search allocates and frees in bursts
/// (a table of many rows holds them all, then lets them go), and every page
/// handed back and taken again costs a page fault; pages reserved but never
/// written cost nothing. A no-op where the C library has no `mallopt`.
public func tuneAllocatorForOneSearch() {
    #if canImport(Glibc)
        // `mallopt` is in <malloc.h>, which the Glibc module leaves out;
        // its option numbers are macros there.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
        let topPad: Int32 = -2  // M_TOP_PAD
        _ = mallopt(trimThreshold, 1 << 30)
        _ = mallopt(topPad, 64 << 20)
    #endif
}
