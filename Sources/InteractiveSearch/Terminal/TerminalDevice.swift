import RawBytes

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
/// through ``draw(_:clear:cursor:)`` after the output gate's filter has
/// passed its data (see `PickerSession`), and the signal handlers write
/// only to pipes of their own and to this terminal, to restore it
/// (``TerminalRestore``).
///
/// ## Where the picker draws
/// On the whole screen, the alternate one, which the terminal swaps back
/// on the way out; or, with a ``PickerHeight`` of lines, inline: the lines
/// below the cursor are made room for (the screen scrolls when they are
/// not there), drawn over, and cleared on the way out, the cursor back on
/// the line it started on, as fzf's `--height` does. Inline, the picker
/// asks the terminal where its first line is (`ESC [ 6 n`), for the mouse.
///
/// ## Restoring the terminal
/// ``enter()`` saves the terminal's modes and switches to raw mode, the
/// picker's screen, the mouse and bracketed paste; ``leave()`` undoes them
/// all. Every way out leaves: a normal return, a signal that ends the
/// process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, handed to the event loop
/// through a pipe), a job stop (SIGTSTP: leave, stop, and on SIGCONT enter
/// again), and a crash (SIGSEGV and the like: the handler restores the
/// saved modes and the screen itself, then dies of the same signal).
final class TerminalDevice {
    /// The open `/dev/tty`.
    let descriptor: Int32
    /// The whole screen, or lines below the cursor.
    let placement: PickerHeight
    /// The modes of input the picker turns on: bracketed paste, and the
    /// mouse unless it is off.
    private let inputModesOn: String
    private let inputModesOff: String
    /// The modes found at ``enter()``, given back at ``leave()``.
    private var saved = termios()
    /// Whether the terminal is in the picker's modes.
    private(set) var isEntered = false
    /// Inline: the lines taken, and the line of them the cursor was left on.
    private var regionHeight = 0
    private var cursorLine = 0
    /// Inline: the screen line (from 1) of the first line taken, once the
    /// terminal has said where its cursor was.
    private var regionTop: Int?

    /// Bracketed paste, and the mouse's reports in the SGR encoding, on and off.
    static let pasteOn = "\u{1B}[?2004h"
    static let pasteOff = "\u{1B}[?2004l"
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1000l"
    /// The sequences that set the whole screen up and take it down.
    private var enterSequence: [UInt8] { Array(("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J" + inputModesOn).utf8) }
    private var leaveSequence: [UInt8] {
        Array(("\u{1B}[0m" + inputModesOff + "\u{1B}[?25h\u{1B}[?1049l").utf8)
    }

    /// Why the terminal cannot be used.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// Opens the controlling terminal.
    /// - Throws: ``Unavailable`` when the process has none (a cron job, a
    ///   container without `-t`, `setsid`).
    init(placement: PickerHeight = .fullScreen, mouse: Bool = true) throws(Unavailable) {
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
        self.placement = placement
        inputModesOn = Self.pasteOn + (mouse ? Self.mouseOn : "")
        inputModesOff = (mouse ? Self.mouseOff : "") + Self.pasteOff
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

    /// The lines the picker draws: the screen's, or those taken inline.
    var height: Int {
        placement == .fullScreen ? size.lines : regionHeight
    }

    /// Whether ``saved`` holds the modes found at the first ``enter()``.
    private var hasSaved = false

    /// Raw mode, the picker's screen, the mouse. Again after a job stop,
    /// or when someone changed the modes meanwhile: the modes given back
    /// are still those found the first time.
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
        CArrayBytes.set(Int(VMIN), of: &raw.c_cc, to: 1)
        CArrayBytes.set(Int(VTIME), of: &raw.c_cc, to: 0)
        _ = tcsetattr(descriptor, TCSAFLUSH, &raw)
        isEntered = true
        if placement == .fullScreen {
            TerminalRestore.arm(descriptor: descriptor, modes: saved, leaving: leaveSequence)
            write(enterSequence)
        } else {
            cursorLine = 0
            regionHeight = placement.lines(ofTerminal: size.lines)
            TerminalRestore.arm(descriptor: descriptor, modes: saved, leaving: inlineLeaveSequence())
            // Room below the cursor: line breaks scroll the screen where
            // there are too few lines; then back up to the first, and ask
            // the terminal which line that is.
            let down = String(repeating: "\n", count: regionHeight - 1)
            let up = regionHeight > 1 ? "\u{1B}[\(regionHeight - 1)A" : ""
            regionTop = nil
            write(Array(("\u{1B}[?25l" + inputModesOn + "\r" + down + up + "\u{1B}[6n").utf8))
        }
    }

    /// The terminal as it was before ``enter()``.
    func leave() {
        guard isEntered else { return }
        write(placement == .fullScreen ? leaveSequence : inlineLeaveSequence())
        _ = tcsetattr(descriptor, TCSAFLUSH, &saved)
        TerminalRestore.disarm()
        isEntered = false
    }

    /// Inline: back to the first line taken, and everything below it
    /// cleared, the modes off.
    private func inlineLeaveSequence() -> [UInt8] {
        let up = cursorLine > 0 ? "\u{1B}[\(cursorLine)A" : ""
        return Array(("\r" + up + "\u{1B}[J\u{1B}[0m" + inputModesOff + "\u{1B}[?25h").utf8)
    }

    /// After a resize: inline, the lines taken are given back and taken
    /// again for the new size; the whole screen needs nothing.
    func resized() {
        guard isEntered, placement != .fullScreen else { return }
        leave()
        enter()
    }

    /// The picker's modes and screen again, after a stop (the shell may
    /// have set modes of its own meanwhile): inline, the lines taken are
    /// given back first, so that they are not taken twice.
    func enterAgain() {
        if isEntered, placement != .fullScreen { leave() }
        enter()
    }

    /// The terminal said where its cursor is: inline, after ``enter()``
    /// asked, that is the first line taken.
    func noteCursorPosition(line: Int) {
        if placement != .fullScreen, regionTop == nil { regionTop = line }
    }

    /// The line of the picker's frame that the screen's line `line`
    /// (counted from 1, as the mouse reports it) is, if it is one.
    func frameLine(ofScreenLine line: Int) -> Int? {
        if placement == .fullScreen { return line - 1 }
        return regionTop.map { line - $0 }
    }

    /// Draws a frame in one write: each line cleared to its end, then the
    /// cursor shown at `cursor` (a line and a cell of the frame, from 0).
    /// - Parameter clear: Whether to clear the screen first (after a
    ///   resize, or Ctrl-L).
    func draw(_ lines: [[UInt8]], clear: Bool, cursor: (line: Int, column: Int)) {
        var frame: [UInt8] = Array("\u{1B}[?2026h\u{1B}[?25l".utf8)
        let endOfLine = Array("\u{1B}[0m\u{1B}[K".utf8)
        if placement == .fullScreen {
            if clear { frame += Array("\u{1B}[2J".utf8) }
            frame += Array("\u{1B}[H".utf8)
        } else {
            frame += [0x0D]
            if cursorLine > 0 { frame += Array("\u{1B}[\(cursorLine)A".utf8) }
            if clear { frame += Array("\u{1B}[J".utf8) }
        }
        for (index, line) in lines.enumerated() {
            if index > 0 { frame += [0x0D, 0x0A] }
            frame += line
            frame += endOfLine
        }
        if placement == .fullScreen {
            frame += Array("\u{1B}[\(cursor.line + 1);\(cursor.column + 1)H".utf8)
        } else {
            let up = max(0, lines.count - 1 - cursor.line)
            frame += [0x0D]
            if up > 0 { frame += Array("\u{1B}[\(up)A".utf8) }
            if cursor.column > 0 { frame += Array("\u{1B}[\(cursor.column)C".utf8) }
            cursorLine = cursor.line
            TerminalRestore.setLeaveSequence(inlineLeaveSequence())
        }
        frame += Array("\u{1B}[?25h\u{1B}[?2026l".utf8)
        write(frame)
    }

    /// Writes every byte.
    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = FileDescriptorBytes.write(descriptor, bytes, offset..<bytes.count)
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += written
        }
    }

    /// The bytes waiting to be read: all of them, up to 1 MiB, so that a
    /// paste is decoded and drawn once; none at end of input.
    func readAvailable() -> [UInt8] {
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        repeat {
            let count = FileDescriptorBytes.read(descriptor, into: &buffer)
            guard count > 0 else { break }
            all += buffer.prefix(count)
            var more = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&more, 1, 0) > 0 else { break }
        } while all.count < 1 << 20
        return all
    }
}
