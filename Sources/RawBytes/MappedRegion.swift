#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The first bytes of a file mapped read-only into memory (`mmap`), lent as
/// a span: a reader reads the file in place rather than copy it.
///
/// What it assumes: the file does not get shorter while it is mapped (a
/// read past its new end raises `SIGBUS`; see ``MappedRegionFaults``), and
/// nothing reads the region after ``unmap()``. The value is a handle: its
/// copies share the one mapping, and one of them unmaps it.
@safe package struct MappedRegion: @unchecked Sendable {
    private let start: UnsafeRawPointer
    /// How many bytes are mapped.
    package let count: Int

    /// Maps the first `count` bytes of `fd`, read-only and private; `nil`
    /// when `count` is not positive or `mmap` refuses (the descriptor is
    /// not a file that can be mapped, or there is no room).
    package init?(fd: Int32, count: Int) {
        guard count > 0, let start = unsafe mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0),
            unsafe start != MAP_FAILED
        else { return nil }
        unsafe self.start = UnsafeRawPointer(start)
        self.count = count
    }

    /// Where the region lies in the address space, for a fault handler to
    /// tell its faults from others; never to read through.
    package var addresses: Range<UInt> {
        let low = UInt(bitPattern: unsafe start)
        return low..<low + UInt(count)
    }

    /// Calls `body` with the whole region's bytes.
    @inlinable @inline(__always)
    package func withBytes<Result, Failure: Error>(
        _ body: (Span<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(bytes)
    }

    /// The whole region's bytes, a span that lives while the value is
    /// borrowed (and the region mapped).
    @usableFromInline var bytes: Span<UInt8> {
        @_lifetime(borrow self)
        get {
            let elements = unsafe UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
            return unsafe _overrideLifetime(Span(_unsafeElements: elements), borrowing: self)
        }
    }

    /// Lets the system take back the pages of `range` (offsets in the
    /// region) that the process holds (`madvise(MADV_DONTNEED)`): each page
    /// read counts in the process's resident memory until then. A page read
    /// again later is mapped again from the file. Every page the range
    /// touches is given back, with the bytes of it outside the range.
    /// - Precondition: `range` lies in the region.
    package func release(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the mapped region")
        guard !range.isEmpty else { return }
        let page = Self.pageSize
        let first = range.lowerBound / page * page
        let last = min(count, (range.upperBound + page - 1) / page * page)
        _ = unsafe madvise(UnsafeMutableRawPointer(mutating: start + first), last - first, MADV_DONTNEED)
    }

    /// Unmaps the region; nothing may read it after.
    package func unmap() {
        _ = unsafe munmap(UnsafeMutableRawPointer(mutating: start), count)
    }

    /// The system's page size.
    package static let pageSize = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))
}
