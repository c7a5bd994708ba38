import ResultKit
import ResultOutput
import SearchEngine
import TerminalTable

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The picker's event loop: keys, signals and finished searches in, frames
/// out, on one thread. Searches run on their own (``LiveSearch``).
///
/// What a key does is the key table's to say (``KeyTable``). Enter acts on
/// the results of the query as typed: when its search has not finished,
/// the picker waits for it, and never prints the rows of an earlier query.
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
    /// The query whose results are shown, and whether it could run.
    private var shown: (query: String, valid: Bool)?
    /// Enter was pressed before the results of the query as typed came.
    private var acceptWhenShown = false
    /// The last frame drawn: where a click lands.
    private var frame: Frame?
    /// The row last clicked and when, for a double click.
    private var lastClick: (row: Int, at: ContinuousClock.Instant)?
    /// Whether the search of the query as typed is under way.
    private var searching = false
    /// What standard input had brought when that search started.
    private var searchedInput: InputSpool.Snapshot?
    /// What it had brought when the search whose counts are shown started:
    /// their total is of all the input only once that was all of it.
    private var countedInput: InputSpool.Snapshot?
    /// When it started.
    private var lastStart: ContinuousClock.Instant?
    /// When to search again for what standard input has brought since.
    private var refreshAt: ContinuousClock.Instant?

    /// How long a lone Esc waits for the rest of an escape sequence.
    static let escapeTimeoutMilliseconds: Int32 = 25
    /// Two clicks on a row within this time are a double click.
    static let doubleClickTime = Duration.milliseconds(500)
    /// While standard input comes, the rows are searched again at most this often.
    static let refreshInterval = Duration.milliseconds(200)
    /// A search of the query as typed that runs longer than this says so on
    /// the status line (`searching…`), since the rows shown are still an
    /// earlier query's; a quicker one would only flicker.
    static let slowSearch = Duration.milliseconds(150)

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
        defer {
            device.leave()
            TerminalRestore.uninstall()
        }
        search()
        // With --select-1 or --exit-0, the picker shows only when the
        // results of the starting query over every record do not settle it.
        let decidesFirst = configuration.selectOne || configuration.exitZero
        if !decidesFirst {
            device.enter()
            draw()
        }
        while true {
            if let outcome = step(readsKeys: device.isEntered) { return (outcome, warnings ?? []) }
            if decidesFirst, !device.isEntered {
                guard let shown, shown.query == editor.text, searchedInput?.finished ?? true, !searching else {
                    continue
                }
                if shown.valid, configuration.exitZero, state.count == 0 { return (.nothingChosen, warnings ?? []) }
                if shown.valid, configuration.selectOne, state.count == 1 {
                    return (.chosen(state.chosen), warnings ?? [])
                }
                device.enter()
            }
            if acceptWhenShown, let outcome = acceptIfShown() { return (outcome, warnings ?? []) }
            if device.isEntered { draw() }
        }
    }

    /// Waits for something to happen (a key, a signal, a finished search,
    /// more standard input) and acts on it; an outcome when it ends the picker.
    private mutating func step(readsKeys: Bool) -> InteractiveSearch.Outcome? {
        var fds = [
            pollfd(fd: readsKeys ? device.descriptor : -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: searchDone.readEnd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: records.spool?.progress.readEnd ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        var timeout: Int32 = decoder.hasPending ? Self.escapeTimeoutMilliseconds : -1
        if let refreshAt {
            let wait = Int32(max(0, (refreshAt - ContinuousClock.now) / .milliseconds(1)).rounded(.up))
            timeout = timeout < 0 ? wait : min(timeout, wait)
        }
        // Woken when a search has run long enough to say so.
        if let slowAt = slowSearchNoticeAt, slowAt > ContinuousClock.now {
            let wait = Int32(((slowAt - ContinuousClock.now) / .milliseconds(1)).rounded(.up))
            timeout = timeout < 0 ? wait : min(timeout, wait)
        }
        let ready = poll(&fds, nfds_t(fds.count), timeout)
        if ready < 0 {
            return errno == EINTR ? nil : .cancelled
        }
        var keys: [Key] = []
        if ready == 0, decoder.hasPending { keys += decoder.flushPending() }
        if fds[1].revents != 0 {
            for signal in signals.drain() {
                if let outcome = handle(signal: Int32(signal)) { return outcome }
            }
        }
        if fds[2].revents != 0 {
            _ = searchDone.drain()
            takeResults()
        }
        if fds[3].revents != 0 {
            _ = records.spool?.progress.drain()
            inputGrew()
        }
        if let refreshAt, ContinuousClock.now >= refreshAt {
            self.refreshAt = nil
            if !searching { search() }
        }
        if fds[0].revents != 0 {
            // Everything the terminal has sent: a paste comes as one text.
            let bytes = device.readAvailable()
            // The terminal went away (a hang-up): leave as for SIGHUP.
            if bytes.isEmpty { return .cancelled }
            keys += decoder.decode(bytes)
        }
        for key in keys {
            if let outcome = handle(key) { return outcome }
        }
        return nil
    }

    /// When the search under way, if it is still running, says so: only
    /// while the rows shown are not yet the query's as typed.
    private var slowSearchNoticeAt: ContinuousClock.Instant? {
        guard searching, let lastStart, shown?.query != editor.text else { return nil }
        return lastStart + Self.slowSearch
    }

    /// Starts the search of the query as typed, over what has come so far.
    private mutating func search() {
        searchedInput = records.spool?.snapshot
        searching = true
        lastStart = .now
        live.start(editor.text)
    }

    /// More of standard input has come, or all of it: the rows shown are
    /// searched again once the search under way is done, and not more
    /// often than ``refreshInterval``.
    private mutating func inputGrew() {
        guard !searching, refreshAt == nil, let spool = records.spool, spool.snapshot != searchedInput else { return }
        refreshAt = max(ContinuousClock.now, (lastStart ?? .now) + Self.refreshInterval)
    }

    /// Acts on a key; an outcome when it ends the picker.
    private mutating func handle(_ key: Key) -> InteractiveSearch.Outcome? {
        switch key {
        case .text(let text):
            // Once Enter waits for the query's results, the query stays as it was.
            guard !acceptWhenShown else { return nil }
            if editor.insert(text) { search() }
        case .named(let name):
            guard let action = KeyTable.action(for: name) else { return nil }
            return perform(action)
        case .mouse(let event):
            // With --no-mouse, the terminal was not asked for reports.
            return configuration.mouse ? handle(event) : nil
        case .cursorPosition(let line, _):
            device.noteCursorPosition(line: line)
        }
        return nil
    }

    /// Does what the key table's `action` says; an outcome when it ends the picker.
    private mutating func perform(_ action: PickerAction) -> InteractiveSearch.Outcome? {
        let page = max(1, device.size.lines - 3)
        switch action {
        case .accept:
            acceptWhenShown = true
            return acceptIfShown()
        case .abort:
            return .cancelled
        case .up: state.move(by: -1)
        case .down: state.move(by: 1)
        case .pageUp: state.move(by: -page)
        case .pageDown: state.move(by: page)
        case .toggleDown:
            state.toggleMark()
            state.move(by: 1)
        case .toggleUp:
            state.toggleMark()
            state.move(by: -1)
        case .previewUp: state.scrollPreview(by: -1)
        case .previewDown: state.scrollPreview(by: 1)
        case .clearScreen:
            needsClear = true
        case .suspend:
            suspend()
        case .click:
            break
        case .deleteCharOrAbort where editor.text.isEmpty:
            return .cancelled
        default:
            guard !acceptWhenShown else { return nil }
            if editor.apply(action) { search() }
        }
        return nil
    }

    /// Acts on a mouse event: a click selects the row under it, a second
    /// click on it accepts, the wheel moves the selection, or scrolls the
    /// preview when over it.
    private mutating func handle(_ event: MouseEvent) -> InteractiveSearch.Outcome? {
        guard let frame, let line = device.frameLine(ofScreenLine: event.line), frame.left.indices.contains(line)
        else { return nil }
        let overPreview =
            frame.previewLines.map { $0.contains(line) && event.column - 1 >= frame.previewColumn } ?? false
        switch event.action {
        case .wheelUp:
            return perform(overPreview ? .previewUp : KeyTable.action(for: .scrollUp) ?? .up)
        case .wheelDown:
            return perform(overPreview ? .previewDown : KeyTable.action(for: .scrollDown) ?? .down)
        case .press:
            guard !overPreview, let row = frame.rowAtLine[line] else { return nil }
            let now = ContinuousClock.now
            defer { lastClick = (row, now) }
            if let last = lastClick, last.row == row, now - last.at <= Self.doubleClickTime {
                lastClick = nil
                return KeyTable.action(for: .doubleClick).flatMap { perform($0) }
            }
            state.select(row)
        case .release, .other:
            break
        }
        return nil
    }

    /// What Enter does once the results shown are those of the query as
    /// typed: the marked rows or the selected one. `nil` while they are not
    /// there yet (Enter waits), or when the query cannot run (Enter does
    /// nothing: the status line says why).
    private mutating func acceptIfShown() -> InteractiveSearch.Outcome? {
        // The marked rows do not depend on the query.
        if !state.markOrder.isEmpty { return .chosen(state.chosen) }
        guard let shown, shown.query == editor.text else { return nil }
        guard shown.valid else {
            acceptWhenShown = false
            return nil
        }
        let chosen = state.chosen
        return chosen.isEmpty ? .nothingChosen : .chosen(chosen)
    }

    /// Acts on a signal; an outcome when it ends the picker.
    private mutating func handle(signal number: Int32) -> InteractiveSearch.Outcome? {
        switch number {
        case SIGWINCH:
            device.resized()
            needsClear = true
        case SIGTSTP:
            suspend()
        case SIGCONT:
            // Continued after a stop the picker did not see (SIGSTOP): the
            // shell may have set its own modes meanwhile. (Not shown yet,
            // with --select-1 or --exit-0, it stays so.)
            if device.isEntered { device.enterAgain() }
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
    /// The whole process group stops, as a terminal's Ctrl-Z stops it (raw
    /// mode turned that off): in `search -i | cat` the shell waits for every
    /// process of the job, and gives its prompt back only when all are stopped.
    private mutating func suspend() {
        let shown = device.isEntered
        device.leave()
        signal(SIGTSTP, SIG_DFL)
        kill(0, SIGTSTP)
        // Here again after SIGCONT.
        TerminalRestore.install(pipe: signals.writeEnd)
        if shown { device.enter() }
        needsClear = true
    }

    /// Shows the newest finished search, when it is of the query as typed.
    private mutating func takeResults() {
        guard let outcome = live.take(), outcome.query == editor.text else { return }
        searching = false
        // Searched again as more input came: the selection stays where it was.
        let again = shown?.query == outcome.query
        // More came while it ran: once more.
        inputGrew()
        switch outcome.result {
        case .success(let hits):
            // The input's warnings, once, from a search that read all of it.
            if warnings == nil, !outcome.narrowed, searchedInput?.finished ?? true { warnings = outcome.diagnostics }
            state.show(hits, count: outcome.kept, more: outcome.more, keepingSelection: again)
            let milliseconds =
                Double(outcome.elapsed.components.seconds) * 1000
                + Double(outcome.elapsed.components.attoseconds) / 1e15
            let kinds = outcome.kinds ?? StatusLine.kindCounts(hits.map(\.kind.name))
            counts = (outcome.matched, outcome.total, kinds, outcome.kinds != nil, milliseconds)
            countedInput = searchedInput
            shown = (outcome.query, true)
        case .failure(let failure):
            // The rows of an earlier query are not this one's: none show.
            state.show([])
            counts = nil
            status = failure.message
            shown = (outcome.query, false)
        }
    }

    /// Draws the whole screen: one write, each line cleared to its end, the
    /// selected row highlighted, the cursor in the query.
    private mutating func draw() {
        let size = device.size
        var screen = Screen(
            width: size.columns, height: device.height, reverse: configuration.reverse,
            table: configuration.table)
        screen.preview = configuration.preview
        // While standard input comes, the total is of the records come so far.
        let input = records.spool?.snapshot
        let reading = input.map { !$0.finished } ?? false
        let statusText =
            counts.map {
                StatusLine.text(
                    matched: $0.matched, total: countedInput?.finished ?? true ? $0.total : input?.records ?? 0,
                    kinds: $0.kinds, kept: $0.ofAll ? $0.matched : state.count, marked: state.markOrder.count,
                    milliseconds: $0.milliseconds, reading: reading,
                    searching: slowSearchNoticeAt.map { $0 <= ContinuousClock.now } ?? false, width: size.columns - 2)
            } ?? (reading && shown == nil ? "\(StatusLine.grouped(input?.records ?? 0)) read · searching…" : status)
        let frame = screen.frame(&state, query: editor, status: statusText)
        self.frame = frame
        let highlight = Array((configuration.table.options.color ? "\u{1B}[1;48;5;236m" : "\u{1B}[1;7m").utf8)
        var lines: [[UInt8]] = []
        lines.reserveCapacity(frame.left.count)
        for index in frame.left.indices {
            var line = configuration.filter(Array(frame.left[index].utf8))
            if frame.selectedLines.contains(index) {
                line = highlight + Self.keeping(highlight, through: line)
                // To the end of the line, or, with a pane beside it, to the rule.
                line += Array((frame.right[index].isEmpty ? "\u{1B}[K" : "\u{1B}[0m").utf8)
            }
            line += configuration.filter(Array(frame.right[index].utf8))
            lines.append(line)
        }
        device.draw(lines, clear: needsClear, cursor: (frame.cursorLine, frame.cursorColumn))
        needsClear = false
    }

    /// `line` with `highlight` set again after each of its SGR sequences
    /// that resets the style (`ESC [ m`, `ESC [ 0 m`), so that the selected
    /// row's background and bold hold across its coloured cells.
    static func keeping(_ highlight: [UInt8], through line: [UInt8]) -> [UInt8] {
        guard line.contains(0x1B) else { return line }
        var result: [UInt8] = []
        result.reserveCapacity(line.count + highlight.count * 4)
        var index = 0
        while index < line.count {
            let byte = line[index]
            result.append(byte)
            index += 1
            guard byte == 0x1B, index < line.count, line[index] == UInt8(ascii: "[") else { continue }
            var end = index + 1
            while end < line.count, (0x30...0x3F).contains(line[end]) { end += 1 }
            guard end < line.count, line[end] == UInt8(ascii: "m") else { continue }
            let parameters = line[(index + 1)..<end]
            result += line[index...end]
            index = end + 1
            if parameters.isEmpty || parameters.elementsEqual([UInt8(ascii: "0")])
                || parameters.starts(with: Array("0;".utf8))
            {
                result += highlight
            }
        }
        return result
    }
}
