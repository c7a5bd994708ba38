import BenchSupport
import Glibc

// Loads generated records into a local Sphinx cluster (2 shards and an
// aggregator, started with scripts/cluster.sh) with `search --push`, then
// times queries through the aggregator next to the same queries over the
// local file. Figures on stdout, progress on stderr.
//
//     swift run -c release cluster-bench [--records N] [--runs R] [--seed S] [--search PATH] [--data-dir DIR]

struct Options {
    var records = 1_000_000
    var runs = 20
    var seed: UInt64 = 1
    var search = "../.build/release/search"
    var dataDirectory = String(cString: getenv("TMPDIR") ?? strdup("/tmp"))

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
            case "--help":
                print("usage: cluster-bench [--records N] [--runs R] [--seed S] [--search PATH] [--data-dir DIR]")
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

    progress("starting 2 shards and an aggregator")
    let clusterFolder = scratch + "/cluster"
    let started = try ProcessRunner.run(
        [script, "start", clusterFolder, "--shards", "2"], stdoutPath: scratch + "/url",
        stderrPath: scratch + "/start.err")
    guard started.exitStatus == 0 else {
        throw BenchmarkError("scripts/cluster.sh start failed: \(Bench.readPrefix(scratch + "/start.err"))")
    }
    let url = Bench.readPrefix(scratch + "/url").split(separator: "\n").last.map(String.init) ?? ""
    defer {
        _ = try? ProcessRunner.run(
            [script, "stop", clusterFolder], stdoutPath: "/dev/null", stderrPath: scratch + "/stop.err")
        // The scratch folder holds the cluster's data and logs too: all of it goes.
        _ = try? ProcessRunner.run(["/bin/rm", "-rf", scratch], stdoutPath: "/dev/null", stderrPath: "/dev/null")
    }

    progress("loading \(data.path) into \(url)")
    let push = try ProcessRunner.run(
        [options.search, "--push", url, "--data", data.path, "-q"], stdoutPath: scratch + "/push.out",
        stderrPath: scratch + "/push.err")
    let pushMessage = Bench.readPrefix(scratch + "/push.err")
    let loadedLine =
        pushMessage.split(separator: "\n").first { $0.hasPrefix("loaded ") }.map(String.init) ?? pushMessage
    let loaded = Int(loadedLine.split(separator: " ").dropFirst().first ?? "") ?? 0

    let queries: [(String, [String])] = [
        ("word", ["coffee"]),
        ("prefix", ["cof"]),
        ("substring", ["offe"]),
        ("filter", ["coffee", "price<5"]),
        ("sort", ["coffee", "--sort", "-price"]),
    ]
    var commands: [TimedCommand] = []
    for (label, words) in queries {
        let common = words + ["-n", "20", "--format", "jsonl", "-q"]
        commands.append(
            TimedCommand(label: "\(label) cluster", arguments: [options.search] + common + ["--source", url]))
        commands.append(
            TimedCommand(label: "\(label) file", arguments: [options.search] + common + ["--data", data.path]))
    }
    let measured = try Bench.measure(commands, runs: options.runs, scratch: scratch, progress: progress)

    print("# Cluster benchmark: \(Format.count(options.records)) records, 2 shards + aggregator on 127.0.0.1")
    print()
    print("Machine: \(Machine.description()); load \(Machine.loadAverage()); \(Machine.now())")
    print()
    print(
        "Push: \(Format.count(loaded)) records in \(Format.seconds(push.seconds)) = "
            + "\(Format.count(Int(Double(loaded) / max(push.seconds, 0.001)))) records/s (exit \(push.exitStatus))")
    print()
    print("| query | where | p50 | p95 | results |")
    print("|---|---|---|---|---|")
    for measurement in measured {
        let seconds = measurement.samples.map(\.seconds)
        let parts = measurement.command.label.split(separator: " ")
        let words = queries.first { $0.0 == parts[0] }?.1.joined(separator: " ") ?? ""
        print(
            "| `\(words)` | \(parts[1]) | \(milliseconds(percentile(seconds, 50))) | "
                + "\(milliseconds(percentile(seconds, 95))) | \(measurement.stdoutLines) |")
    }
    print()
    print("Whole `search` processes, \(options.runs) runs each, interleaved; p50 and p95 by nearest rank.")
}

do {
    try run()
} catch {
    StandardError.line("error: \(error)")
    exit(2)
}
