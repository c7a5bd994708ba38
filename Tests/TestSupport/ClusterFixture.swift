public import Foundation
public import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A real Sphinx cluster for a test: shard `searchd` servers and an
/// aggregator on free 127.0.0.1 ports in a temporary folder, started by
/// `scripts/cluster.sh` and stopped by their PIDs.
///
/// If the test process dies before it stops them, the servers stop by
/// themselves (`--owner`). The script is spawned with `posix_spawn` and an
/// empty signal mask: a
/// child started from a thread that blocks SIGTERM (as Foundation's
/// `Process` does from Dispatch threads) would pass the mask on to the
/// servers, which then never stop.
public final class ClusterFixture: @unchecked Sendable {
    /// The aggregator's URL, `sphinxql://127.0.0.1:PORT/items`.
    public let url: String
    /// The folder of the configs, data, logs and PIDs.
    public let folder: URL

    /// Whether cluster tests can run here: `searchd` is installed, or `CI`
    /// is set, where a missing `searchd` must fail the tests rather than
    /// skip them.
    public static var enabled: Bool {
        searchdInstalled || ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } == true
    }

    /// Why cluster tests are skipped, for the test's trait.
    public static let skipReason: Comment =
        "searchd is not installed: apt-get install sphinxsearch (with CI=true the cluster tests fail instead)"

    public static var searchdInstalled: Bool {
        ["/usr/bin/searchd", "/usr/sbin/searchd", "/usr/local/bin/searchd"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Starts `shards` shards and an aggregator.
    public init(shards: Int = 2) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cluster-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = BinaryRunner.packageRoot.appendingPathComponent("scripts/cluster.sh").path
        let status = try Self.spawnAndWait(
            ["/bin/bash", script, "start", folder.path, "--shards", String(shards), "--owner", String(getpid())],
            output: folder.appendingPathComponent("start.log").path)
        let log = (try? String(contentsOf: folder.appendingPathComponent("start.log"), encoding: .utf8)) ?? ""
        guard status == 0, let url = try? String(contentsOf: folder.appendingPathComponent("url"), encoding: .utf8)
        else {
            throw FixtureError(message: "scripts/cluster.sh start exited \(status): \(log)")
        }
        self.url = url.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { stop() }

    /// The PIDs of the running servers, by name (`shard0`, `aggregator`).
    public var pids: [String: pid_t] {
        let run = folder.appendingPathComponent("run")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: run.path)) ?? []
        var pids: [String: pid_t] = [:]
        for name in names where name.hasSuffix(".pid") {
            if let text = try? String(contentsOf: run.appendingPathComponent(name), encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                pids[String(name.dropLast(4))] = pid
            }
        }
        return pids
    }

    /// Stops one server by its PID, as a crash or an operator would.
    public func stopServer(_ name: String) {
        if let pid = pids[name] { Self.terminate(pid) }
    }

    /// Stops every server by its PID and removes the folder.
    public func stop() {
        for pid in pids.values { Self.terminate(pid) }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether `pid` runs: `/proc` says so and it is not a zombie.
    public static func isAlive(_ pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        let state = status.split(separator: "\n").first { $0.hasPrefix("State:") } ?? ""
        return !state.contains("Z")
    }

    /// SIGTERM, then SIGKILL after 5 s.
    private static func terminate(_ pid: pid_t) {
        guard isAlive(pid) else { return }
        kill(pid, SIGTERM)
        for _ in 0..<100 where isAlive(pid) { usleep(50_000) }
        if isAlive(pid) { kill(pid, SIGKILL) }
    }

    /// Runs `arguments` with an empty signal mask and default signal
    /// handlers, output to `output`, and waits for it.
    public static func spawnAndWait(_ arguments: [String], output: String) throws -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard spawned == 0 else { throw FixtureError(message: "cannot run \(arguments[0]): \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

public struct FixtureError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
