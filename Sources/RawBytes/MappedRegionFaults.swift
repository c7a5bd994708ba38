#if canImport(Glibc)
    import Glibc
    import Synchronization

    /// A `SIGBUS` handler that answers for one mapped region at a time: a
    /// fault inside it (the file got shorter while it was read) writes a
    /// message to standard error and ends the process with a status of the
    /// caller's choice, where the signal would kill it without a word. A
    /// fault anywhere else goes to the handler there was before.
    ///
    /// Everything the handler reads is made before it may run (a handler
    /// must not initialise a global), and it calls only async-signal-safe
    /// functions (`write`, `_exit`, `sigaction`, `raise`, `pause`).
    package enum MappedRegionFaults {
        /// Whether ``install(exitStatus:)`` installed the handler.
        package static var isInstalled: Bool { isEnabled.load(ordering: .acquiring) }

        private static let isEnabled = Atomic<Bool>(false)
        /// Whether a thread's handler is ending the process.
        private static let isEnding = Atomic<Bool>(false)
        /// Whether a region is claimed for the handler's watch.
        private static let isClaimed = Atomic<Bool>(false)
        /// The watched region's first address and the one past its last
        /// page; both 0 when none is watched.
        private static let start = Atomic<UInt>(0)
        private static let end = Atomic<UInt>(0)
        // Set before a region is watched and read only by the handler while one is.
        nonisolated(unsafe) private static var message = SignalSafeBytes(capacity: 16 << 10)
        nonisolated(unsafe) private static var exitStatus: Int32 = 2
        /// The handler before this one, for a `SIGBUS` outside the region.
        ///
        /// On the heap, at the size the runtime gives `sigaction` (152 bytes
        /// on x86-64): Swift 6.3 lays out a global `sigaction` in 148, so
        /// the C library's write of the old action there overwrote the
        /// global after it (``claim()`` then always failed, and no file was
        /// mapped).
        nonisolated(unsafe) private static var previous: UnsafeMutablePointer<sigaction>? = nil

        /// Installs the handler, once, on the main thread before any region
        /// is watched; a fault in a watched region ends the process with
        /// `exitStatus`.
        package static func install(exitStatus: Int32) {
            guard !isInstalled else { return }
            unsafe self.exitStatus = exitStatus
            _ = (start.load(ordering: .relaxed), end.load(ordering: .relaxed), isEnding.load(ordering: .relaxed))
            _ = unsafe message.count
            var action = sigaction()
            unsafe action.__sigaction_handler.sa_sigaction = { _, info, _ in
                unsafe MappedRegionFaults.handle(info)
            }
            action.sa_flags = SA_SIGINFO
            unsafe sigemptyset(&action.sa_mask)
            let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
            unsafe previous.initialize(to: sigaction())
            guard unsafe sigaction(SIGBUS, &action, previous) == 0 else {
                unsafe previous.deallocate()
                return
            }
            // Kept for the life of the process: a handler may run at any time.
            unsafe self.previous = previous
            isEnabled.store(true, ordering: .releasing)
        }

        /// Takes the handler's one place for a region; `false` when another
        /// region holds it. ``release()`` gives it back.
        package static func claim() -> Bool {
            isClaimed.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        }

        /// Gives back the place ``claim()`` took.
        package static func release() {
            isClaimed.store(false, ordering: .releasing)
        }

        /// Watches `region`, whose fault writes `text` (at most 16 KiB of it)
        /// and ends the process. Call it after ``claim()``.
        package static func watch(_ region: MappedRegion, message text: String) {
            text.withUTF8Bytes { unsafe message.set($0) }
            let addresses = region.addresses
            // Up to the end of the last page: its bytes past the file's end
            // read as zeros, but the page itself is lost when the file gets
            // shorter than its start.
            let page = UInt(MappedRegion.pageSize)
            end.store((addresses.upperBound + page - 1) / page * page, ordering: .releasing)
            start.store(addresses.lowerBound, ordering: .releasing)
        }

        /// Stops watching: every read of the region is over.
        package static func unwatch() {
            start.store(0, ordering: .releasing)
            end.store(0, ordering: .releasing)
        }

        /// Ends the process with the message when the fault lies in the
        /// watched region; otherwise puts the previous handler back and
        /// raises the signal again for it.
        private static func handle(_ info: UnsafeMutablePointer<siginfo_t>?) {
            let address = unsafe UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
            let low = start.load(ordering: .acquiring)
            if low != 0, address >= low, address < end.load(ordering: .acquiring) {
                // Another worker's fault at once waits for the first to end
                // the process, so that the message is written once.
                if isEnding.exchange(true, ordering: .acquiringAndReleasing) {
                    while true { pause() }
                }
                _ = unsafe message.write(to: STDERR_FILENO)
                unsafe _exit(exitStatus)
            }
            unsafe sigaction(SIGBUS, previous, nil)
            raise(SIGBUS)
        }
    }
#endif
