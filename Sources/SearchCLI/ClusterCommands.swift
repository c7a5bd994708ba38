import ResultKit
import SearchEngine
import SphinxCluster
import Synchronization
import TerminalTable

/// What the command does with clusters: wires `--source` clusters in as
/// sources, and runs `--push`.
enum ClusterCommands {
    /// How long a search waits for each answer, and a push for each statement, by default.
    static let searchQueryTimeout = 5.0
    static let pushQueryTimeout = 30.0

    /// The `--source` clusters as sources of the search. Each one's report
    /// goes to `reports`, for `--explain` and for JSON's `partial`.
    static func sources(_ arguments: SearchArguments, reports: ClusterReports) -> [any SearchSource] {
        arguments.clusters.compactMap { url in
            var source = try? ClusterSource(
                url: url,
                timeouts: ClusterTimeouts(
                    connect: arguments.connectTimeout, query: arguments.queryTimeout ?? searchQueryTimeout))
            source?.onAnswer = { report in reports.add(url: url, report) }
            return source
        }
    }

    /// `--explain`: what each cluster was asked, on stderr (even with `--quiet`).
    static func explain(_ reports: ClusterReports, arguments: SearchArguments, output: Output) {
        guard arguments.explain else { return }
        for (url, report) in reports.all {
            output.error(
                "note: \(TerminalText.sanitize(url)): \(report.candidates) candidate"
                    + "\(report.candidates == 1 ? "" : "s") ranked here, of \(report.rowsRead) rows read by "
                    + "\(report.statements) statement\(report.statements == 1 ? "" : "s") in \(report.roundTrips) "
                    + "round trip\(report.roundTrips == 1 ? "" : "s")\n")
        }
    }

    /// `search --push URL [--data …]`: loads the records and prints the counts.
    static func push(
        to url: String, arguments: SearchArguments, registry: KindRegistry, console: Console, output: Output
    ) -> ExitStatus {
        var data = arguments.data.map { $0 == "-" ? DataSource.standardInput : .path($0) }
        if data.isEmpty {
            guard console.inputHasData else {
                output.error(
                    "error: --push has nothing to load: name the files with --data, or pipe the records in\n")
                return .usage
            }
            data = [.standardInput]
        }
        let loader: ClusterPush
        do throws(ClusterError) {
            loader = try ClusterPush(
                url: url,
                timeouts: ClusterTimeouts(
                    connect: arguments.connectTimeout, query: arguments.queryTimeout ?? pushQueryTimeout),
                idField: arguments.idField, mirror: arguments.mirror)
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
                data,
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
        output.error(report(summary, url: url, skipped: cap.skippedRecords, mirror: arguments.mirror))
        if !summary.notLoaded.isEmpty {
            output.error(
                "error: \(summary.notLoaded.count) record\(summary.notLoaded.count == 1 ? "" : "s") did not land:\n")
            for location in summary.notLoaded {
                output.error("  \(TerminalText.sanitize(location.description))\n")
            }
        }
        if summary.mirrorRefused {
            output.error("error: --mirror: a shard failed, so nothing was deleted\n")
        }
        if cap.errors > 0 || !summary.notLoaded.isEmpty || summary.mirrorRefused
            || (arguments.strict && cap.warnings > 0)
        {
            return .failure
        }
        return .success
    }

    /// `loaded 6273 records into URL: 6250 added, 23 replaced (3137 + 3136 across 2 shards)`.
    static func report(_ summary: ClusterPush.Summary, url: String, skipped: Int, mirror: Bool) -> String {
        let loaded = summary.sent - summary.notLoaded.count
        var counts = ["\(summary.added) added", "\(summary.replaced) replaced"]
        if mirror { counts.append("\(summary.deleted) deleted") }
        let shards = summary.perShard.map(String.init).joined(separator: " + ")
        return "loaded \(loaded) record\(loaded == 1 ? "" : "s") into \(TerminalText.sanitize(url)): "
            + counts.joined(separator: ", ")
            + " (\(shards) held across \(summary.perShard.count) shard\(summary.perShard.count == 1 ? "" : "s"))"
            + (skipped > 0 ? "; \(skipped) skipped, see the warnings above" : "") + "\n"
    }
}

/// What each cluster of a search reported, from whichever thread searched it.
final class ClusterReports: Sendable {
    private let reports = Mutex<[(url: String, report: ClusterSource.Report)]>([])

    func add(url: String, _ report: ClusterSource.Report) {
        reports.withLock { $0.append((url, report)) }
    }

    var all: [(url: String, report: ClusterSource.Report)] { reports.withLock { $0 } }

    /// The shards that did not answer, over every cluster; `nil` when every
    /// cluster answered whole.
    var failedShards: [String]? {
        let all = self.all
        guard all.contains(where: \.report.isPartial) else { return nil }
        return all.flatMap(\.report.failedShards)
    }
}
