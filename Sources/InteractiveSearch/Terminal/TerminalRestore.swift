import RawBytes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The state a signal handler may use: plain values set before the
/// handlers are installed, read only by them, and the bytes that give the
/// terminal back, kept in memory of their own that a frame rewrites in
/// place (inline, they depend on the line the cursor was left on).
enum TerminalRestore {
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    nonisolated(unsafe) private static var modes = termios()
    nonisolated(unsafe) private static var armed = false
    /// The write end of the pipe that hands signals to the event loop.
    nonisolated(unsafe) static var signalPipe: Int32 = -1
    /// The sequence that gives the screen back.
    nonisolated(unsafe) private static var sequence = SignalSafeBytes(capacity: 256)

    /// The signals the event loop handles.
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH]
    /// The signals a crash raises: the terminal is restored before dying.
    static let fatal: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    static func arm(descriptor: Int32, modes: termios, leaving: [UInt8]) {
        self.descriptor = descriptor
        self.modes = modes
        setLeaveSequence(leaving)
        armed = true
    }

    static func disarm() {
        armed = false
    }

    /// What ``restoreNow()`` writes from now on.
    static func setLeaveSequence(_ bytes: [UInt8]) {
        sequence.set(bytes.span)
    }

    /// Installs the handlers: the loop's signals go to `pipe`.
    static func install(pipe: Int32) {
        signalPipe = pipe
        for number in handled {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = Glibc.write(TerminalRestore.signalPipe, &byte, 1)
            }
        }
        for number in fatal {
            signal(number) { number in
                TerminalRestore.restoreNow()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    /// Puts every handled signal back to its default action.
    static func uninstall() {
        for number in handled + fatal { signal(number, SIG_DFL) }
    }

    /// Restores the terminal from a signal handler: only async-signal-safe calls.
    static func restoreNow() {
        guard armed else { return }
        _ = sequence.write(to: descriptor)
        _ = tcsetattr(descriptor, TCSAFLUSH, &modes)
    }
}
