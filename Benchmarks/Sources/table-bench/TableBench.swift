import BenchSupport
import Glibc
import TerminalTable

/// `table-bench`: renders 100,000 mixed rows as a table to a file and prints
/// rows per second for the whole `search` process, next to Python's
/// `tabulate` and `rich` rendering the same rows in the same run.
struct TableBench {
    static let specs: [Options.Spec] =
        [
            .init("--rows", value: "N", help: "rows to render (default 100,000)"),
            .init("--seed", value: "S", help: "generator seed (default 42)"),
            .init("--runs", value: "N", help: "counted runs of each search command, after a warm-up (default 5)"),
            .init("--python-runs", value: "N", help: "counted runs of each Python renderer (default 3; 0 skips them)"),
            .init("--width", value: "N", help: "table width in columns for every renderer (default 160)"),
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
        let directory = options.dataDirectory
        let search = try SearchBinary.locate(explicit: options.string("--search"), log: note)

        print("table-bench  \(Machine.now())")
        print("machine: \(Machine.description()); load average \(Machine.loadAverage())")
        print("search:  \(search)")
        let file = try DataFile.prepare(records: rows, seed: seed, in: directory)
        print("data:    \(file.path): \(Format.count(rows)) records, \(Format.megabytes(file.bytes)), seed \(seed)")
        print("width:   \(width) columns; every table is written to a file\n")

        let scratch = try Bench.makeScratch(in: directory)
        defer { Bench.removeScratch(scratch, commands: 4) }
        let common = ["", "--limit", String(rows), "--data", file.path]
        let searchCommands = [
            TimedCommand(
                label: #"search "" --limit \#(rows) --data FILE --width \#(width)  (table)"#,
                arguments: [search] + common + ["--width", String(width), "--color", "never"]),
            TimedCommand(
                label: #"search "" --limit \#(rows) --data FILE --format jsonl  (no table)"#,
                arguments: [search] + common + ["--format", "jsonl"]),
        ]
        var measured = try Bench.measure(searchCommands, runs: runs, scratch: scratch, progress: note)
        var missing: [String] = []
        if pythonRuns > 0 {
            let (commands, absent) = pythonCommands(file: file.path, width: width)
            missing = absent
            let python = try Bench.measure(
                commands, runs: pythonRuns, scratch: scratch, warmUp: false, progress: note)
            measured += python
        }
        report(measured, rows: rows, missing: missing)
        try engine(seed: seed, rows: rows, width: width, runs: runs)
    }

    private func note(_ message: String) {
        StandardError.line("table-bench: \(message)")
    }

    /// The Python renderers that can run here, and notes on those that cannot.
    private func pythonCommands(file: String, width: Int) -> ([TimedCommand], [String]) {
        guard let python = options.string("--python") ?? Shell.which("python3") else {
            return ([], ["python3 is not installed"])
        }
        let script = SearchBinary.packageRoot + "/Benchmarks/Python/render_table.py"
        var commands: [TimedCommand] = []
        var missing: [String] = []
        for library in ["tabulate", "rich"] {
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

    private func report(_ measured: [Measurement], rows: Int, missing: [String]) {
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
        print("## Whole process, \(Format.count(rows)) rows to a file\n")
        print(table.render(), terminator: "")
        for note in missing { print("(skipped: \(note))") }
        print()
        guard let searchTable = measured.first?.wall?.median else { return }
        if let plain = measured.dropFirst().first?.wall?.median {
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
        for measurement in measured.dropFirst(2) {
            guard let time = measurement.wall?.median else { continue }
            let library = measurement.command.label.contains("tabulate") ? "tabulate" : "rich"
            let speedup = time / searchTable
            let target = library == "tabulate" ? "; target at least 50×: \(speedup >= 50 ? "met" : "MISSED")" : ""
            print("search (table) is \(Format.ratio(speedup)) faster than \(library)\(target)")
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
