#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library's allocator settings that `<malloc.h>` declares and the
/// Glibc module leaves out, looked up by name when called: each answers
/// `nil` where the C library has no such entry point (musl, Darwin).
package enum AllocatorControl {
    /// Sets option `option` of the allocator to `value` (glibc's `mallopt`;
    /// its option numbers are macros: `M_TRIM_THRESHOLD` is -1,
    /// `M_TOP_PAD` -2); whether it was set.
    package static func setOption(_ option: Int32, to value: Int32) -> Bool? {
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let mallopt = function(named: "mallopt", as: Mallopt.self) else { return nil }
        return mallopt(option, value) != 0
    }

    /// Hands the memory freed in every allocator arena back to the system
    /// (glibc's `malloc_trim(0)`); whether any was.
    package static func releaseFreedMemory() -> Bool? {
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let trim = function(named: "malloc_trim", as: MallocTrim.self) else { return nil }
        return trim(0) != 0
    }

    /// Allocates `byteCount` bytes and frees them at once: for the allocator
    /// to take memory now (a heap grows by a step). Through the entry points
    /// looked up by name, so that the optimiser, which knows `malloc` and
    /// `free`, does not take the unused pair away; `false` when they cannot
    /// be found or the allocation fails.
    package static func allocateAndFree(byteCount: Int) -> Bool {
        typealias Malloc = @convention(c) (Int) -> UnsafeMutableRawPointer?
        typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
        guard let allocate = unsafe function(named: "malloc", as: Malloc.self),
            let free = unsafe function(named: "free", as: Free.self)
        else { return false }
        guard let block = unsafe allocate(byteCount) else { return false }
        unsafe free(block)
        return true
    }

    /// The C function `name` of the process's libraries, as `type`, which
    /// must be its C signature.
    private static func function<Function>(named name: String, as type: Function.Type) -> Function? {
        guard let symbol = unsafe dlsym(nil, name) else { return nil }
        return unsafe unsafeBitCast(symbol, to: type)
    }
}
