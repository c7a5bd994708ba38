import ResultKit
import SearchEngine
import TerminalTable

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The picker's event loop: keys, signals and finished searches in, frames
/// out, on one thread. Searches run on their own (``LiveSearch``).
struct PickerSession {
    private let configuration: InteractiveSearch.Configuration
    private let records: LoadedRecords
    private let device: TerminalDevice
    private let signals = WakePipe()
    private let searchDone = WakePipe()
    private let live: LiveSearch
    private var decoder = KeyDecoder()
    private var editor: LineEditor
    private var state = PickerState()
    /// The status line's text when it says something other than counts.
    private var status = "searching…"
    /// The counts of the rows shown, for the status line.
    private var counts:
        (matched: Int, total: Int, kinds: [(name: String, count: Int)], ofAll: Bool, milliseconds: Double)?
    /// The warnings of the first search, which reads every record.
    private var warnings: [Diagnostic]?
    private var needsClear = true

    /// How long a lone Esc waits for the rest of an escape sequence.
    static let escapeTimeoutMilliseconds: Int32 = 25

    init(configuration: InteractiveSearch.Configuration, records: LoadedRecords, device: TerminalDevice) {
        self.configuration = configuration
        self.records = records
        self.device = device
        self.editor = LineEditor(configuration.query)
        let done = searchDone
        live = LiveSearch(
            records: records, registry: configuration.registry, options: configuration.options,
            wake: { done.wake() })
    }

    /// Runs until the user chooses or leaves; the outcome, and the warnings
    /// of the input to print once the screen is gone.
    mutating func run() -> (InteractiveSearch.Outcome, [Diagnostic]) {
        TerminalRestore.install(pipe: signals.writeEnd)
        device.enter()
        defer {
            device.leave()
            TerminalRestore.uninstall()
        }
        live.start(editor.text)
        draw()
        while true {
            var fds = [
                pollfd(fd: device.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: searchDone.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            let timeout = decoder.hasPending ? Self.escapeTimeoutMilliseconds : -1
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return (.cancelled, warnings ?? [])
            }
            var keys: [Key] = []
            if ready == 0 { keys += decoder.flushPending() }
            if fds[1].revents != 0 {
                for signal in signals.drain() {
                    if let outcome = handle(signal: Int32(signal)) { return (outcome, warnings ?? []) }
                }
            }
            if fds[2].revents != 0 {
                _ = searchDone.drain()
                takeResults()
            }
            if fds[0].revents != 0 {
                let bytes = device.read()
                // The terminal went away (a hang-up): leave as for SIGHUP.
                if bytes.isEmpty { return (.cancelled, warnings ?? []) }
                keys += decoder.decode(bytes)
            }
            for key in keys {
                if let outcome = handle(key) { return (outcome, warnings ?? []) }
            }
            draw()
        }
    }

    /// Acts on a key; an outcome when it ends the picker.
    private mutating func handle(_ key: Key) -> InteractiveSearch.Outcome? {
        let page = max(1, device.size.lines - 3)
        switch key {
        case .text, .backspace, .clearLine, .deleteWord:
            if editor.apply(key) { live.start(editor.text) }
        case .up: state.move(by: -1)
        case .down: state.move(by: 1)
        case .pageUp: state.move(by: -page)
        case .pageDown: state.move(by: page)
        case .tab:
            state.toggleMark()
            state.move(by: 1)
        case .enter:
            let chosen = state.chosen
            return chosen.isEmpty ? .nothingChosen : .chosen(chosen)
        case .escape, .interrupt:
            return .cancelled
        case .suspend:
            suspend()
        case .redraw:
            needsClear = true
        }
        return nil
    }

    /// Acts on a signal; an outcome when it ends the picker.
    private mutating func handle(signal number: Int32) -> InteractiveSearch.Outcome? {
        switch number {
        case SIGWINCH:
            needsClear = true
        case SIGTSTP:
            suspend()
        case SIGCONT:
            // Continued after a stop the picker did not see (SIGSTOP): the
            // shell may have set its own modes meanwhile.
            device.enter()
            needsClear = true
        case SIGINT:
            return .cancelled
        default:
            // SIGTERM, SIGHUP, SIGQUIT: put the terminal back, then end as the
            // signal asks, so the parent sees how the process ended.
            device.leave()
            TerminalRestore.uninstall()
            raise(number)
            return .cancelled
        }
        return nil
    }

    /// Stops as a shell job (Ctrl-Z), the terminal given back meanwhile.
    private mutating func suspend() {
        device.leave()
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        // Here again after SIGCONT.
        TerminalRestore.install(pipe: signals.writeEnd)
        device.enter()
        needsClear = true
    }

    /// Shows the newest finished search.
    private mutating func takeResults() {
        guard let outcome = live.take(), outcome.query == editor.text else { return }
        switch outcome.result {
        case .success(let hits):
            if warnings == nil, !outcome.narrowed { warnings = outcome.diagnostics }
            state.show(hits, count: outcome.kept, more: outcome.more)
            let milliseconds =
                Double(outcome.elapsed.components.seconds) * 1000
                + Double(outcome.elapsed.components.attoseconds) / 1e15
            let kinds = outcome.kinds ?? StatusLine.kindCounts(hits.map(\.kind.name))
            counts = (outcome.matched, outcome.total, kinds, outcome.kinds != nil, milliseconds)
        case .failure(let failure):
            counts = nil
            status = failure.message
        }
    }

    /// Draws the whole screen: one write, each line cleared to its end.
    private mutating func draw() {
        let size = device.size
        var screen = Screen(
            width: size.columns, height: size.lines, reverse: configuration.reverse, table: configuration.table)
        screen.preview = configuration.preview
        let statusText =
            counts.map {
                StatusLine.text(
                    matched: $0.matched, total: $0.total, kinds: $0.kinds, kept: $0.ofAll ? $0.matched : state.count,
                    marked: state.markOrder.count, milliseconds: $0.milliseconds, width: size.columns - 2)
            } ?? status
        let lines = screen.lines(&state, query: editor.text, status: statusText)
        var frame: [UInt8] = Array("\u{1B}[?2026h".utf8)
        if needsClear { frame += Array("\u{1B}[2J".utf8) }
        needsClear = false
        frame += Array("\u{1B}[H".utf8)
        for (index, line) in lines.enumerated() {
            if index > 0 { frame += [0x0D, 0x0A] }
            frame += configuration.filter(Array(line.utf8))
            frame += Array("\u{1B}[0m\u{1B}[K".utf8)
        }
        frame += Array("\u{1B}[?2026l".utf8)
        device.write(frame)
    }
}
