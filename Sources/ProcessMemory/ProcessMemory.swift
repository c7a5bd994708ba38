import RawBytes
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a process that lives for one search sets up its memory.
///
/// A search that shows many rows keeps every one of them until it draws the
/// table, and the kernel gives memory a 4 KiB page at a time: 100,000 rows
/// took 23,600 page faults. With transparent huge pages (2 MiB) they take
/// about 1,200, and the whole run is about an eighth faster (192 against
/// 169 ms median, 21 interleaved runs). Linux gives them only to memory
/// that asks (`madvise(MADV_HUGEPAGE)`) unless the system says otherwise,
/// and glibc's allocator asks only when told to by an environment variable
/// read at start-up, so the process asks for its heaps itself:
///
/// - ``tuneForOneSearch()`` at start, on the main thread: the main heap;
/// - ``adviseHugePagesForThisThread()`` at the start of each worker: the
///   heap of the thread's own allocator arena.
///
/// Both do nothing where the C library is not glibc. A library that embeds
/// the search calls neither and keeps its host's settings.
public enum ProcessMemory {
    /// The thread that ran ``tuneForOneSearch()`` (whose heap it advised),
    /// once it has.
    private static let tunedThread = Mutex<pthread_t?>(nil)
    /// Thread heaps already advised, by start address.
    private static let advisedHeaps = Mutex<Set<UInt>>([])

    /// glibc's `HEAP_MAX_SIZE` on 64-bit systems: each arena other than the
    /// main one takes memory in heaps of this size, aligned to it.
    static let threadHeapSize: UInt = 64 << 20
    /// The size of a transparent huge page on x86-64 and most arm64 systems.
    static let hugePageSize: UInt = 2 << 20
    /// How much the main heap grows at a time.
    static let heapStep: Int32 = 64 << 20

    /// Sets up the allocator for a process that lives for one search: memory
    /// it frees is kept for reuse rather than handed back to the system, the
    /// main heap grows in large steps, and its first step is backed by huge
    /// pages. A search allocates and frees in bursts (a table of many rows
    /// holds them all, then lets them go), and every page handed back and
    /// taken again costs a page fault; pages reserved but never written cost
    /// nothing. Call it once, first thing, before any other thread starts.
    public static func tuneForOneSearch() {
        #if canImport(Glibc)
            let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
            let topPad: Int32 = -2  // M_TOP_PAD
            guard AllocatorControl.setOption(trimThreshold, to: 1 << 30) != nil else { return }
            _ = AllocatorControl.setOption(topPad, to: heapStep)
            // A block too large for what is left of the heap and too small to
            // be mapped on its own (128 KiB and up) makes the heap grow by a
            // step now, so that the step can be advised as a whole: memory
            // the heap takes later is a mapping of its own, without advice.
            let before = MemoryAdvice.programBreak()
            guard AllocatorControl.allocateAndFree(byteCount: 120 << 10) else { return }
            let after = MemoryAdvice.programBreak()
            let start = (before + hugePageSize - 1) & ~(hugePageSize - 1)
            if after > start {
                adviseHugePages(start, Int(after - start))
            }
            tunedThread.withLock { $0 = pthread_self() }
        #endif
    }

    /// Asks for huge pages for the heap that the calling thread's allocator
    /// arena takes memory from, when ``tuneForOneSearch()`` has run. Does
    /// nothing on the main thread (whose heap it advised) or for a heap
    /// already advised; where the heap cannot be told with certainty (a
    /// thread that shares the main arena, a C library laid out otherwise),
    /// it leaves it alone.
    public static func adviseHugePagesForThisThread() {
        #if canImport(Glibc)
            // The main thread's heap was advised at start.
            guard let tuned = tunedThread.withLock({ $0 }), pthread_equal(tuned, pthread_self()) == 0 else { return }
            let address = MemoryAdvice.addressOfASmallAllocation()
            guard address != 0 else { return }
            let start = address & ~(threadHeapSize - 1)
            guard advisedHeaps.withLock({ !$0.contains(start) }) else { return }
            // Only a range that is anonymous memory from end to end, starting
            // where the alignment says: that is how glibc lays a heap out.
            guard let maps = MemoryMap.current(), maps.isAnonymous(from: start, count: threadHeapSize) else { return }
            adviseHugePages(start, Int(threadHeapSize))
            advisedHeaps.withLock { _ = $0.insert(start) }
        #endif
    }

    /// Hands the memory freed since back to the system (glibc's
    /// `malloc_trim`), in every allocator arena: for a process that lives
    /// on after a search (`search -i`), whose freed memory
    /// ``tuneForOneSearch()`` otherwise keeps. Does nothing where the C
    /// library is not glibc.
    public static func releaseFreedMemory() {
        #if canImport(Glibc)
            _ = AllocatorControl.releaseFreedMemory()
        #endif
    }

    private static func adviseHugePages(_ start: UInt, _ count: Int) {
        #if canImport(Glibc)
            // Refused where the kernel has no transparent huge pages; the
            // memory is then used as it is.
            _ = MemoryAdvice.adviseHugePages(at: start, count: count)
        #endif
    }
}
