import Foundation
import TestSupport
import Testing

/// The merged table as a person reads it at the widths people use, from the
/// real binary: the bundled samples, mixed data with an unknown kind, and
/// the spec examples.
@Suite struct TableWidthTests {
    static let widths = [40, 60, 80, 120, 200]

    static let searches: [(name: String, arguments: [String])] = [
        ("queen", ["queen"]),
        ("mixed", ["--data", "Examples/data/mixed.jsonl", "a"]),
        (
            "kinds",
            [
                "--kinds", "Examples/kinds", "--data", "Examples/kinds/countries.jsonl", "--data",
                "Examples/kinds/timezones.jsonl", "united",
            ]
        ),
    ]

    @Test(arguments: widths)
    func theMergedTable(width: Int) throws {
        for search in Self.searches {
            let result = try BinaryRunner.run(search.arguments + ["--width", "\(width)"])
            #expect(result.status == 0, "\(search.name): \(result.stderr)")
            for line in result.stdout.split(separator: "\n") {
                #expect(line.count <= width, "\(search.name) at \(width): \(line)")
            }
            assertSnapshot(result.stdout, named: "\(search.name)-\(width)")
        }
    }

    @Test(arguments: [40, 80])
    func theGroupedSections(width: Int) throws {
        let result = try BinaryRunner.run(["queen", "--group-by", "kind", "--width", "\(width)"])
        assertSnapshot(result.stdout, named: "queen-grouped-\(width)")
    }
}

/// Piped without colour, the legend cannot be mistaken for rows.
@Suite struct TableLegendTests {
    /// `search queen | awk '$1=="product"'` gives the product rows only, as
    /// many as the JSON lines of products.
    @Test(arguments: ["queen", "pizza", "a"])
    func theFirstFieldOfALegendLineIsNeverAKind(query: String) throws {
        let table = try BinaryRunner.run([query, "--width", "100"])
        let jsonl = try BinaryRunner.run([query, "--format", "jsonl"])
        for kind in ["product", "domain", "card"] {
            let rows = table.stdout.split(separator: "\n").filter { $0.split(separator: " ").first == Substring(kind) }
            let records = jsonl.stdout.split(separator: "\n").filter { $0.hasPrefix(#"{"kind":"\#(kind)""#) }
            #expect(rows.count == records.count, "\(query) \(kind):\n\(table.stdout)")
        }
    }

    /// A rule of dashes ends the header and legend lines, and records of
    /// unknown kinds share one legend line however many kinds there are.
    @Test func aRuleEndsTheLegendAndUnknownKindsShareOneLine() throws {
        let records = (0..<18).map { #"{"kind":"odd\#($0)","name":"thing \#($0)","x":\#($0)}"# }
        let result = try BinaryRunner.run(
            ["thing", "--data", "-", "--width", "60"], stdin: records.joined(separator: "\n"))
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 + 18, "\(result.stdout)")
        #expect(lines[0].hasPrefix("KIND"))
        #expect(lines[1].hasPrefix("odd"), "one legend line for every unknown kind: \(lines[1])")
        #expect(lines[1].contains("FIELDS"))
        #expect(lines[2].allSatisfy { $0 == "-" || $0 == " " }, "\(lines[2])")
        #expect(lines[3].hasPrefix("odd"))
    }
}

/// What `search` says about the results goes to a terminal only.
@Suite struct FeedbackOnATerminalTests {
    @Test func nothingIsSaidThroughAPipe() throws {
        let none = try BinaryRunner.run(["東京"])
        #expect(none.status == 1)
        #expect(none.stderr.isEmpty)
        let some = try BinaryRunner.run(["queen", "--limit", "3"])
        #expect(some.stderr.isEmpty)
    }

    @Test(.enabled(if: ShellCommand.path(of: "script") != nil, "needs `script` (util-linux) for a pseudo-terminal"))
    func aTerminalIsToldThatNothingMatched() throws {
        let result = try ShellCommand.run(#"script -qec "\"$SEARCH\" 東京; echo status=\$?" /dev/null"#)
        #expect(result.stdout.contains("no results for \"東京\""), "\(result.stdout)")
        #expect(result.stdout.contains("status=1"), "\(result.stdout)")
        let quiet = try ShellCommand.run(#"script -qec "\"$SEARCH\" 東京 --quiet" /dev/null"#)
        #expect(!quiet.stdout.contains("no results"), "\(quiet.stdout)")
    }
}
