import RawBytes
import ResultKit
import TerminalTable

/// Lets the block search read regular files in place, through a read-only
/// mapping, rather than copy each block into a buffer of its own: the copy
/// is about a tenth of the CPU time of a plain word's search.
///
/// A mapped file that gets shorter while it is read (another process
/// truncates it) makes the next access past its new end raise `SIGBUS`,
/// which kills a process that does not handle it. ``enable(exitStatus:)``
/// installs a handler that ends the process instead with an error message
/// naming the file; a library that embeds the search calls nothing and
/// reads files with `pread`, leaving its host's signals alone.
public enum MappedFileReads {
    /// Lets files be mapped from now on, and handles the `SIGBUS` of a
    /// mapped file that got shorter: the process writes
    /// `error: cannot read FILE: it got shorter while it was read` to
    /// standard error and exits at once with `exitStatus`. A `SIGBUS`
    /// anywhere else goes to the handler there was before. Call it once, on
    /// the main thread, before any search. Does nothing where the C library
    /// is not glibc.
    public static func enable(exitStatus: Int32) {
        #if canImport(Glibc)
            MappedRegionFaults.install(exitStatus: exitStatus)
        #endif
    }
}

/// A regular file mapped read-only, read in place by the block search's
/// workers. Only one file is mapped at a time in a process that handles
/// `SIGBUS` (the handler knows one file); another is read with `pread`.
package struct MappedFile: Sendable {
    /// The whole file.
    private let region: MappedRegion
    /// Whether `SIGBUS` in the mapping is handled (see ``MappedFileReads``).
    private let isGuarded: Bool

    /// Maps `size` bytes of `fd`, a file that messages call `path`.
    /// - Parameter unguarded: Map the file even when `SIGBUS` is not
    ///   handled (tests that force the route; the file must not get shorter).
    /// - Returns: `nil` when the file cannot or may not be mapped: empty,
    ///   not a regular file, refused by `mmap`, `SIGBUS` not handled, or
    ///   another file mapped for now.
    package init?(fd: Int32, size: Int, isRegularFile: Bool, path: String, unguarded: Bool = false) {
        #if canImport(Glibc)
            guard size > 0, isRegularFile else { return nil }
            let guarded = MappedRegionFaults.isInstalled
            guard guarded || unguarded else { return nil }
            // Claimed before mapping: the handler's place is free for this file.
            if guarded, !MappedRegionFaults.claim() { return nil }
            guard let region = MappedRegion(fd: fd, count: size) else {
                if guarded { MappedRegionFaults.release() }
                return nil
            }
            self.region = region
            isGuarded = guarded
            if guarded {
                // As the command prints an error: on one line, with its
                // controls made visible.
                let error = Diagnostic(.error, "cannot read \(path): it got shorter while it was read")
                MappedRegionFaults.watch(region, message: TerminalText.sanitize(error.description) + "\n")
            }
        #else
            return nil
        #endif
    }

    /// How many bytes the file holds.
    package var count: Int { region.count }

    /// Calls `body` with the whole file's bytes.
    @inline(__always)
    package func withBytes<Result, Failure: Error>(
        _ body: (Span<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try region.withBytes(body)
    }

    /// Unmaps the file; nothing may read it after.
    package func unmap() {
        #if canImport(Glibc)
            if isGuarded {
                MappedRegionFaults.unwatch()
                MappedRegionFaults.release()
            }
        #endif
        region.unmap()
    }

    /// Lets the system take back the pages of `range` (offsets in the file)
    /// that the process holds: each page the mapping read counts in its
    /// resident memory until then, so that a search would hold the whole
    /// file. A page read again later is mapped again from the page cache.
    /// A page the range shares with a block another worker reads is mapped
    /// again there if need be.
    package func release(_ range: Range<Int>) {
        region.release(range.clamped(to: 0..<region.count))
    }
}
