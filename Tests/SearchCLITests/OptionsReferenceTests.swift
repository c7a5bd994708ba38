import Foundation
import InteractiveSearch
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

    /// The key table's rows, from `KeyTable.bindings`.
    static var keyRows: [String] {
        KeyTable.bindings.map { binding in
            "| " + binding.keys.map { "`\($0.rawValue)`" }.joined(separator: ", ") + " | "
                + binding.action.summary + " |"
        }
    }

    @Test func theReferenceListsEveryOptionAsTheHelpDoes() throws {
        try Self.check(table: "| Option | What it does |", rows: Self.rows)
    }

    @Test func theReferenceListsEveryKeyAsTheHelpDoes() throws {
        try Self.check(table: "| Keys | What they do |", rows: Self.keyRows)
    }

    /// Checks the table of docs/options.md under `header` against `rows`,
    /// or rewrites it with `RECORD_SNAPSHOTS=1`.
    static func check(table header: String, rows: [String]) throws {
        let url = BinaryRunner.packageRoot.appendingPathComponent("docs/options.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let headerLine = try #require(lines.firstIndex(of: header), "no table \(header) in docs/options.md")
        let first = headerLine + 2
        let end = lines[first...].firstIndex { !$0.hasPrefix("| `") } ?? lines.endIndex
        let current = Array(lines[first..<end])
        if current != rows && ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            lines.replaceSubrange(first..<end, with: rows)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            Issue.record("docs/options.md was rewritten from the option and key tables; run the tests again")
            return
        }
        #expect(
            current == rows, "docs/options.md is stale: RECORD_SNAPSHOTS=1 swift test --filter OptionsReferenceTests")
    }
}
