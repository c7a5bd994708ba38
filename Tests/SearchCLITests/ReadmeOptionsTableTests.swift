import Foundation
import TestSupport
import Testing

@testable import SearchCLI

/// The README's Options table is the option table, row for row, as `--help`
/// and the man page are. `RECORD_SNAPSHOTS=1 swift test --filter
/// ReadmeOptionsTableTests` rewrites it from the option table.
@Suite struct ReadmeOptionsTableTests {
    /// The table's rows, from `SearchOptionTable.all`.
    static var rows: [String] {
        SearchOptionTable.all.map { option in
            var help = option.help
            if let value = option.defaultValue { help += " (default: \(value))" }
            return "| `\(option.synopsis)` | \(help.replacingOccurrences(of: "|", with: "\\|")) |"
        }
    }

    @Test func theReadmeListsEveryOptionAsTheHelpDoes() throws {
        let url = BinaryRunner.packageRoot.appendingPathComponent("README.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex(of: "| Option | What it does |"), "no Options table in README.md")
        let first = header + 2
        let end = lines[first...].firstIndex { !$0.hasPrefix("| `") } ?? lines.endIndex
        let current = Array(lines[first..<end])
        if current != Self.rows && ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            lines.replaceSubrange(first..<end, with: Self.rows)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            Issue.record("README.md's Options table was rewritten from the option table; run the tests again")
            return
        }
        #expect(
            current == Self.rows,
            "README.md's Options table is stale: RECORD_SNAPSHOTS=1 swift test --filter ReadmeOptionsTableTests")
    }
}
