import BenchSupport
import Glibc
import TerminalTable

/// `table-bench`: renders 100,000 mixed rows as a table to a file and prints
/// rows per second for the whole `search` process, next to Python's
/// `tabulate` and `rich` rendering the same rows in the same run; then the
/// same against `tabulate` on the rows issue 20 names (8 % of unknown kinds,
/// products with descriptions).
struct TableBench {
    static let specs: [Options.Spec] =
        [
            .init("--rows", value: "N", help: "rows to render (default 100,000)"),
            .init("--seed", value: "S", help: "generator seed (default 42)"),
            .init("--runs", value: "N", help: "counted runs of each search command, after a warm-up (default 5)"),
            .init("--python-runs", value: "N", help: "counted runs of each Python renderer (default 3; 0 skips them)"),
            .init("--width", value: "N", help: "table width in columns for every renderer (default 160)"),
            .init(
                "--unknown-percent", value: "N",
                help: "unknown kinds in the second mix, 2 to 25 % (default 8; 2, the plain mix's, skips it)"),
            .search,
            .init("--python", value: "PATH", help: "the Python interpreter (default python3 on PATH)"),
            .dataDirectory,
        ] + Options.Spec.help

    let options: Options

    init(arguments: [String]) throws(BenchmarkError) {
        options = try Options(arguments, specs: Self.specs)
    }

    func run() throws(BenchmarkError) {
        if options.wantsHelp {
            print(Options.help("USAGE: table-bench [options]", specs: Self.specs), terminator: "")
            return
        }
        let rows = try options.count("--rows", default: 100_000)
        let seed = UInt64(try options.count("--seed", default: 42))
        let runs = try options.count("--runs", default: 5)
        let pythonRuns = options.string("--python-runs") == "0" ? 0 : try options.count("--python-runs", default: 3)
        let width = try options.count("--width", default: 160)
        let unknownPercent = try options.count("--unknown-percent", default: 8)
        guard RecordGenerator.unknownPercents.contains(unknownPercent) else {
            throw BenchmarkError("--unknown-percent must be 2 to 25, not \(unknownPercent)")
        }
        let directory = options.dataDirectory
        let search = try SearchBinary.locate(explicit: options.string("--search"), log: note)

        print("table-bench  \(Machine.now())")
        print("machine: \(Machine.description()); load average \(Machine.loadAverage())")
        print("search:  \(search)")
        let file = try DataFile.prepare(records: rows, seed: seed, in: directory)
        print("data:    \(file.path): \(Format.count(rows)) records, \(Format.megabytes(file.bytes)), seed \(seed)")
        print("width:   \(width) columns; every table is written to a file\n")

        let scratch = try Bench.makeScratch(in: directory)
        defer { Bench.removeScratch(scratch, commands: 5) }
        let searchCommands = [
            tableCommand(search, file: file.path, rows: rows, width: width),
            TimedCommand(
                label: #"search "" --limit \#(rows) --data FILE --format jsonl  (no table)"#,
                arguments: [search, "", "--limit", String(rows), "--data", file.path, "--format", "jsonl"]),
        ]
        var measured = try Bench.measure(searchCommands, runs: runs, scratch: scratch, progress: note)
        var missing: [String] = []
        var paired: [[Double]] = []
        if pythonRuns > 0 {
            let (commands, absent) = pythonCommands(file: file.path, width: width, libraries: ["tabulate", "rich"])
            missing = absent
            let python = try measurePaired(
                commands, against: searchCommands[0], rounds: pythonRuns, scratch: scratch)
            measured += python.measurements
            paired = python.ratios
        }
        report(
            measured, title: "Whole process, \(Format.count(rows)) rows to a file", rows: rows, searchCommands: 2,
            missing: missing, paired: paired)
        if unknownPercent != RecordGenerator.plainUnknownPercent {
            try measureUnknownMix(
                search: search, rows: rows, seed: seed, percent: unknownPercent, width: width, runs: runs,
                pythonRuns: pythonRuns, scratch: scratch)
        }
        try engine(seed: seed, rows: rows, width: width, runs: runs)
    }

    /// The search table of `rows` rows of `file`, `width` columns wide.
    private func tableCommand(_ search: String, file: String, rows: Int, width: Int) -> TimedCommand {
        TimedCommand(
            label: #"search "" --limit \#(rows) --data FILE --width \#(width)  (table)"#,
            arguments: [
                search, "", "--limit", String(rows), "--data", file, "--width", String(width), "--color", "never",
            ])
    }

    /// The table against `tabulate` on the mix with `percent` % of unknown
    /// kinds (rich is left out: it takes minutes and the plain mix has it).
    private func measureUnknownMix(
        search: String, rows: Int, seed: UInt64, percent: Int, width: Int, runs: Int, pythonRuns: Int,
        scratch: String
    ) throws(BenchmarkError) {
        let file = try DataFile.prepare(
            records: rows, seed: seed, in: options.dataDirectory, unknownPercent: percent)
        print(
            "data:    \(file.path): \(Format.count(rows)) records, \(Format.megabytes(file.bytes)), seed \(seed), "
                + "\(percent) % of unknown kinds (\(RecordGenerator.unknownKind) and "
                + "\(RecordGenerator.secondUnknownKind)), products with descriptions\n")
        let table = tableCommand(search, file: file.path, rows: rows, width: width)
        var measured = try Bench.measure([table], runs: runs, scratch: scratch, progress: note)
        var missing: [String] = []
        var paired: [[Double]] = []
        if pythonRuns > 0 {
            let (commands, absent) = pythonCommands(file: file.path, width: width, libraries: ["tabulate"])
            missing = absent
            let python = try measurePaired(commands, against: table, rounds: pythonRuns, scratch: scratch)
            measured += python.measurements
            paired = python.ratios
        }
        report(
            measured, title: "Whole process, \(Format.count(rows)) rows with \(percent) % of unknown kinds",
            rows: rows, searchCommands: 1, missing: missing, paired: paired)
    }

    /// Runs of the search table taken just before and just after each run
    /// of a Python renderer.
    static let pairedSearchRuns = 2

    /// Runs each of `commands` `rounds` times, each run between
    /// ``pairedSearchRuns`` runs of `search` before and as many after, and
    /// gives, per command, the ratio of each of its runs to the median of
    /// the search runs around it. The machine's speed drifts over the
    /// minutes a Python renderer takes; a ratio of runs seconds apart does
    /// not drift with it.
    private func measurePaired(
        _ commands: [TimedCommand], against search: TimedCommand, rounds: Int, scratch: String
    ) throws(BenchmarkError) -> (measurements: [Measurement], ratios: [[Double]]) {
        var samples = [[ProcessSample]](repeating: [], count: commands.count)
        var ratios = [[Double]](repeating: [], count: commands.count)
        func runSearch() throws(BenchmarkError) -> Double {
            try ProcessRunner.run(
                search.arguments, stdoutPath: "\(scratch)/4.out", stderrPath: "\(scratch)/4.err"
            ).seconds
        }
        for round in 0..<rounds {
            for (index, command) in commands.enumerated() {
                note("run \(round + 1)/\(rounds): \(command.label), between runs of the search table")
                var around: [Double] = []
                for _ in 0..<Self.pairedSearchRuns { around.append(try runSearch()) }
                let output = "\(scratch)/\(2 + index)"
                let sample = try ProcessRunner.run(
                    command.arguments, stdoutPath: output + ".out", stderrPath: output + ".err")
                for _ in 0..<Self.pairedSearchRuns { around.append(try runSearch()) }
                samples[index].append(sample)
                if let search = Summary(around)?.median, search > 0 { ratios[index].append(sample.seconds / search) }
            }
        }
        let measurements = commands.enumerated().map { index, command in
            let output = "\(scratch)/\(2 + index)"
            return Measurement(
                command: command, samples: samples[index], stdout: Bench.readPrefix(output + ".out"),
                stderr: Bench.readPrefix(output + ".err"), stdoutLines: Bench.countLines(output + ".out"))
        }
        return (measurements, ratios)
    }

    private func note(_ message: String) {
        StandardError.line("table-bench: \(message)")
    }

    /// The Python renderers that can run here, and notes on those that cannot.
    private func pythonCommands(file: String, width: Int, libraries: [String]) -> ([TimedCommand], [String]) {
        guard let python = options.string("--python") ?? Shell.which("python3") else {
            return ([], ["python3 is not installed"])
        }
        let script = SearchBinary.packageRoot + "/Benchmarks/Python/render_table.py"
        var commands: [TimedCommand] = []
        var missing: [String] = []
        for library in libraries {
            let check = try? ProcessRunner.run(
                [python, "-c", "import \(library)"], stdoutPath: "/dev/null", stderrPath: "/dev/null")
            guard check?.exitStatus == 0 else {
                missing.append("Python \(library) is not installed (pip install \(library))")
                continue
            }
            commands.append(
                TimedCommand(
                    label: "python3 render_table.py \(library) FILE --width \(width)",
                    arguments: [python, script, library, file, "--width", String(width)]))
        }
        return (commands, missing)
    }

    /// Prints the table of `measured` under `title`: its first
    /// `searchCommands` are search's (the table first), the rest Python's.
    private func report(
        _ measured: [Measurement], title: String, rows: Int, searchCommands: Int, missing: [String],
        paired: [[Double]]
    ) {
        var table = TextTable(
            headers: ["COMMAND", "MEDIAN", "MIN", "RUNS", "ROWS/S", "PEAK RSS", "OUTPUT LINES", "STATUS"],
            rightAligned: [1, 2, 3, 4, 5, 6, 7])
        for measurement in measured {
            guard let wall = measurement.wall else { continue }
            table.append([
                measurement.command.label, Format.seconds(wall.median), Format.seconds(wall.min),
                String(wall.count), Format.count(Int(Double(rows) / wall.median)),
                Format.mebibytes(kibibytes: measurement.peakRSSKiB),
                Format.count(measurement.stdoutLines),
                measurement.samples.map { String($0.exitStatus) }.joined(separator: ","),
            ])
        }
        print("## \(title)\n")
        print(table.render(), terminator: "")
        for note in missing { print("(skipped: \(note))") }
        print()
        guard let searchTable = measured.first?.wall?.median else { return }
        if searchCommands > 1, let plain = measured.dropFirst().first?.wall?.median {
            if searchTable > plain {
                let share = (searchTable - plain) / searchTable
                print(
                    "table rendering ≈ table − jsonl = \(Format.seconds(searchTable - plain)) "
                        + "(\(Format.fixed(share * 100, places: 0)) % of the table run)")
            } else {
                // Writing JSON lines can cost more than drawing the table:
                // the difference then says nothing about the table.
                print(
                    "the table run is \(Format.seconds(plain - searchTable)) faster than the JSON lines run: "
                        + "see the engine figures below for what the table costs")
            }
        }
        for (index, measurement) in measured.dropFirst(searchCommands).enumerated() {
            guard let time = measurement.wall?.median else { continue }
            let library = measurement.command.label.contains("tabulate") ? "tabulate" : "rich"
            let ratios = index < paired.count ? paired[index] : []
            guard let speedup = Summary(ratios)?.median else { continue }
            let target = library == "tabulate" ? "; target at least 50×: \(speedup >= 50 ? "met" : "MISSED")" : ""
            print(
                "search (table) is \(Format.ratio(speedup)) faster than \(library)\(target)\n"
                    + "  the median of \(ratios.count) paired ratios (\(ratios.map(Format.ratio).joined(separator: ", "))): "
                    + "each \(library) run against the median of the \(2 * Self.pairedSearchRuns) search table runs "
                    + "around it; medians of all runs: \(Format.ratio(time / searchTable))")
        }
        print()
    }

    private func engine(seed: UInt64, rows: Int, width: Int, runs: Int) throws(BenchmarkError) {
        note("the table engine alone")
        var generator = RecordGenerator(seed: seed)
        let records = (0..<rows).map { _ in generator.next() }
        let clock = ContinuousClock()
        var build: [Double] = []
        var render: [Double] = []
        var lines = 0
        for _ in 0...runs {
            let start = clock.now
            let table = EngineBenchmark.table(records)
            let built = clock.now
            let text = TableRenderer.render(table, options: RenderOptions(maxWidth: width))
            build.append((built - start).seconds)
            render.append((clock.now - built).seconds)
            lines = text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        // The first pass warms up and is not counted.
        guard let buildTime = Summary(Array(build.dropFirst())), let renderTime = Summary(Array(render.dropFirst()))
        else { return }
        print("## The table engine alone (TableRenderer.render in this process, medians of \(runs) after a warm-up)\n")
        var table = TextTable(headers: ["STEP", "MEDIAN", "MIN", "ROWS/S"], rightAligned: [1, 2, 3])
        table.append([
            "build cells and row sizes", Format.seconds(buildTime.median), Format.seconds(buildTime.min),
            Format.count(Int(Double(rows) / buildTime.median)),
        ])
        table.append([
            "TableRenderer.render (\(Format.count(lines)) lines)", Format.seconds(renderTime.median),
            Format.seconds(renderTime.min), Format.count(Int(Double(rows) / renderTime.median)),
        ])
        print(table.render())
    }
}
