import BenchSupport
import Glibc

/// `search-bench`: times the real `search` binary on a generated file of
/// mixed records as a whole process, one query of each shape next to a byte
/// scan of the file and to rg, jq and fzf on the same file, and prints
/// medians and ratios, peak memory at two sizes, the time to first output,
/// the reader's throughput, and the same records as a JSON array and gzip.
struct SearchBench {
    static let specs: [Options.Spec] =
        [
            .init("--records", value: "N", help: "records in the main file (default 1,000,000, about 150 MB)"),
            .init("--seed", value: "S", help: "generator seed (default 42); the same seed and size give the same file"),
            .init("--runs", value: "N", help: "counted runs of each command, after one warm-up run (default 5)"),
            .init(
                "--query", value: "WORD",
                help: "also time this one word against rg, grep, jq and fzf (the comparison of issue 5)"),
            .init("--peer-runs", value: "N", help: "counted runs of each jq command (default 3: each takes seconds)"),
            .search,
            .dataDirectory,
            .init(
                "--rss-records", value: "N,N",
                help: "sizes at which to measure search's peak RSS (default 1000000,4000000; none)"),
            .init("--no-peers", help: "time search alone"),
            .init("--no-forms", help: "skip the input forms (a JSON array and gzip of the main file, against it)"),
        ] + Options.Spec.help

    let options: Options

    init(arguments: [String]) throws(BenchmarkError) {
        options = try Options(arguments, specs: Self.specs)
    }

    func run() throws(BenchmarkError) {
        if options.wantsHelp {
            print(Options.help("USAGE: search-bench [options]", specs: Self.specs), terminator: "")
            return
        }
        let records = try options.count("--records", default: 1_000_000)
        let seed = UInt64(try options.count("--seed", default: 42))
        let runs = try options.count("--runs", default: 5)
        let query = options.string("--query")
        let peerRuns = try options.count("--peer-runs", default: 3)
        let rssSizes = try options.counts("--rss-records", default: [1_000_000, 4_000_000])
        let directory = options.dataDirectory
        let search = try SearchBinary.locate(explicit: options.string("--search"), log: note)

        print("search-bench  \(Machine.now())")
        print("machine: \(Machine.description()); load average \(Machine.loadAverage())")
        print("search:  \(search)")
        let file = try prepare(records: records, seed: seed, directory: directory)
        print("runs:    \(runs) counted runs of each command after one warm-up run, interleaved; medians\n")

        let scratch = try Bench.makeScratch(in: directory)
        defer { Bench.removeScratch(scratch, commands: 8) }

        // 1. Every shape of query, against the floor and its peers, in one run.
        let shapes = ShapeBench(
            search: search, runs: runs, peerRuns: peerRuns, usePeers: !options.isSet("--no-peers"), note: note)
        let (rows, floor) = try shapes.measure(file: file.path, scratch: scratch)
        print("## Shapes of query on \(Format.count(records)) records (`FILE` = \(file.path))\n")
        print(
            "Floor `\(ShapeBench.floor)`: \(floor.wall.map { Format.seconds($0.median) } ?? "?") (median).",
            "`search --data FILE --limit 20 QUERY…`"
                + (options.isSet("--no-peers") ? ".\n" : "; jq medians of \(min(peerRuns, runs)) runs.\n"))
        print(ShapeBench.table(rows: rows, floor: floor))
        for tool in ["rg", "jq", "fzf"] where Shell.which(tool) == nil { print("(skipped: \(tool) is not installed)") }
        print("Targets (issue 20):")
        for line in ShapeBench.targets(rows: rows, floor: floor) { print(line) }
        print()

        // 2. The single word against every peer, when asked for.
        if let query {
            let (commands, missing) = commands(search: search, query: query, file: file.path)
            let measured = try Bench.measure(commands, runs: runs, scratch: scratch, progress: note)
            print("## `\(query)` against its peers\n")
            print(comparisonTable(measured), terminator: "")
            for name in missing { print("(skipped: \(name) is not installed)") }
            print()
            if let searchRun = measured.first {
                printTargets(search: searchRun, peers: Array(measured.dropFirst()))
                printOutputCheck(searchRun)
            }
        }

        // 3. Peak memory of every shape at several sizes.
        if !rssSizes.isEmpty {
            try memory(
                sizes: rssSizes, main: rows, mainRecords: records, search: search, seed: seed,
                directory: directory, scratch: scratch)
        }

        // 4. Time to first output on the bundled sample.
        try firstOutput(search: search, runs: runs)

        // 5. The reader alone.
        try reader(file: file, runs: runs)

        // 6. The same records as a JSON array and as gzip, against NDJSON.
        if !options.isSet("--no-forms") {
            let forms = InputFormBench(search: search, runs: runs, note: note)
            let table = try forms.measure(file: file, scratch: scratch)
            print("## The same records in other forms (medians of \(runs) interleaved runs)\n")
            print(table)
        }
    }

    private func note(_ message: String) {
        StandardError.line("search-bench: \(message)")
    }

    private func prepare(records: Int, seed: UInt64, directory: String) throws(BenchmarkError) -> DataFile {
        note("preparing \(Format.count(records)) records (seed \(seed)) in \(directory)")
        let file = try DataFile.prepare(records: records, seed: seed, in: directory)
        let origin = file.reused ? "reused" : "generated in \(Format.seconds(file.generationSeconds))"
        print(
            "data:    \(file.path): \(Format.count(records)) records, \(Format.megabytes(file.bytes)), seed \(seed), \(origin)"
        )
        return file
    }

    /// The commands of the comparison, search first, and the peers not installed.
    private func commands(search: String, query: String, file: String) -> ([TimedCommand], [String]) {
        var commands = [
            TimedCommand(
                label: "search \(query) --data FILE --limit 20",
                arguments: [search, query, "--data", file, "--limit", "20"])
        ]
        var missing: [String] = []
        guard !options.isSet("--no-peers") else { return (commands, missing) }
        let q = Shell.quote(query)
        let f = Shell.quote(file)
        let jqProgram = Shell.quote(#"select(.name|test(""# + query + #"";"i"))"#)
        let peers: [(tool: String, command: String, label: String)] = [
            ("rg", "rg -i \(q) \(f) | wc -l", "rg -i \(query) FILE | wc -l"),
            ("grep", "grep -i \(q) \(f) | wc -l", "grep -i \(query) FILE | wc -l"),
            (
                "jq", "jq -c \(jqProgram) \(f) | wc -l",
                #"jq -c 'select(.name|test(""# + query + #"";"i"))' FILE | wc -l"#
            ),
            ("fzf", "fzf --filter=\(q) < \(f) | wc -l", "fzf --filter=\(query) < FILE | wc -l"),
        ]
        for peer in peers {
            if Shell.which(peer.tool) == nil {
                missing.append(peer.tool)
            } else {
                commands.append(.shell(peer.command, label: peer.label))
            }
        }
        return (commands, missing)
    }

    private func comparisonTable(_ measured: [Measurement]) -> String {
        var table = TextTable(
            headers: ["COMMAND", "MEDIAN", "MIN", "MAX", "CPU", "PEAK RSS", "OUTPUT", "SEARCH VS PEER"],
            rightAligned: [1, 2, 3, 4, 5, 6, 7])
        let searchMedian = measured.first?.wall?.median
        for (index, measurement) in measured.enumerated() {
            guard let wall = measurement.wall else { continue }
            let ratio = index == 0 ? "" : searchMedian.map { Self.comparison(search: $0, peer: wall.median) } ?? ""
            let output =
                index == 0
                ? "\(measurement.stdoutLines) lines"
                : measurement.stdout.split(separator: "\n").first.map(String.init) ?? "?"
            table.append([
                measurement.command.label, Format.seconds(wall.median), Format.seconds(wall.min),
                Format.seconds(wall.max), measurement.cpu.map { Format.seconds($0.median) } ?? "?",
                Format.mebibytes(kibibytes: measurement.peakRSSKiB), output, ratio,
            ])
        }
        return table.render()
    }

    /// `3.2× slower` or `15.1× faster`: how search's median compares with a peer's.
    static func comparison(search: Double, peer: Double) -> String {
        search > peer ? "\(Format.ratio(search / peer)) slower" : "\(Format.ratio(peer / search)) faster"
    }

    private func printTargets(search: Measurement, peers: [Measurement]) {
        guard let searchTime = search.wall?.median else { return }
        func peer(_ tool: String) -> Double? {
            peers.first { $0.command.label.hasPrefix(tool + " ") }?.wall?.median
        }
        print("Targets (issue 5):")
        if let rg = peer("rg") {
            let ratio = searchTime / rg
            print(
                "  vs rg -i: search takes \(Format.ratio(ratio)) rg's time; target within 3×: \(ratio <= 3 ? "met" : "MISSED")"
            )
        }
        if let jq = peer("jq") {
            let speedup = jq / searchTime
            print(
                "  vs jq:    search is \(Format.ratio(speedup)) faster; target at least 15×: \(speedup >= 15 ? "met" : "MISSED")"
            )
        }
        print()
    }

    private func printOutputCheck(_ search: Measurement) {
        let statuses = search.unexpectedStatuses(expected: [0])
        if !statuses.isEmpty { print("WARNING: search exited with status \(statuses) in some runs") }
        let warnings = search.stderr.split(separator: "\n")
        print("search's last run: exit status \(search.samples.last?.exitStatus ?? -1), \(warnings.count) stderr lines")
        for line in warnings.prefix(3) { print("  stderr: \(line)") }
        print()
    }

    private func memory(
        sizes: [Int], main: [ShapeBench.Row], mainRecords: Int, search: String, seed: UInt64,
        directory: String, scratch: String
    ) throws(BenchmarkError) {
        var headers = ["SHAPE"]
        var peaks: [[String]] = ShapeBench.shapes.map { [$0.name] }
        var worst = 0
        for size in sizes {
            let file = try DataFile.prepare(records: size, seed: seed, in: directory)
            headers += ["\(Format.count(size)) (\(Format.megabytes(file.bytes)))", "WALL"]
            for (index, shape) in ShapeBench.shapes.enumerated() {
                let measurement: Measurement
                if size == mainRecords, index < main.count {
                    measurement = main[index].search
                } else {
                    let command = TimedCommand(
                        label: shape.label, arguments: [search, "--data", file.path, "--limit", "20"] + shape.search)
                    measurement = try Bench.measure([command], runs: 1, scratch: scratch, progress: note)[0]
                }
                worst = max(worst, measurement.peakRSSKiB)
                peaks[index] += [
                    Format.mebibytes(kibibytes: measurement.peakRSSKiB),
                    measurement.wall.map { Format.seconds($0.median) } ?? "?",
                ]
            }
        }
        var table = TextTable(headers: headers, rightAligned: Set(1..<headers.count))
        for row in peaks { table.append(row) }
        print("## Peak RSS of every shape (largest over the runs; one run where the size is not the main file's)\n")
        print(table.render(), terminator: "")
        print(
            "Largest: \(Format.mebibytes(kibibytes: worst)); target ≤ 64 MiB: \(worst <= 64 * 1024 ? "met" : "MISSED")\n"
        )
    }

    private func firstOutput(search: String, runs: Int) throws(BenchmarkError) {
        var commands = [TimedCommand(label: "search queen  (bundled sample)", arguments: [search, "queen"])]
        if let jq = Shell.which("jq") {
            commands.append(TimedCommand(label: "jq -n 1", arguments: [jq, "-n", "1"]))
        }
        var table = TextTable(
            headers: ["COMMAND", "FIRST OUTPUT", "WHOLE PROCESS", "PEAK RSS", "EXIT STATUS"],
            rightAligned: [1, 2, 3, 4])
        for command in commands {
            note("time to first output: \(command.label)")
            _ = try ProcessRunner.runTimingFirstOutput(command.arguments)
            var samples: [ProcessSample] = []
            for _ in 0..<max(runs, 5) { samples.append(try ProcessRunner.runTimingFirstOutput(command.arguments)) }
            let first = Summary(samples.compactMap(\.firstOutputSeconds))
            let wall = Summary(samples.map(\.seconds))
            table.append([
                command.label, first.map { Format.seconds($0.median) } ?? "no output",
                wall.map { Format.seconds($0.median) } ?? "?",
                Format.mebibytes(kibibytes: samples.map(\.peakRSSKiB).max() ?? 0),
                String(samples.last?.exitStatus ?? -1),
            ])
        }
        print("## Time to first output (stdout a pipe; medians of \(max(runs, 5)) runs after one warm-up)\n")
        print(table.render())
    }

    private func reader(file: DataFile, runs: Int) throws(BenchmarkError) {
        note("reader alone over \(file.path)")
        _ = try ReaderBenchmark.pass(file.path)
        var passes: [ReaderBenchmark.Pass] = []
        for _ in 0..<runs { passes.append(try ReaderBenchmark.pass(file.path)) }
        guard let time = Summary(passes.map(\.seconds)), let last = passes.last else { return }
        let megabytesPerSecond = Double(file.bytes) / 1_000_000 / time.median
        print("## The reader alone (RecordReader in this process, a callback that only counts; medians of \(runs))\n")
        var table = TextTable(
            headers: ["FILE", "MEDIAN", "MIN", "MB/S", "RECORDS/S", "RECORDS", "DIAGNOSTICS"],
            rightAligned: [0, 1, 2, 3, 4, 5, 6])
        table.append([
            Format.megabytes(file.bytes), Format.seconds(time.median), Format.seconds(time.min),
            Format.fixed(megabytesPerSecond, places: 0),
            Format.count(Int(Double(last.records) / time.median)), Format.count(last.records),
            Format.count(last.diagnostics),
        ])
        print(table.render())
        if last.records != file.records {
            print("WARNING: the reader returned \(last.records) records; the file has \(file.records)\n")
        }
    }
}
