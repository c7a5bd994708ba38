import Foundation
import Testing

@testable import SphinxCluster

/// The index `scripts/cluster.sh` creates has the layout the client loads
/// and searches: the same full-text fields and attributes, of the same types.
@Suite struct ClusterLayoutTests {
    @Test func theScriptsIndexIsTheClientsLayout() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "source scripts/cluster.sh && shard_config /tmp/d shard0 9312 9313"]
        process.currentDirectoryURL = root
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let settings = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("rt_field") || $0.hasPrefix("rt_attr_") }.map { line -> (String, String) in
                let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return (parts[0], parts[1])
            }
        #expect(settings.filter { $0.0 == "rt_field" }.map(\.1) == ClusterLayout.fullTextFields)
        let attributes = settings.filter { $0.0 != "rt_field" }.map { ($0.1, String($0.0.dropFirst("rt_attr_".count))) }
        #expect(attributes.map(\.0) == ClusterLayout.attributes.map(\.name))
        #expect(attributes.map(\.1) == ClusterLayout.attributes.map(\.type))
        #expect(output.contains("charset_table = 0..9, a..z, _"))
    }
}
