import Foundation
import TestSupport
import Testing

@testable import SearchCLI

/// The options reference, `docs/options.md`, is the option table, row for
/// row, as `--help` and the man page are. `RECORD_SNAPSHOTS=1 swift test
/// --filter OptionsReferenceTests` rewrites it from the option table.
@Suite struct OptionsReferenceTests {
    /// The table's rows, from `SearchOptionTable.all`.
    static var rows: [String] {
        SearchOptionTable.all.map { option in
            var help = option.help
            if let value = option.defaultValue { help += " (default: \(value))" }
            return "| `\(option.synopsis)` | \(help.replacingOccurrences(of: "|", with: "\\|")) |"
        }
    }

    @Test func theReferenceListsEveryOptionAsTheHelpDoes() throws {
        let url = BinaryRunner.packageRoot.appendingPathComponent("docs/options.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let header = try #require(
            lines.firstIndex(of: "| Option | What it does |"), "no options table in docs/options.md")
        let first = header + 2
        let end = lines[first...].firstIndex { !$0.hasPrefix("| `") } ?? lines.endIndex
        let current = Array(lines[first..<end])
        if current != Self.rows && ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            lines.replaceSubrange(first..<end, with: Self.rows)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            Issue.record("docs/options.md was rewritten from the option table; run the tests again")
            return
        }
        #expect(
            current == Self.rows,
            "docs/options.md is stale: RECORD_SNAPSHOTS=1 swift test --filter OptionsReferenceTests")
    }
}
