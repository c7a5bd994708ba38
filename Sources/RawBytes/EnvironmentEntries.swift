#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's environment as the C library holds it (`environ`).
package enum EnvironmentEntries {
    /// Every entry, `NAME=value`, in the order the C library holds them.
    package static func all() -> [String] {
        var entries: [String] = []
        var pointer = unsafe environ
        while let entry = unsafe pointer.pointee {
            entries.append(unsafe String(cString: entry))
            unsafe pointer += 1
        }
        return entries
    }
}
