import Foundation
import Testing

@testable import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `scripts/cluster.sh` keeps the data: a cluster stopped, killed or
/// rebooted starts again with the same records on the same ports and URL;
/// a running one is never started over; wiping is asked for by name.
@Suite(.serialized, .enabled(if: ClusterFixture.enabled, ClusterFixture.skipReason))
struct ClusterLifecycleTests {
    static let script = BinaryRunner.packageRoot.appendingPathComponent("scripts/cluster.sh").path

    /// Runs `scripts/cluster.sh` with `arguments`; its status and what it said.
    static func script(_ arguments: [String], in cluster: ClusterFixture) throws -> (status: Int32, output: String) {
        let log = cluster.folder.appendingPathComponent("script-\(UUID().uuidString).log").path
        let status = try ClusterFixture.spawnAndWait(["/bin/bash", script] + arguments, output: log)
        return (status, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    static func url(of cluster: ClusterFixture) -> String {
        ((try? String(contentsOf: cluster.folder.appendingPathComponent("url"), encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The names of what `tea` finds in the cluster at `url`.
    static func found(_ url: String) throws -> [String] {
        let run = try BinaryRunner.run(["tea", "--source", url, "--format", "jsonl", "-n", "1000"])
        return ClusterTests.ranking(run.stdout)
    }

    static func loaded() throws -> (ClusterFixture, [String]) {
        let cluster = try ClusterFixture()
        let file = try ClusterTests.write(
            (0..<200).map { #"{"kind":"product","name":"tea \#($0)","price":\#($0)}"# }, to: cluster.folder)
        let pushed = try BinaryRunner.run(["--push", cluster.url, "--data", file])
        guard pushed.status == 0 else { throw FixtureError(message: pushed.stderr) }
        let found = try Self.found(cluster.url)
        guard found.count == 200 else { throw FixtureError(message: "found \(found.count) of 200") }
        return (cluster, found)
    }

    @Test func stopThenStartResumesTheSameDataOnTheSameURL() throws {
        let (cluster, before) = try Self.loaded()
        defer { cluster.stop() }
        #expect(try Self.script(["stop", cluster.folder.path], in: cluster).status == 0)
        let started = try Self.script(["start", cluster.folder.path, "--owner", String(getpid())], in: cluster)
        #expect(started.status == 0, "\(started.output)")
        #expect(started.output.contains("resumed 2 shards"), "\(started.output)")
        #expect(Self.url(of: cluster) == cluster.url)
        #expect(try Self.found(cluster.url) == before)
    }

    /// Every server killed at once, as a power cut or a reboot would: the
    /// binlogs give every record back.
    @Test func aKilledClusterStartsWithEveryRecord() throws {
        let (cluster, before) = try Self.loaded()
        defer { cluster.stop() }
        for pid in cluster.pids.values { kill(pid, SIGKILL) }
        for _ in 0..<100 where cluster.pids.values.contains(where: ClusterFixture.isAlive) { usleep(50_000) }
        let started = try Self.script(["start", cluster.folder.path, "--owner", String(getpid())], in: cluster)
        #expect(started.status == 0, "\(started.output)")
        #expect(Self.url(of: cluster) == cluster.url)
        #expect(try Self.found(cluster.url) == before)
    }

    /// A cluster whose index was laid out by an older `search` (its typo
    /// fields named `ty0`… and tokens spelled otherwise): a search is
    /// refused with what to do, rather than answered without typos.
    @Test func aClusterOfAnOlderLayoutIsRefusedWithAdvice() throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        #expect(try Self.script(["stop", cluster.folder.path], in: cluster).status == 0)
        let conf = cluster.folder.appendingPathComponent("conf")
        for name in try FileManager.default.contentsOfDirectory(atPath: conf.path) where name.hasPrefix("shard") {
            let path = conf.appendingPathComponent(name).path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("rt_field = tr0"))
            try text.replacingOccurrences(of: "rt_field = tr", with: "rt_field = ty")
                .write(toFile: path, atomically: true, encoding: .utf8)
            let data = cluster.folder.appendingPathComponent("data").appendingPathComponent(
                String(name.dropLast(".conf".count)))
            for file in try FileManager.default.contentsOfDirectory(atPath: data.path) {
                try FileManager.default.removeItem(at: data.appendingPathComponent(file))
            }
        }
        let started = try Self.script(["start", cluster.folder.path, "--owner", String(getpid())], in: cluster)
        #expect(started.status == 0, "\(started.output)")
        let search = try BinaryRunner.run(["cofee", "--source", cluster.url])
        #expect(search.status == 2)
        #expect(
            search.stderr.contains("loaded by another version of search: its index has no field 'tr0'"),
            "\(search.stderr)")
        #expect(search.stderr.contains("--fresh"), "\(search.stderr)")
        #expect(search.stderr.split(separator: "\n").count == 1, "\(search.stderr)")
    }

    @Test func startingARunningClusterIsRefusedAndChangesNothing() throws {
        let (cluster, before) = try Self.loaded()
        defer { cluster.stop() }
        let again = try Self.script(["start", cluster.folder.path], in: cluster)
        #expect(again.status == 2)
        #expect(again.output.contains("a cluster is running in"), "\(again.output)")
        #expect(try Self.found(cluster.url) == before)
        let fresh = try Self.script(["start", cluster.folder.path, "--fresh"], in: cluster)
        #expect(fresh.status == 2, "\(fresh.output)")
        #expect(try Self.found(cluster.url) == before)
    }

    @Test func freshWipesAndDestroyDeletes() throws {
        let (cluster, _) = try Self.loaded()
        defer { cluster.stop() }
        #expect(try Self.script(["stop", cluster.folder.path], in: cluster).status == 0)
        let fresh = try Self.script(
            ["start", cluster.folder.path, "--fresh", "--owner", String(getpid())], in: cluster)
        #expect(fresh.status == 0, "\(fresh.output)")
        #expect(fresh.output.contains("started 2 shards"), "\(fresh.output)")
        #expect(try Self.found(Self.url(of: cluster)).isEmpty)
        let destroyed = try Self.script(["destroy", cluster.folder.path], in: cluster)
        #expect(destroyed.status == 0, "\(destroyed.output)")
        #expect(!FileManager.default.fileExists(atPath: cluster.folder.appendingPathComponent("data").path))
        #expect(cluster.pids.isEmpty)
        let nothing = try Self.script(["status", cluster.folder.path], in: cluster)
        #expect(nothing.status == 2)
    }

    /// `status`: each server up or down, the records of each shard, their
    /// total and the URL; exit 3 while a server is down.
    @Test func statusSaysWhatRunsAndWhatItHolds() throws {
        let (cluster, _) = try Self.loaded()
        defer { cluster.stop() }
        let status = try Self.script(["status", cluster.folder.path], in: cluster)
        #expect(status.status == 0, "\(status.output)")
        let lines = status.output.split(separator: "\n")
        let shards = lines.filter { $0.hasPrefix("shard") }
        #expect(shards.count == 2 && shards.allSatisfy { $0.contains(" up ") }, "\(status.output)")
        let counts = shards.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
        #expect(counts.count == 2 && counts.reduce(0, +) == 200, "\(status.output)")
        #expect(status.output.contains("total: 200 records in 2 shards"), "\(status.output)")
        #expect(status.output.contains("url: \(cluster.url)"), "\(status.output)")
        cluster.stopServer("shard0")
        let down = try Self.script(["status", cluster.folder.path], in: cluster)
        #expect(down.status == 3, "\(down.output)")
        #expect(down.output.split(separator: "\n").contains { $0.hasPrefix("shard0") && $0.contains(" down ") })
    }
}
