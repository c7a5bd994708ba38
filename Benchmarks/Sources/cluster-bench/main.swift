import BenchSupport
import Glibc

// Loads generated records into a local Sphinx cluster (2 shards and an
// aggregator, started with scripts/cluster.sh) with `search --push`, then
// times queries of five classes through the aggregator next to the same
// queries over the local files. Figures on stdout, progress on stderr.
//
// The records are the benchmarks' mix (domains, products, cards, recipes),
// and one in fifty more of many scripts (CJK, Thai, Devanagari), so that a
// CJK word has something to find.
//
//     swift run -c release cluster-bench [--records N] [--runs R] [--seed S] [--search PATH] [--data-dir DIR]
//                                        [--cluster DIR] [--skip-file]
//
// --cluster DIR keeps the cluster in DIR and reuses it when it already holds
// the records (a load of 10,000,000 takes a while); --skip-file leaves out
// the timing of the local file (a 10,000,000-record file takes seconds a query).

struct Options {
    var records = 1_000_000
    var runs = 20
    var seed: UInt64 = 1
    var search = "../.build/release/search"
    var dataDirectory = String(cString: getenv("TMPDIR") ?? strdup("/tmp"))
    var clusterDirectory: String?
    var skipFile = false

    init(_ arguments: [String]) throws(BenchmarkError) {
        var index = 0
        func value() throws(BenchmarkError) -> String {
            index += 1
            guard index < arguments.count else { throw BenchmarkError("\(arguments[index - 1]) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--records": records = Int(try value()) ?? records
            case "--runs": runs = Int(try value()) ?? runs
            case "--seed": seed = UInt64(try value()) ?? seed
            case "--search": search = try value()
            case "--data-dir": dataDirectory = try value()
            case "--cluster": clusterDirectory = try value()
            case "--skip-file": skipFile = true
            case "--help":
                print(
                    "usage: cluster-bench [--records N] [--runs R] [--seed S] [--search PATH] [--data-dir DIR] "
                        + "[--cluster DIR] [--skip-file]")
                exit(0)
            default: throw BenchmarkError("unknown argument \(arguments[index])")
            }
            index += 1
        }
    }
}

func progress(_ text: String) {
    StandardError.line(text)
}

/// The nearest-rank percentile of `values`.
func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[max(0, min(sorted.count - 1, rank - 1))]
}

func milliseconds(_ seconds: Double) -> String {
    Format.fixed(seconds * 1000, places: 0) + " ms"
}

/// Records of many scripts: translations of place names, one in fifty of
/// the benchmark's records, written to their own file.
func writeMultilingual(records: Int, seed: UInt64, in directory: String) throws(BenchmarkError) -> String {
    let path = "\(directory)/resultkit-cluster-bench-multilingual-seed\(seed)-\(records).jsonl"
    if DataFile.fileSize(path) != nil { return path }
    let words = [
        "東京", "大阪", "京都", "北京", "上海", "中国", "日本", "台湾", "香港", "人民", "共和国", "大学", "銀行", "電気",
        "自動車", "図書館", "博物館", "公園", "駅", "空港", "ประเทศไทย", "กรุงเทพ", "ภาษา", "भारत", "नेपाल", "दिल्ली",
        "한국", "서울", "대학교", "Ελλάδα", "Αθήνα", "Москва", "Россия",
    ]
    var random = SplitMix64(seed: seed ^ 0x5EED)
    var text = ""
    for index in 0..<records {
        let name = (0..<(2 + random.below(2))).map { _ in random.pick(words) }.joined()
        text +=
            #"{"kind":"translation","name":"\#(name)","language":"\#(random.pick(["zh", "ja", "th", "hi", "ko"]))","#
            + #""english":"place \#(index)"}"# + "\n"
    }
    let partial = "\(path).partial-\(getpid())"
    guard let file = fopen(partial, "w") else { throw BenchmarkError("cannot create \(partial)") }
    fputs(text, file)
    fclose(file)
    guard rename(partial, path) == 0 else { throw BenchmarkError("cannot rename \(partial)") }
    return path
}

func run() throws(BenchmarkError) {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    guard access(options.search, X_OK) == 0 else {
        throw BenchmarkError(
            "\(options.search) is not built: run `swift build -c release --product search` in the root package")
    }
    let root = String(options.search.dropLast("/.build/release/search".count))
    let script = (root.isEmpty ? ".." : root) + "/scripts/cluster.sh"
    let scratch = try Bench.makeScratch(in: options.dataDirectory)
    progress("generating \(Format.count(options.records)) records (seed \(options.seed))")
    let data = try DataFile.prepare(records: options.records, seed: options.seed, in: options.dataDirectory)
    let multilingual = try writeMultilingual(
        records: options.records / 50, seed: options.seed, in: options.dataDirectory)
    let files = [data.path, multilingual]
    let total = options.records + options.records / 50

    let clusterFolder = options.clusterDirectory ?? scratch + "/cluster"
    func start(_ extra: [String] = []) throws(BenchmarkError) -> String {
        let started = try ProcessRunner.run(
            [script, "start", clusterFolder, "--shards", "2"] + extra, stdoutPath: scratch + "/url",
            stderrPath: scratch + "/start.err")
        guard started.exitStatus == 0 else {
            throw BenchmarkError("scripts/cluster.sh start failed: \(Bench.readPrefix(scratch + "/start.err"))")
        }
        return Bench.readPrefix(scratch + "/url").split(separator: "\n").last.map(String.init) ?? ""
    }
    progress("starting 2 shards and an aggregator in \(clusterFolder)")
    var url = try start()
    // A kept cluster loaded by another version of `search` is refused by
    // this one (its index lacks fields this one reads): start it afresh.
    let probe = try ProcessRunner.run(
        [options.search, "cofee", "--source", url, "-n", "1", "-q"], stdoutPath: "/dev/null",
        stderrPath: scratch + "/probe.err")
    if probe.exitStatus == 2, Bench.readPrefix(scratch + "/probe.err").contains("another version of search") {
        progress("the kept cluster was loaded by another version of search: starting it afresh")
        _ = try ProcessRunner.run([script, "stop", clusterFolder], stdoutPath: "/dev/null", stderrPath: "/dev/null")
        url = try start(["--fresh"])
    }
    defer {
        _ = try? ProcessRunner.run(
            [script, "stop", clusterFolder], stdoutPath: "/dev/null", stderrPath: scratch + "/stop.err")
        // The scratch folder holds the cluster's data and logs unless --cluster keeps them elsewhere.
        _ = try? ProcessRunner.run(["/bin/rm", "-rf", scratch], stdoutPath: "/dev/null", stderrPath: "/dev/null")
    }
    let held = heldRecords(script: script, clusterFolder: clusterFolder, scratch: scratch)

    // Ids come from content, so the cluster holds each distinct record once
    // (about three in four of the mix): a kept cluster is reused when it
    // holds what the push of these records and seed left, as noted then.
    let marker = clusterFolder + "/bench-loaded"
    let loadedBefore = Bench.readPrefix(marker).split(separator: " ").compactMap { Int($0) }
    var pushLine = ""
    if options.clusterDirectory != nil, held > 0, loadedBefore == [total, Int(options.seed), held] {
        pushLine = "Push: reused a cluster holding \(Format.count(held)) records"
    } else {
        progress("loading \(files.joined(separator: " and ")) into \(url)")
        let servers = serverPIDs(clusterFolder: clusterFolder, scratch: scratch)
        let serverTicksBefore = cpuTicks(of: servers)
        let push = try ProcessRunner.run(
            [options.search, "--push", url, "--mirror", "-q"] + files.flatMap { ["--data", $0] },
            stdoutPath: scratch + "/push.out", stderrPath: scratch + "/push.err")
        let pushMessage = Bench.readPrefix(scratch + "/push.err")
        let loadedLine =
            pushMessage.split(separator: "\n").first { $0.hasPrefix("loaded ") }.map(String.init) ?? pushMessage
        let loaded = Int(loadedLine.split(separator: " ").dropFirst().first ?? "") ?? 0
        // Where the push's CPU went, a record at a time: the cores it may
        // use are shared by `search` and the shards.
        let serverSeconds = Double(cpuTicks(of: servers) - serverTicksBefore) / Double(sysconf(Int32(_SC_CLK_TCK)))
        let searchSeconds = push.userSeconds + push.systemSeconds
        func perRecord(_ seconds: Double) -> String { "\(Int((seconds * 1e6 / Double(max(loaded, 1))).rounded())) µs" }
        pushLine =
            "Push: \(Format.count(loaded)) records in \(Format.seconds(push.seconds)) = "
            + "\(Format.count(Int(Double(loaded) / max(push.seconds, 0.001)))) records/s (exit \(push.exitStatus)). "
            + "CPU a record: `search` \(perRecord(searchSeconds)), the servers \(perRecord(serverSeconds)); "
            + Format.fixed((searchSeconds + serverSeconds) / max(push.seconds, 0.001), places: 2)
            + " of \(Machine.coreCount()) cores busy."
    }

    // A push ends by merging each shard's chunks in the background
    // (`OPTIMIZE INDEX`); queries timed during the merge measure the merge.
    progress("waiting for the shards to finish merging")
    // The merge took 12 s at 1M records; at 10M, 340 s a shard had merged
    // 18 of its 25 chunks: the wait allowed grows with the records, one
    // second per 5,000 and at least 300.
    let allowed = max(300, total / 5_000)
    let settle = settledSeconds(clusterFolder: clusterFolder, scratch: scratch, limit: allowed)
    let settleLine =
        settle.map { "The shards were idle \(Format.seconds($0)) after the push ended (their background merge)." }
        ?? "The shards were still busy \(allowed) s after the push ended: the queries ran during their merge."
    if options.clusterDirectory != nil, settle != nil {
        let heldAfter = heldRecords(script: script, clusterFolder: clusterFolder, scratch: scratch)
        _ = try? ProcessRunner.run(
            ["/bin/sh", "-c", "printf '%s' \"$1\" > \"$0\"", marker, "\(total) \(options.seed) \(heldAfter)"],
            stdoutPath: "/dev/null", stderrPath: "/dev/null")
    }

    let queries: [(String, [String])] = [
        ("word", ["coffee"]),
        ("typo", ["cofee"]),
        ("CJK word", ["東京"]),
        ("filter", ["price:10..20"]),
        ("sort", ["coffee", "--sort", "-price"]),
    ]
    var commands: [TimedCommand] = []
    for (label, words) in queries {
        let common = words + ["-n", "20", "--format", "jsonl", "-q"]
        commands.append(
            TimedCommand(label: "\(label)|cluster", arguments: [options.search] + common + ["--source", url]))
        if !options.skipFile {
            commands.append(
                TimedCommand(
                    label: "\(label)|file", arguments: [options.search] + common + files.flatMap { ["--data", $0] }))
        }
    }
    let measured = try Bench.measure(commands, runs: options.runs, scratch: scratch, progress: progress)

    print(
        "# Cluster benchmark: \(Format.count(total)) records, 2 shards + aggregator on 127.0.0.1")
    print()
    print("Machine: \(Machine.description()); load \(Machine.loadAverage()); \(Machine.now())")
    print()
    print(pushLine)
    print()
    print(settleLine)
    print()
    print("| class | query | where | p50 | p95 | results |")
    print("|---|---|---|---|---|---|")
    for measurement in measured {
        let seconds = measurement.samples.map(\.seconds)
        let parts = measurement.command.label.split(separator: "|")
        let words = queries.first { $0.0 == parts[0] }?.1.joined(separator: " ") ?? ""
        print(
            "| \(parts[0]) | `\(words)` | \(parts[1]) | \(milliseconds(percentile(seconds, 50))) | "
                + "\(milliseconds(percentile(seconds, 95))) | \(measurement.stdoutLines) |")
    }
    print()
    print("Whole `search` processes, \(options.runs) runs each, interleaved; p50 and p95 by nearest rank.")
}

/// The records the cluster in `clusterFolder` holds, from the `total:` line
/// of `scripts/cluster.sh status` (0 when it says none).
func heldRecords(script: String, clusterFolder: String, scratch: String) -> Int {
    _ = try? ProcessRunner.run(
        [script, "status", clusterFolder], stdoutPath: scratch + "/status.out", stderrPath: "/dev/null")
    return Bench.readPrefix(scratch + "/status.out").split(separator: "\n")
        .first { $0.hasPrefix("total: ") }.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
}

/// The PIDs of the cluster's servers in `clusterFolder` (`run/*.pid`).
func serverPIDs(clusterFolder: String, scratch: String) -> [Int] {
    _ = try? ProcessRunner.run(
        ["/bin/sh", "-c", "cat \"$0\"/run/*.pid", clusterFolder], stdoutPath: scratch + "/pids",
        stderrPath: "/dev/null")
    return Bench.readPrefix(scratch + "/pids").split(separator: "\n").compactMap { Int($0) }
}

/// The CPU time the processes `pids` have used, in clock ticks (user and
/// system, from `/proc/PID/stat`).
func cpuTicks(of pids: [Int]) -> Int {
    pids.reduce(0) { total, pid in
        let fields = Bench.readPrefix("/proc/\(pid)/stat").split(separator: ")").last?.split(separator: " ") ?? []
        // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return total }
        return total + user + system
    }
}

/// Seconds until every `searchd` of the cluster in `clusterFolder` has
/// used no more than 0.02 s of CPU in a second (read from `/proc/PID/stat`,
/// the PIDs from `run/*.pid`), or `nil` after `limit` seconds.
func settledSeconds(clusterFolder: String, scratch: String, limit: Int) -> Double? {
    let pids = serverPIDs(clusterFolder: clusterFolder, scratch: scratch)
    var last = cpuTicks(of: pids)
    for second in 1...limit {
        sleep(1)
        let now = cpuTicks(of: pids)
        if now - last <= 2 { return Double(second - 1) }
        last = now
    }
    return nil
}

do {
    try run()
} catch {
    StandardError.line("error: \(error)")
    exit(2)
}
