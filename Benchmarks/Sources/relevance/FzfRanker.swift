import BenchSupport
import Glibc

/// Asks `fzf --filter` for its ranking over the same names: its input is one
/// line `kind:name` per bundled record, and it matches only the part after
/// the first `:` (`--delimiter=: --nth=2..`), so that the kind prefix is not
/// searched (`car` would otherwise match every `card:` line).
///
/// fzf's defaults otherwise apply: smart case (a query with a capital letter
/// is case-sensitive), extended search (space-separated terms are ANDed),
/// Latin diacritics normalised, results sorted by score, then by length.
struct FzfRanker: Sendable {
    /// The `fzf` executable.
    var binary: String
    /// The file of `kind:name` lines fed to fzf.
    var namesFile: String
    /// A folder for each run's stdout and stderr.
    var scratch: String

    /// The first `limit` lines fzf prints for `query`, best first.
    /// - Throws: ``BenchmarkError`` when fzf fails (status 2 or more).
    func rank(_ query: String, limit: Int = RelevanceScore.depth) throws(BenchmarkError) -> [RankedResult] {
        let out = "\(scratch)/fzf.out"
        let err = "\(scratch)/fzf.err"
        defer {
            unlink(out)
            unlink(err)
        }
        let command =
            "exec \(Shell.quote(binary)) --filter=\(Shell.quote(query)) --delimiter=: --nth=2.. "
            + "< \(Shell.quote(namesFile))"
        let sample = try ProcessRunner.run(Shell.arguments(command), stdoutPath: out, stderrPath: err)
        // Status 1 means no match.
        guard sample.exitStatus <= 1 else {
            let message = Bench.readPrefix(err, limit: 2000).split(separator: "\n").first ?? ""
            throw BenchmarkError(
                "fzf --filter=\(Shell.quote(query)) exited with status \(sample.exitStatus): \(message)")
        }
        return Bench.readPrefix(out, limit: 1 << 20).split(separator: "\n").prefix(limit).map {
            RankedResult(key: String($0), how: "")
        }
    }
}
