#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The user's terminal, `/dev/tty`, which the picker draws on and reads
/// keys from, so that standard input can carry data and standard output
/// can be a pipe, as with fzf.
///
/// This file is the picker's only way out to a terminal: every frame goes
/// through ``write(_:)`` after the output gate's filter has passed its data
/// (see `Screen`), and the signal handlers below write only to pipes of
/// their own and to this terminal, to restore it.
///
/// ## Restoring the terminal
/// ``enter()`` saves the terminal's modes and switches to raw mode, the
/// alternate screen and a hidden cursor; ``leave()`` undoes all three. Every
/// way out leaves: a normal return, a signal that ends the process (SIGINT,
/// SIGTERM, SIGHUP, SIGQUIT, handed to the event loop through a pipe), a job
/// stop (SIGTSTP: leave, stop, and on SIGCONT enter again), and a crash
/// (SIGSEGV and the like: the handler restores the saved modes and the main
/// screen itself, then dies of the same signal).
final class TerminalDevice {
    /// The open `/dev/tty`.
    let descriptor: Int32
    /// The modes found at ``enter()``, given back at ``leave()``.
    private var saved = termios()
    /// Whether the terminal is in the picker's modes.
    private(set) var isEntered = false

    /// The sequences that set the picker's screen up and take it down.
    static let enterSequence = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J".utf8)
    static let leaveSequence = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// Why the terminal cannot be used.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// Opens the controlling terminal.
    /// - Throws: ``Unavailable`` when the process has none (a cron job, a
    ///   container without `-t`, `setsid`).
    init() throws(Unavailable) {
        let descriptor = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw Unavailable(description: "the interactive mode needs a terminal: cannot open /dev/tty: \(reason)")
        }
        guard isatty(descriptor) == 1 else {
            close(descriptor)
            throw Unavailable(description: "the interactive mode needs a terminal: /dev/tty is not one")
        }
        self.descriptor = descriptor
    }

    deinit {
        leave()
        close(descriptor)
    }

    /// The terminal's size: columns and lines (80x24 when it reports none).
    var size: (columns: Int, lines: Int) {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Whether ``saved`` holds the modes found at the first ``enter()``.
    private var hasSaved = false

    /// Raw mode, the alternate screen, the cursor hidden. Again after a
    /// job stop, or when someone changed the modes meanwhile: the modes
    /// given back are still those found the first time.
    func enter() {
        if !hasSaved {
            guard tcgetattr(descriptor, &saved) == 0 else { return }
            hasSaved = true
        }
        var raw = saved
        // No echo, no line editing, no signals from keys (Ctrl-C and Ctrl-Z
        // arrive as bytes), no CR translation, 8-bit bytes, reads return
        // whatever is there.
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        _ = tcsetattr(descriptor, TCSAFLUSH, &raw)
        TerminalRestore.arm(descriptor: descriptor, modes: saved)
        isEntered = true
        write(Self.enterSequence)
    }

    /// The terminal as it was before ``enter()``.
    func leave() {
        guard isEntered else { return }
        write(Self.leaveSequence)
        _ = tcsetattr(descriptor, TCSAFLUSH, &saved)
        TerminalRestore.disarm()
        isEntered = false
    }

    /// Writes every byte.
    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// The bytes waiting to be read, up to 4 KiB; none at end of input.
    func read() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer.prefix(count)) : []
    }
}

/// A pipe a thread or a signal handler writes one byte to, to wake the
/// event loop from `poll`.
final class WakePipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Wakes the loop (never blocks: a full pipe already wakes it).
    func wake(_ byte: UInt8 = 0) {
        var byte = byte
        _ = Glibc.write(writeEnd, &byte, 1)
    }

    /// The bytes written since the last drain.
    func drain() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var all: [UInt8] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress, $0.count) }
            guard count > 0 else { return all }
            all += buffer.prefix(count)
        }
    }
}

/// The state a signal handler may use: plain values set before the
/// handlers are installed, read only by them.
enum TerminalRestore {
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    nonisolated(unsafe) private static var modes = termios()
    nonisolated(unsafe) private static var armed = false
    /// The write end of the pipe that hands signals to the event loop.
    nonisolated(unsafe) static var signalPipe: Int32 = -1

    /// The signals the event loop handles.
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH]
    /// The signals a crash raises: the terminal is restored before dying.
    static let fatal: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    static func arm(descriptor: Int32, modes: termios) {
        self.descriptor = descriptor
        self.modes = modes
        // Made before a handler may need it: a handler must not initialise a global.
        _ = TerminalDevice.leaveSequence
        armed = true
    }

    static func disarm() {
        armed = false
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
        TerminalDevice.leaveSequence.withUnsafeBytes { bytes in
            _ = Glibc.write(descriptor, bytes.baseAddress, bytes.count)
        }
        _ = tcsetattr(descriptor, TCSAFLUSH, &modes)
    }
}
