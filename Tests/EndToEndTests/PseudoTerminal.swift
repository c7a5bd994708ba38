import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The built `search` run on a real pseudo-terminal, as a user runs it: the
/// terminal is its controlling terminal (its `/dev/tty`), while standard
/// input and output are pipes, as in `cat data | search -i | jq`. The test
/// types into the terminal's master side, reads what the program draws, and
/// reads standard output apart.
final class PseudoTerminal: @unchecked Sendable {
    let master: Int32
    /// The terminal's side the program sees; held open to read its modes.
    let slave: Int32
    let pid: pid_t
    private let stdoutRead: Int32
    private let stderrRead: Int32
    /// The terminal's modes before the program ran.
    let modesBefore: termios
    /// What reads the master side on a thread of its own. The thread holds
    /// the reader, never this terminal: a thread that held the terminal
    /// would keep it alive, and its descriptors open, for the rest of the
    /// test run.
    private let reader: TerminalReader
    private var collected: (out: [UInt8], err: [UInt8]) = ([], [])
    private var finished = false
    /// The program's wait status, once it has been reaped.
    private var waitStatus: Int32?

    /// Starts `search` with `arguments`, on a terminal of `columns` x `lines`.
    /// - Parameters:
    ///   - stdin: Data piped to standard input; /dev/null when nil.
    ///   - controllingTerminal: false to start it with no terminal at all.
    ///   - executable: Another program than `search`, such as a shell;
    ///     its standard streams are all the terminal.
    ///   - repeatsStdin: Whether `stdin` is written again and again, an
    ///     endless pipe (as `yes` makes), until the program stops reading.
    init(
        _ arguments: [String], stdin: [UInt8]? = nil, repeatsStdin: Bool = false, columns: Int = 80, lines: Int = 24,
        environment: [String: String] = [:], controllingTerminal: Bool = true, executable: String? = nil
    ) throws {
        // A pipe the program stopped reading fails the write, not the tests.
        signal(SIGPIPE, SIG_IGN)
        // posix_openpt, unlockpt and ptsname as their ioctls (Linux's
        // TIOCSPTLCK and TIOCGPTN): Glibc's module hides the functions.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw POSIXError(.ENODEV)
        }
        let slavePath = "/dev/pts/\(number)"
        slave = open(slavePath, O_RDWR | O_NOCTTY)
        var size = winsize(ws_row: UInt16(lines), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var modes = termios()
        tcgetattr(slave, &modes)
        modesBefore = modes

        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        var inPipe: [Int32] = [-1, -1]
        pipe(&outPipe)
        pipe(&errPipe)
        pipe(&inPipe)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // After setsid, opening the terminal makes it the controlling one.
        if controllingTerminal { posix_spawn_file_actions_addopen(&actions, 3, slavePath, O_RDWR, 0) }
        if executable != nil {
            for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_adddup2(&actions, 3, fd) }
        } else {
            if stdin != nil {
                posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
            } else {
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        }
        for fd in [inPipe[0], inPipe[1], outPipe[0], outPipe[1], errPipe[0], errPipe[1], master, slave] {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        if controllingTerminal { posix_spawn_file_actions_addclose(&actions, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc), and the default signal actions.
        posix_spawnattr_setflags(&attributes, Int16(0x80 | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)

        let binary = executable ?? BinaryRunner.binary.path
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        var env = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "HOME=/nonexistent", "TERM=xterm-256color"]
        env += environment.map { "\($0.key)=\($0.value)" }
        let envp = env.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let directory = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(BinaryRunner.packageRoot.path)
        let spawned = posix_spawn(&child, binary, &actions, &attributes, argv, envp)
        _ = FileManager.default.changeCurrentDirectoryPath(directory)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        pid = child
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        stdoutRead = outPipe[0]
        stderrRead = errPipe[0]
        if let stdin {
            let writeEnd = inPipe[1]
            Thread.detachNewThread {
                defer { close(writeEnd) }
                stdin.withUnsafeBytes { bytes in
                    repeat {
                        var offset = 0
                        while offset < bytes.count {
                            let count = Glibc.write(writeEnd, bytes.baseAddress! + offset, bytes.count - offset)
                            if count <= 0 { return }
                            offset += count
                        }
                    } while repeatsStdin
                }
            }
        } else {
            close(inPipe[1])
        }
        reader = TerminalReader(master: master)
        let reader = reader
        Thread.detachNewThread { reader.run() }
    }

    /// Ends the program if it still runs, reaps it, and gives back every
    /// descriptor; the reader's thread closes the master side as it stops.
    /// A child left unreaped would stay a zombie that the exit tests'
    /// waiter (`waitid` of any child, without reaping) finds first, again
    /// and again, so that their own children's ends are never seen.
    deinit {
        reader.stop()
        if waitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        close(slave)
        if !finished {
            close(stdoutRead)
            close(stderrRead)
        }
    }

    /// Every byte the program has drawn so far.
    var screenBytes: [UInt8] { reader.drawn.withLock { $0 } }

    /// The screen as a terminal of `columns` x `lines` shows it now.
    func screen(columns: Int = 80, lines: Int = 24) -> VirtualScreen {
        var screen = VirtualScreen(columns: columns, lines: lines)
        screen.feed(screenBytes)
        return screen
    }

    /// Types `text` (raw bytes: `"\u{1B}"` is Esc).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// Resizes the terminal; the kernel tells the program with SIGWINCH.
    func resize(columns: Int, lines: Int) {
        var size = winsize(ws_row: UInt16(lines), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Waits until `condition` holds of the screen, up to `timeout` seconds.
    @discardableResult
    func waitFor(
        columns: Int = 80, lines: Int = 24, timeout: Double = 20, _ condition: (VirtualScreen) -> Bool
    ) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(screen(columns: columns, lines: lines)) { return true }
            usleep(20_000)
        }
        return false
    }

    /// Waits for the program to end (killing it after `timeout` seconds);
    /// its exit status, or 128 + the signal that ended it.
    func finish(timeout: Double = 20) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        if let reaped = waitStatus {
            status = reaped
        } else {
            while waitpid(pid, &status, WNOHANG) == 0 {
                if Date() > deadline {
                    kill(pid, SIGKILL)
                    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                    break
                }
                usleep(10_000)
            }
            waitStatus = status
        }
        if !finished {
            collected = (Self.readAll(stdoutRead), Self.readAll(stderrRead))
            finished = true
        }
        drainTerminal()
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Waits until the reader has taken every byte the finished program
    /// drew: the last ones (the terminal given back) may still be queued.
    private func drainTerminal() {
        let deadline = Date().addingTimeInterval(2)
        var pending: Int32 = 0
        repeat {
            usleep(10_000)
            _ = ioctl(master, UInt(FIONREAD), &pending)
        } while pending > 0 && Date() < deadline
        // The reader polls every 50 ms; let its last read land.
        usleep(60_000)
    }

    /// Standard output, after ``finish(timeout:)``.
    var stdout: String { String(decoding: collected.out, as: UTF8.self) }
    /// Standard error, after ``finish(timeout:)``.
    var stderr: String { String(decoding: collected.err, as: UTF8.self) }

    /// The terminal's modes now.
    var modes: termios {
        var modes = termios()
        tcgetattr(slave, &modes)
        return modes
    }

    /// Whether two sets of modes are the same, flag for flag and control
    /// character for control character (as `stty -g` compares them).
    static func same(_ a: termios, _ b: termios) -> Bool {
        var a = a
        var b = b
        return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
            && withUnsafeBytes(of: &a.c_cc) { x in withUnsafeBytes(of: &b.c_cc) { y in x.elementsEqual(y) } }
    }

    private static func readAll(_ fd: Int32) -> [UInt8] {
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            all += buffer.prefix(count)
        }
        close(fd)
        return all
    }
}

/// Reads a terminal's master side into `drawn` until told to stop, then
/// closes it. The descriptor is closed by the thread that polls it, so it
/// cannot be closed under a poll and reused by another test's file.
private final class TerminalReader: Sendable {
    let master: Int32
    let drawn = Mutex<[UInt8]>([])
    private let stopped = Atomic<Bool>(false)

    init(master: Int32) { self.master = master }

    func stop() { stopped.store(true, ordering: .relaxed) }

    func run() {
        defer { close(master) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !stopped.load(ordering: .relaxed) {
            var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count > 0 { drawn.withLock { $0 += buffer.prefix(count) } } else { usleep(10_000) }
        }
    }
}

/// What a terminal shows after the bytes a program wrote: enough of a VT100
/// for the picker's frames (cursor home and position, erase, line breaks;
/// colours and modes are read and ignored). Each character takes one cell.
struct VirtualScreen {
    let columns: Int
    let lines: Int
    private var cells: [[Character]]
    private var row = 0
    private var column = 0

    init(columns: Int, lines: Int) {
        self.columns = columns
        self.lines = lines
        cells = Array(repeating: Array(repeating: " ", count: columns), count: lines)
    }

    /// The screen's lines, trailing spaces removed.
    var text: [String] {
        cells.map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    mutating func feed(_ bytes: [UInt8]) {
        let scalars = Array(String(decoding: bytes, as: UTF8.self))
        var index = 0
        while index < scalars.count {
            let character = scalars[index]
            index += 1
            switch character {
            case "\u{1B}":
                guard index < scalars.count else { return }
                if scalars[index] == "[" {
                    var parameters = ""
                    index += 1
                    while index < scalars.count, let ascii = scalars[index].asciiValue, (0x20...0x3F).contains(ascii) {
                        parameters.append(scalars[index])
                        index += 1
                    }
                    guard index < scalars.count else { return }
                    control(scalars[index], parameters)
                    index += 1
                } else {
                    index += 1
                }
            case "\r\n":
                column = 0
                lineFeed()
            case "\r": column = 0
            case "\n": lineFeed()
            default:
                if column < columns {
                    cells[row][column] = character
                    column += 1
                }
            }
        }
    }

    /// Where the cursor is: its line and cell, from 0.
    var cursor: (line: Int, column: Int) { (row, column) }

    /// A line feed: the next line, or, on the last, the screen scrolls up.
    private mutating func lineFeed() {
        if row == lines - 1 {
            cells.removeFirst()
            cells.append(Array(repeating: " ", count: columns))
        } else {
            row += 1
        }
    }

    private mutating func control(_ final: Character, _ parameters: String) {
        let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
        let count = max(1, numbers.first ?? 1)
        switch final {
        case "H":
            row = min(lines - 1, max(0, (numbers.first ?? 1) - 1))
            column = min(columns - 1, max(0, (numbers.count > 1 ? numbers[1] : 1) - 1))
        case "A" where !parameters.hasPrefix("?"): row = max(0, row - count)
        case "B" where !parameters.hasPrefix("?"): row = min(lines - 1, row + count)
        case "C" where !parameters.hasPrefix("?"): column = min(columns - 1, column + count)
        case "D" where !parameters.hasPrefix("?"): column = max(0, column - count)
        case "J" where parameters == "2":
            cells = Array(repeating: Array(repeating: " ", count: columns), count: lines)
        case "J" where parameters.isEmpty || parameters == "0":
            for erased in column..<columns { cells[row][erased] = " " }
            for below in (row + 1)..<lines { cells[below] = Array(repeating: " ", count: columns) }
        case "K":
            for erased in column..<columns { cells[row][erased] = " " }
        default:
            break
        }
    }
}
