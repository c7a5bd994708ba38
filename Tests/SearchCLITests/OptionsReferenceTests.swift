import Foundation
import InteractiveSearch
import TestSupport
import Testing

@testable import SearchCLI

/// The options reference, `docs/options.md`, is the option table, group by
/// group and row for row, as `--help` and the man page are. `RECORD_SNAPSHOTS=1 swift test
/// --filter OptionsReferenceTests` rewrites it from the option table.
@Suite struct OptionsReferenceTests {
    /// The reference's tables, one per group under its `## Title` heading,
    /// from `SearchOptionTable.groups`.
    static var tables: [String] {
        SearchOptionTable.groups.flatMap { group, options in
            ["## \(group.title) options", "", "| Option | What it does |", "|---|---|"]
                + options.map { option in
                    var help = option.help
                    if let value = option.defaultValue { help += " (default: \(value))" }
                    return "| `\(option.synopsis)` | \(help.replacingOccurrences(of: "|", with: "\\|")) |"
                } + [""]
        }
    }

    @Test func theReferenceListsEveryOptionAsTheHelpDoes() throws {
        let url = BinaryRunner.packageRoot.appendingPathComponent("docs/options.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let first = try #require(
            lines.firstIndex { $0.hasPrefix("## ") && $0.hasSuffix(" options") }, "no options tables in docs/options.md"
        )
        // The tables end where the first paragraph after them starts.
        var end = first
        while end < lines.count && (lines[end].isEmpty || lines[end].hasPrefix("|") || lines[end].hasPrefix("## ")) {
            end += 1
        }
        let current = Array(lines[first..<end])
        if current != Self.tables && ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            lines.replaceSubrange(first..<end, with: Self.tables)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            Issue.record("docs/options.md was rewritten from the option table; run the tests again")
            return
        }
        #expect(
            current == Self.tables,
            "docs/options.md is stale: RECORD_SNAPSHOTS=1 swift test --filter OptionsReferenceTests")
    }

    /// The key table's rows, from `KeyTable.bindings`.
    static var keyRows: [String] {
        KeyTable.bindings.map { binding in
            "| " + binding.keys.map { "`\($0.rawValue)`" }.joined(separator: ", ") + " | "
                + binding.action.summary + " |"
        }
    }

    /// The keys of `search -i`, as the help and the man page list them.
    @Test func theReferenceListsEveryKeyAsTheHelpDoes() throws {
        let url = BinaryRunner.packageRoot.appendingPathComponent("docs/options.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex(of: "| Keys | What they do |"), "no key table in docs/options.md")
        let first = header + 2
        let end = lines[first...].firstIndex { !$0.hasPrefix("| `") } ?? lines.endIndex
        let current = Array(lines[first..<end])
        if current != Self.keyRows && ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            lines.replaceSubrange(first..<end, with: Self.keyRows)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            Issue.record("docs/options.md was rewritten from the key table; run the tests again")
            return
        }
        #expect(
            current == Self.keyRows,
            "docs/options.md is stale: RECORD_SNAPSHOTS=1 swift test --filter OptionsReferenceTests")
    }
}
