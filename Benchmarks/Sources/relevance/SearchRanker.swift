import BenchSupport
import FoundationEssentials
import Glibc

/// Asks the real `search` binary for its ranking: one process per query,
/// `search [DATA ARGUMENTS] --format json --limit 10 -- QUERY`, over the
/// bundled sample when there are no data arguments.
struct SearchRanker: Sendable {
    /// The `search` executable.
    var binary: String
    /// What search is told to search (`--data FILE --kinds DIR`); empty for
    /// its bundled sample.
    var dataArguments: [String] = []
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

    /// What search answered for one query.
    struct Answer {
        /// The first results, best first; empty when it found nothing or refused.
        var results: [RankedResult]
        /// Search's `error:` line when it refused the query as a query error
        /// (status 2) or usage error (status 64): scored as finding nothing.
        var refusal: String?
    }

    /// The first `limit` results for `query`, best first.
    /// - Throws: ``BenchmarkError`` when search fails otherwise (another status
    ///   of 2 or more, or a signal) or prints something that is not its JSON output.
    func rank(_ query: String, limit: Int = RelevanceScore.depth) throws(BenchmarkError) -> Answer {
        let text: String
        do {
            text = try runOrRefuse(["--format", "json", "--limit", "\(limit)", "--", query], refusable: true)
        } catch let refusal as Refusal {
            return Answer(results: [], refusal: refusal.message)
        } catch let error as BenchmarkError {
            throw error
        } catch {
            throw BenchmarkError("\(error)")
        }
        guard !text.isEmpty else { return Answer(results: []) }
        do {
            let output = try JSONDecoder().decode(Output.self, from: Data(text.utf8))
            return Answer(
                results: output.results.map { RankedResult(key: "\($0.kind):\($0.name)", how: $0.tier ?? "") })
        } catch {
            throw BenchmarkError("search printed no JSON for '\(query)': \(error)")
        }
    }

    /// Every record search sees (its bundled sample when there are no data
    /// arguments), as `kind:name` keys: the output of the empty query.
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

    /// Status 2 or 64 from a query search could not take.
    private struct Refusal: Error {
        var message: String
    }

    private func run(
        _ arguments: [String], outputLimit: Int = 1 << 22, refusable: Bool = false
    ) throws(BenchmarkError) -> String {
        do {
            return try runOrRefuse(arguments, outputLimit: outputLimit, refusable: refusable)
        } catch let error as BenchmarkError {
            throw error
        } catch {
            throw BenchmarkError("\(error)")
        }
    }

    private func runOrRefuse(_ arguments: [String], outputLimit: Int = 1 << 22, refusable: Bool) throws -> String {
        let out = "\(scratch)/search.out"
        let err = "\(scratch)/search.err"
        defer {
            unlink(out)
            unlink(err)
        }
        let sample = try ProcessRunner.run([binary] + dataArguments + arguments, stdoutPath: out, stderrPath: err)
        // Status 1 means "nothing found", as for grep.
        guard sample.exitStatus <= 1 else {
            let lines = Bench.readPrefix(err, limit: 8000).split(separator: "\n")
            let message = lines.first { $0.hasPrefix("error:") } ?? lines.first ?? ""
            if refusable && (sample.exitStatus == 2 || sample.exitStatus == 64) {
                throw Refusal(message: "exit \(sample.exitStatus): \(message)")
            }
            throw BenchmarkError(
                "search \((dataArguments + arguments).map(Shell.quote).joined(separator: " ")) exited with status "
                    + "\(sample.exitStatus): \(message)")
        }
        return Bench.readPrefix(out, limit: outputLimit)
    }
}
