import ResultKit
import SearchEngine
import SphinxCluster
import Synchronization
import TerminalTable

/// What the command does with clusters: wires `--source` clusters in as
/// sources, and runs `--push`.
enum ClusterCommands {
    /// The `--source` clusters as sources of `query`. The first that
    /// answers says what a cluster cannot find (``noteWhatClustersFind(_:arguments:output:)``),
    /// after the search reached it: not before an error that it could not.
    static func sources(_ arguments: SearchArguments, query: Query, options: SearchOptions, output: Output)
        -> [any SearchSource]
    {
        let noted = OnceFlag()
        return arguments.clusters.compactMap { url in
            var source = try? ClusterSource(
                url: url, query: query, options: options,
                timeouts: ClusterTimeouts(connect: arguments.connectTimeout, query: arguments.queryTimeout))
            source?.onAnswer = {
                if noted.isFirst() {
                    noteWhatClustersFind(query, arguments: arguments, output: output)
                }
            }
            return source
        }
    }

    /// Says once what a cluster cannot find, and which words it can only
    /// match locally: `--quiet` silences it, unless `--explain` asks why.
    static func noteWhatClustersFind(_ query: Query, arguments: SearchArguments, output: Output) {
        guard !arguments.quiet || arguments.explain else { return }
        let tiers = TierQuery(query)
        if !tiers.isEmpty {
            output.error(
                "note: a cluster finds exact, prefix, word-prefix and substring matches; typo and fuzzy matches "
                    + "come from local files only\n")
        }
        for word in tiers.unsearchable {
            output.error(
                "note: '\(TerminalText.sanitize(word))' has no letters or digits a cluster indexes; "
                    + "the cluster cannot look for it\n")
        }
        if !tiers.wholeWordsOnly.isEmpty {
            output.error(
                "note: a cluster finds one-character words ("
                    + tiers.wholeWordsOnly.map { "'\(TerminalText.sanitize($0))'" }.joined(separator: ", ")
                    + ") as whole words only\n")
        }
    }

    /// `search --push URL --data …`: loads the records and prints the counts.
    static func push(
        to url: String, arguments: SearchArguments, registry: KindRegistry, console: Console, output: Output
    ) -> ExitStatus {
        let loader: ClusterPush
        do throws(ClusterError) {
            loader = try ClusterPush(
                url: url, timeouts: ClusterTimeouts(connect: arguments.connectTimeout, query: arguments.queryTimeout))
        } catch {
            output.error("error: \(TerminalText.sanitize(error.description))\n")
            return .failure
        }
        let reader = RecordReader(
            registry: registry, defaultKind: arguments.kinds.count == 1 ? arguments.kinds[0] : nil,
            maxLineBytes: arguments.maxLineBytes, maxDocumentBytes: arguments.maxDocumentBytes)
        var cap = DiagnosticCap()
        let showsProgress = console.errorIsTerminal && !arguments.quiet
        let summary: ClusterPush.Summary
        do throws(ClusterError) {
            summary = try loader.load(
                arguments.data.map { $0 == "-" ? DataSource.standardInput : .path($0) },
                reader: reader,
                progress: { count in
                    if showsProgress { output.error("\rloading: \(count) records read") }
                },
                diagnose: { diagnostic in
                    if showsProgress { output.error("\r\u{1B}[K") }
                    if cap.admit(diagnostic) { output.diagnostic(diagnostic) }
                })
        } catch {
            if showsProgress { output.error("\r\u{1B}[K") }
            output.error("error: \(TerminalText.sanitize(error.description))\n")
            return .failure
        }
        if showsProgress { output.error("\r\u{1B}[K") }
        for line in cap.summary { output.error(TerminalText.sanitize(line) + "\n") }
        let shards = summary.perShard.map(String.init).joined(separator: " + ")
        output.error(
            "loaded \(summary.loaded) record\(summary.loaded == 1 ? "" : "s") into \(TerminalText.sanitize(url)) "
                + "(\(shards) across \(summary.perShard.count) shards)"
                + (summary.replaced > 0
                    ? "; \(summary.replaced) replaced an earlier record with the same id, see the warnings above" : "")
                + (cap.skippedRecords > 0 ? "; \(cap.skippedRecords) skipped, see the warnings above" : "") + "\n")
        if !summary.notLoaded.isEmpty {
            output.error(
                "error: \(summary.notLoaded.count) record\(summary.notLoaded.count == 1 ? "" : "s") did not land:\n")
            for location in summary.notLoaded {
                output.error("  \(TerminalText.sanitize(location.description))\n")
            }
        }
        if cap.errors > 0 || !summary.notLoaded.isEmpty || (arguments.strict && cap.warnings > 0) { return .failure }
        return .success
    }
}

/// True the first time it is asked, from any thread.
private final class OnceFlag: Sendable {
    private let asked = Atomic(false)

    func isFirst() -> Bool { !asked.exchange(true, ordering: .relaxed) }
}
