import BenchSupport
import Glibc

/// Times `search -i` from a keystroke to its redrawn screen, through a
/// pseudo-terminal, next to fzf on the same records' names, measured the
/// same way: each character of the query is typed alone, and the time is
/// from writing it to the last byte drawn before the screen stays quiet.
struct InteractiveBench {
    let options: Options

    static let specs: [Options.Spec] = [
        .init("--search", value: "PATH", help: "The search binary (default: the root package's release build)"),
        .init("--records", value: "LIST", help: "Record counts, comma-separated (default: 100000,1000000)"),
        .init("--query", value: "TEXT", help: "The query typed a character at a time (default: coffee mug)"),
        .init("--runs", value: "N", help: "How many times the query is typed (default: 3)"),
        .init(
            "--quiet-ms", value: "MS",
            help: "Quiet time that ends a redraw; longer than the slowest search (default: 3000)"),
        .init(
            "--settle-s", value: "S",
            help: "Seconds to wait after the first screen before typing, e.g. for search -i's index (default: 0)"),
        .init("--seed", value: "S", help: "The data's seed (default: 42)"),
        .init("--data-dir", value: "DIR", help: "Where data files are kept (default: $TMPDIR or /tmp)"),
        .init("--help", help: "Show this help"),
    ]

    init(arguments: [String]) throws(BenchmarkError) {
        options = try Options(arguments, specs: Self.specs)
    }

    func run() throws(BenchmarkError) {
        if options.isSet("--help") {
            print("usage: interactive-bench [options]")
            for spec in Self.specs { print("  \(spec.name) \(spec.value ?? "")\t\(spec.help)") }
            return
        }
        let search = try SearchBinary.locate(explicit: options.string("--search")) { StandardError.line($0) }
        let counts = options.string("--records", default: "100000,1000000").split(separator: ",").compactMap {
            Int($0)
        }
        let query = options.string("--query", default: "coffee mug")
        let runs = Int(options.string("--runs", default: "3")) ?? 3
        let quiet = Double(options.string("--quiet-ms", default: "3000")) ?? 3000
        let seed = UInt64(options.string("--seed", default: "42")) ?? 42
        let settle = Double(options.string("--settle-s", default: "0")) ?? 0
        let directory = options.string("--data-dir", default: getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp")
        let fzf = access("/usr/bin/fzf", X_OK) == 0 ? "/usr/bin/fzf" : nil
        if fzf == nil { StandardError.line("note: fzf is not installed; only search is measured") }

        var table = TextTable(
            headers: ["tool", "records", "keystrokes", "p50 ms", "p95 ms", "max ms", "ready s", "peak RSS"],
            rightAligned: [1, 2, 3, 4, 5, 6, 7])
        for count in counts {
            let file = try DataFile.prepare(records: count, seed: seed, in: directory)
            let names = try Self.namesFile(of: file)
            StandardError.line("\(Format.count(count)) records: \(file.path)")
            var tools: [(String, [String], String)] = [("search -i", [search, "-i", "--data", file.path], "/dev/null")]
            if let fzf { tools.append(("fzf", [fzf], names)) }
            for (label, arguments, stdin) in tools {
                StandardError.line("  \(label)…")
                let measured = try Self.measure(
                    arguments, stdin: stdin, query: query, runs: runs, quietMs: quiet, settleSeconds: settle)
                let sorted = measured.latencies.sorted()
                // Each prefix of the query, the median of its runs: which keystrokes are slow.
                let typed = Array(query)
                if measured.latencies.count == typed.count * runs {
                    let each = typed.indices.map { position -> String in
                        let times = (0..<runs).map { measured.latencies[$0 * typed.count + position] }.sorted()
                        return
                            "\(String(typed[...position]).debugDescription) \(Format.fixed(times[times.count / 2], places: 1))"
                    }
                    StandardError.line("    ms per keystroke (median): " + each.joined(separator: ", "))
                    // Each run alone: the first may be typed while the index is still being built.
                    for run in 0..<runs {
                        let times = (0..<typed.count).map {
                            Format.fixed(measured.latencies[run * typed.count + $0], places: 1)
                        }
                        StandardError.line("    run \(run + 1): " + times.joined(separator: ", "))
                    }
                }
                func percentile(_ p: Double) -> String {
                    guard !sorted.isEmpty else { return "-" }
                    let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded(.up)))
                    return Format.fixed(sorted[index], places: 1)
                }
                table.append([
                    label, Format.count(count), "\(sorted.count)", percentile(0.5), percentile(0.95),
                    sorted.last.map { Format.fixed($0, places: 1) } ?? "-", Format.fixed(measured.ready, places: 2),
                    Format.mebibytes(kibibytes: measured.peakKiB),
                ])
            }
        }
        let settled = settle > 0 ? ", typing \(Format.fixed(settle, places: 0)) s after the first screen" : ""
        print(
            "Keystroke to redrawn screen through a pseudo-terminal (80x24), query \"\(query)\" typed \(runs)x\(settled)"
        )
        print(table.render())
    }

    /// The names of `file`'s records, one per line, for fzf.
    static func namesFile(of file: DataFile) throws(BenchmarkError) -> String {
        let path = file.path + ".names"
        if access(path, R_OK) == 0 { return path }
        guard let input = fopen(file.path, "r"), let output = fopen(path + ".partial", "w") else {
            throw BenchmarkError("cannot write \(path)")
        }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        while getline(&line, &capacity, input) > 0, let line {
            // The generator writes `"name":"…"` with no escapes in names.
            let text = Array(String(cString: line).utf8)
            let key = Array(#""name":""#.utf8)
            guard
                let at = (0..<max(0, text.count - key.count)).first(where: {
                    text[$0..<($0 + key.count)].elementsEqual(key)
                }),
                let end = text[(at + key.count)...].firstIndex(of: UInt8(ascii: "\""))
            else { continue }
            fputs(String(decoding: text[(at + key.count)..<end], as: UTF8.self) + "\n", output)
        }
        free(line)
        fclose(input)
        fclose(output)
        rename(path + ".partial", path)
        return path
    }

    struct Measured {
        var latencies: [Double]
        /// Seconds from spawn to the first quiet screen.
        var ready: Double
        var peakKiB: Int
    }

    /// Runs `arguments` on a new pseudo-terminal, waits for its first
    /// screen, types `query` `runs` times (clearing it with Ctrl-U between),
    /// and times each keystroke's redraw.
    static func measure(
        _ arguments: [String], stdin: String, query: String, runs: Int, quietMs: Double, settleSeconds: Double
    ) throws(BenchmarkError) -> Measured {
        let terminal = try Terminal(arguments, stdin: stdin)
        let clock = ContinuousClock()
        let start = clock.now
        // Ready: something drawn, then quiet for a second (fzf draws while it reads).
        _ = terminal.drain(quietMs: max(1000, quietMs), atLeastOneByte: true, limitSeconds: 120)
        let ready = (clock.now - start).seconds
        // Whatever the program draws meanwhile is read and dropped.
        if settleSeconds > 0 {
            _ = terminal.drain(quietMs: settleSeconds * 1000, atLeastOneByte: false, limitSeconds: settleSeconds)
        }
        var latencies: [Double] = []
        for _ in 0..<runs {
            for character in query {
                let sent = clock.now
                terminal.type(String(character))
                if let last = terminal.drain(quietMs: quietMs, atLeastOneByte: true, limitSeconds: 10) {
                    latencies.append((last - sent).seconds * 1000)
                }
            }
            terminal.type("\u{15}")
            _ = terminal.drain(quietMs: quietMs * 2, atLeastOneByte: false, limitSeconds: 10)
        }
        terminal.type("\u{1B}")
        let peak = terminal.finish()
        return Measured(latencies: latencies, ready: ready, peakKiB: peak)
    }
}

extension Duration {
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

/// A program on a pseudo-terminal of its own (its controlling terminal), as
/// a user's terminal runs it.
final class Terminal {
    let master: Int32
    let pid: pid_t

    init(_ arguments: [String], stdin: String) throws(BenchmarkError) {
        // posix_openpt, unlockpt and ptsname as their ioctls (TIOCSPTLCK, TIOCGPTN).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            throw BenchmarkError("cannot open a pseudo-terminal")
        }
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        // After setsid, opening the terminal makes it the controlling one.
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/pts/\(number)", O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID
        let argv = arguments.map { strdup($0) } + [nil]
        let environment = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8", "TERM=xterm-256color", "HOME=/tmp"]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw BenchmarkError("cannot run \(arguments[0]): \(String(cString: strerror(status)))")
        }
        pid = child
    }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads what is drawn until nothing comes for `quietMs`; the time the
    /// last byte came, or nil when none came.
    func drain(quietMs: Double, atLeastOneByte: Bool, limitSeconds: Double) -> ContinuousClock.Instant? {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(limitSeconds)
        var last: ContinuousClock.Instant?
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while clock.now < deadline {
            var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, Int32(quietMs))
            if ready > 0 {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count > 0 { last = clock.now } else { return last }
            } else if last != nil || !atLeastOneByte {
                return last
            }
        }
        return last
    }

    /// Waits for the program to end (killing it after 10 s); its peak RSS in KiB.
    func finish() -> Int {
        var status: Int32 = 0
        var usage = rusage()
        let deadline = ContinuousClock.now + .seconds(10)
        while wait4(pid, &status, WNOHANG, &usage) == 0 {
            if ContinuousClock.now > deadline {
                kill(pid, SIGKILL)
                wait4(pid, &status, 0, &usage)
                break
            }
            _ = drain(quietMs: 20, atLeastOneByte: false, limitSeconds: 0.05)
        }
        close(master)
        return usage.ru_maxrss
    }
}
