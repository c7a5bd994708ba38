import ResultKit
import Synchronization
import TerminalTable

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

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
            guard !MappedReadGuard.isEnabled.load(ordering: .acquiring) else { return }
            MappedReadGuard.install(exitStatus: exitStatus)
        #endif
    }
}

/// A regular file mapped read-only, read in place by the block search's
/// workers. Only one file is mapped at a time in a process that handles
/// `SIGBUS` (the handler knows one file); another is read with `pread`.
package struct MappedFile: @unchecked Sendable {
    /// The whole file.
    package let bytes: UnsafeRawBufferPointer
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
            let guarded = MappedReadGuard.isEnabled.load(ordering: .acquiring)
            guard guarded || unguarded else { return nil }
            // Claimed before mapping: the handler's slot is free for this file.
            if guarded, !MappedReadGuard.claim() { return nil }
            guard let start = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), start != MAP_FAILED else {
                if guarded { MappedReadGuard.release() }
                return nil
            }
            bytes = UnsafeRawBufferPointer(start: start, count: size)
            isGuarded = guarded
            if guarded {
                // As the command prints an error: on one line, with its
                // controls made visible.
                let error = Diagnostic(.error, "cannot read \(path): it got shorter while it was read")
                MappedReadGuard.watch(bytes, message: TerminalText.sanitize(error.description) + "\n")
            }
        #else
            return nil
        #endif
    }

    /// Calls `body` with the whole file's bytes.
    package func withBytes<Result, Failure: Error>(
        _ body: (Span<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(bytes.assumingMemoryBound(to: UInt8.self).span)
    }

    /// Unmaps the file; nothing may read it after.
    package func unmap() {
        #if canImport(Glibc)
            if isGuarded {
                MappedReadGuard.unwatch()
                MappedReadGuard.release()
            }
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        #endif
    }

    /// Lets the system take back the pages of `range` (offsets in the file)
    /// that the process holds: each page the mapping read counts in its
    /// resident memory until then, so that a search would hold the whole
    /// file. A page read again later is mapped again from the page cache.
    package func release(_ range: Range<Int>) {
        #if canImport(Glibc)
            guard let base = bytes.baseAddress, !range.isEmpty else { return }
            let page = Self.pageSize
            // Every page the range touches; a page it shares with a block
            // another worker reads is mapped again there if need be.
            let first = range.lowerBound / page * page
            let last = min(bytes.count, (range.upperBound + page - 1) / page * page)
            _ = madvise(UnsafeMutableRawPointer(mutating: base + first), last - first, MADV_DONTNEED)
        #endif
    }

    private static let pageSize = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))
}

#if canImport(Glibc)
    /// What the `SIGBUS` handler reads: the one mapped file it answers for,
    /// the message it writes and the status it exits with. Everything is
    /// made before a handler may run (a handler must not initialise a
    /// global), and the handler calls only async-signal-safe functions.
    private enum MappedReadGuard {
        static let isEnabled = Atomic<Bool>(false)
        /// Whether a thread's handler is ending the process.
        static let isEnding = Atomic<Bool>(false)
        /// Whether a file is mapped under the handler's watch.
        static let isClaimed = Atomic<Bool>(false)
        /// The watched mapping's first address and the one past its last
        /// page; both 0 when none is watched.
        static let start = Atomic<UInt>(0)
        static let end = Atomic<UInt>(0)
        nonisolated(unsafe) static var message = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
        nonisolated(unsafe) static var exitStatus: Int32 = 2
        /// The handler before this one, for a `SIGBUS` outside the mapping.
        nonisolated(unsafe) static var previous = sigaction()

        static func install(exitStatus: Int32) {
            self.exitStatus = exitStatus
            _ = (start.load(ordering: .relaxed), end.load(ordering: .relaxed), isEnding.load(ordering: .relaxed))
            _ = message.count
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { _, info, _ in MappedReadGuard.handle(info) }
            action.sa_flags = SA_SIGINFO
            sigemptyset(&action.sa_mask)
            guard sigaction(SIGBUS, &action, &previous) == 0 else { return }
            isEnabled.store(true, ordering: .releasing)
        }

        /// Ends the process with the message when the fault lies in the
        /// watched mapping; otherwise puts the previous handler back and
        /// raises the signal again for it.
        static func handle(_ info: UnsafeMutablePointer<siginfo_t>?) {
            let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
            let low = start.load(ordering: .acquiring)
            if low != 0, address >= low, address < end.load(ordering: .acquiring) {
                // Another worker's fault at once waits for the first to end
                // the process, so that the message is written once.
                if isEnding.exchange(true, ordering: .acquiringAndReleasing) {
                    while true { pause() }
                }
                var written = 0
                while written < message.count {
                    let result = write(STDERR_FILENO, message.baseAddress! + written, message.count - written)
                    if result <= 0 { break }
                    written += result
                }
                _exit(exitStatus)
            }
            sigaction(SIGBUS, &previous, nil)
            raise(SIGBUS)
        }

        static func claim() -> Bool {
            isClaimed.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        }

        static func release() {
            isClaimed.store(false, ordering: .releasing)
        }

        /// Watches `bytes`, whose `SIGBUS` writes `text`.
        static func watch(_ bytes: UnsafeRawBufferPointer, message text: String) {
            let utf8 = Array(text.utf8)
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: utf8.count)
            _ = copy.initialize(from: utf8)
            message = copy
            let low = UInt(bitPattern: bytes.baseAddress)
            // Up to the end of the last page: its bytes past the file's end
            // read as zeros, but the page itself is lost when the file gets
            // shorter than its start.
            let page = UInt(max(4096, sysconf(Int32(_SC_PAGESIZE))))
            end.store((low + UInt(bytes.count) + page - 1) / page * page, ordering: .releasing)
            start.store(low, ordering: .releasing)
        }

        /// Stops watching: every read of the mapping is over.
        static func unwatch() {
            start.store(0, ordering: .releasing)
            end.store(0, ordering: .releasing)
            message.deallocate()
            message = UnsafeMutableBufferPointer(start: nil, count: 0)
        }
    }
#endif
