#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where this process's memory is, by address, and advice to the kernel
/// about a range of it: for code that tunes how the process takes memory,
/// which names ranges by their numbers and never reads or writes them.
package enum MemoryAdvice {
    /// Asks the kernel to back the `count` bytes from `address` with
    /// transparent huge pages (`madvise(MADV_HUGEPAGE)`); whether it took
    /// the advice. It refuses an address that is not page-aligned, a range
    /// that is not all mapped, or a kernel without transparent huge pages;
    /// the memory is then used as it is.
    package static func adviseHugePages(at address: UInt, count: Int) -> Bool {
        #if os(Linux)
            // Only the range's numbers cross: the kernel checks that it is mapped.
            return unsafe madvise(UnsafeMutableRawPointer(bitPattern: address), count, 14) == 0  // MADV_HUGEPAGE
        #else
            return false
        #endif
    }

    /// The end of the main heap, where it grows from (`sbrk(0)`).
    package static func programBreak() -> UInt {
        UInt(bitPattern: unsafe sbrk(0))
    }

    /// Where the calling thread's allocator takes memory from: the address
    /// of a small block allocated and freed at once.
    package static func addressOfASmallAllocation() -> UInt {
        guard let probe = unsafe malloc(64) else { return 0 }
        let address = UInt(bitPattern: probe)
        unsafe free(probe)
        return address
    }
}
