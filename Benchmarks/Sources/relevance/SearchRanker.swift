import BenchSupport
import FoundationEssentials
import Glibc

/// Asks the real `search` binary for its ranking: one process per query,
/// `search --format json --limit 10 -- QUERY` over the bundled sample.
struct SearchRanker: Sendable {
    /// The `search` executable.
    var binary: String
    /// A folder for each run's stdout and stderr.
    var scratch: String

    private struct Output: Decodable {
        struct Result: Decodable {
            var kind: String
            var name: String
            var tier: String?
        }
        var results: [Result]
    }

    private struct Line: Decodable {
        var kind: String
        var name: String
    }

    /// The first `limit` results for `query`, best first.
    /// - Throws: ``BenchmarkError`` when search fails (status 2 or more) or
    ///   prints something that is not its JSON output.
    func rank(_ query: String, limit: Int = RelevanceScore.depth) throws(BenchmarkError) -> [RankedResult] {
        let text = try run(["--format", "json", "--limit", "\(limit)", "--", query])
        guard !text.isEmpty else { return [] }
        do {
            let output = try JSONDecoder().decode(Output.self, from: Data(text.utf8))
            return output.results.map { RankedResult(key: "\($0.kind):\($0.name)", how: $0.tier ?? "") }
        } catch {
            throw BenchmarkError("search printed no JSON for '\(query)': \(error)")
        }
    }

    /// Every record search sees with no data option (its bundled sample), as
    /// `kind:name` keys: the output of the empty query.
    /// - Throws: ``BenchmarkError`` when search fails.
    func allKeys() throws(BenchmarkError) -> [String] {
        let text = try run(["--format", "jsonl", "--limit", "10000000", "--", ""], outputLimit: 1 << 24)
        var keys: [String] = []
        for line in text.split(separator: "\n") {
            guard let record = try? JSONDecoder().decode(Line.self, from: Data(line.utf8)) else {
                throw BenchmarkError("search printed a line that is not a JSON result: \(line.prefix(80))")
            }
            keys.append("\(record.kind):\(record.name)")
        }
        return keys
    }

    private func run(_ arguments: [String], outputLimit: Int = 1 << 22) throws(BenchmarkError) -> String {
        let out = "\(scratch)/search.out"
        let err = "\(scratch)/search.err"
        defer {
            unlink(out)
            unlink(err)
        }
        let sample = try ProcessRunner.run([binary] + arguments, stdoutPath: out, stderrPath: err)
        // Status 1 means "nothing found", as for grep.
        guard sample.exitStatus <= 1 else {
            let message = Bench.readPrefix(err, limit: 2000).split(separator: "\n").first ?? ""
            throw BenchmarkError(
                "search \(arguments.map(Shell.quote).joined(separator: " ")) exited with status "
                    + "\(sample.exitStatus): \(message)")
        }
        return Bench.readPrefix(out, limit: outputLimit)
    }
}
