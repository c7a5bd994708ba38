import Foundation
import Testing

@testable import SphinxCluster

@Suite struct CharsetTableTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/cluster/charset_table.txt")

    /// The table `scripts/cluster.sh` gives `searchd` folds as our matcher
    /// does; `RECORD_SNAPSHOTS=1` rewrites it.
    @Test func theScriptsTableIsTheMatchersFolding() throws {
        let expected = CharsetTable.lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try expected.write(to: Self.file, atomically: true, encoding: .utf8)
            Issue.record("recorded scripts/cluster/charset_table.txt; run again without RECORD_SNAPSHOTS")
            return
        }
        let actual = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(
            actual == expected,
            "scripts/cluster/charset_table.txt is stale: run RECORD_SNAPSHOTS=1 swift test --filter CharsetTableTests")
    }

    @Test func accentedLettersFoldToTheirBase() {
        #expect(CharsetTable.lines.contains("U+FC->U+75"))  // ü → u
        #expect(CharsetTable.lines.contains("U+386->U+3B1"))  // Ά → α
        #expect(CharsetTable.lines.contains("U+419->U+438"))  // Й → и
        #expect(CharsetTable.lines.contains("U+3B1"))  // α indexed as itself
        #expect(!CharsetTable.lines.contains { $0.hasPrefix("U+DF") })  // ß folds to two letters: left out
    }
}
