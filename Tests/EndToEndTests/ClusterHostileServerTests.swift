import Foundation
import Testing

@testable import TestSupport

/// No server harms `search`: one that greets without end, floods rows,
/// sends garbage or drips its answer a byte at a time gets an error and
/// exit status 2 within the timeouts, in at most 64 MB.
@Suite struct ClusterHostileServerTests {
    /// The peak resident memory `/usr/bin/time` reports, in KiB, and the run.
    static func measured(_ arguments: [String], in folder: URL) throws -> (run: CommandResult, peakKiB: Int) {
        let report = folder.appendingPathComponent("time-\(UUID().uuidString)").path
        let run = try BinaryRunner.run(
            ["-f", "%M", "-o", report, BinaryRunner.binary.path] + arguments,
            executable: URL(fileURLWithPath: "/usr/bin/time"))
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        return (run, Int(text.split(separator: "\n").last.map(String.init) ?? "") ?? -1)
    }

    @Test(
        "A hostile server gets exit 2 within the timeout, in at most 64 MB",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")),
        arguments: HostileMySQLServer.Behaviour.allCases)
    func aHostileServerCannotHoldOrGrowTheClient(behaviour: HostileMySQLServer.Behaviour) throws {
        let server = try HostileMySQLServer(behaviour)
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = "sphinxql://127.0.0.1:\(server.port)/items"
        let start = Date()
        let (run, peak) = try Self.measured(
            ["coffee", "--source", url, "--connect-timeout", "1", "--query-timeout", "2"], in: folder)
        let elapsed = Date().timeIntervalSince(start)
        #expect(run.status == 2, "\(behaviour): \(run.stderr)")
        #expect(run.stderr.contains("error: cannot search \(url)"), "\(behaviour): \(run.stderr)")
        #expect(elapsed < 1 + 2 + 2, "\(behaviour): took \(elapsed) s")
        #expect(peak > 0 && peak <= 64 << 10, "\(behaviour): peak \(peak) KiB")
        // Loading is held to the same limits.
        let (push, pushPeak) = try Self.measured(
            ["--push", url, "--data", "Examples/data/cards.jsonl", "--connect-timeout", "1", "--query-timeout", "2"],
            in: folder)
        #expect(push.status == 2, "\(behaviour): \(push.stderr)")
        #expect(pushPeak > 0 && pushPeak <= 64 << 10, "\(behaviour): push peak \(pushPeak) KiB")
    }
}
