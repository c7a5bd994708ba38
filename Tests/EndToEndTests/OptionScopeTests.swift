import Testing

/// Options that shape the table say so when the format has no table, and
/// do not stop a format that ignores them.
@Suite(.serialized) struct OptionScopeTests {
    /// Regression: `--width 5 -o json` was refused because "a table needs at
    /// least 10 columns", though no table is drawn.
    @Test(arguments: ["json", "jsonl", "csv", "tsv", "markdown"])
    func aNarrowWidthIsNoErrorWithoutATable(format: String) throws {
        let run = try GuardedRun.run(["queen", "--width", "5", "--format", format])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test(arguments: [["queen"], ["--list-kinds"], ["queen", "--fields", "name"]])
    func aTableStillNeedsTenColumns(arguments: [String]) throws {
        let run = try GuardedRun.run(arguments + ["--width", "5"])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix("error: The value '5' is invalid for '--width': a table needs at least 10 columns"))
    }

    /// Regression: `--group-by kind` was silently ignored by every format but
    /// the table. Markdown honours it (a heading per kind); the rest say so.
    @Test(arguments: ["json", "jsonl", "csv", "tsv"])
    func groupByWarnsWhenTheFormatIgnoresIt(format: String) throws {
        let run = try GuardedRun.run(["queen", "--group-by", "kind", "--format", format])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr == "warning: --group-by applies to the table and markdown only; --format \(format) ignores it\n")
        #expect(!run.stdout.isEmpty)
        let markdown = try GuardedRun.run(["queen", "--group-by", "kind", "--format", "markdown"])
        #expect(markdown.stderr.isEmpty, "\(markdown.stderr)")
    }

    @Test func groupByWarnsWithFieldsAndNotWithTheTable() throws {
        let fields = try GuardedRun.run(["queen", "--group-by", "kind", "--fields", "name"])
        #expect(fields.stderr == "warning: --group-by is ignored with --fields, whose table is one piece\n")
        let table = try GuardedRun.run(["queen", "--group-by", "kind"])
        #expect(table.status == 0)
        #expect(table.stderr.isEmpty, "\(table.stderr)")
    }

    /// Regression: the help never said how numbers compare; `price:5` on a
    /// number means equality (it no longer finds 56000 or 4.5).
    @Test func helpTellsTextMatchesFromNumericComparisons() throws {
        // Words as a reader sees them, whatever the wrapping.
        let help = try GuardedRun.run(["--help"], environment: ["COLUMNS": "200"]).text
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for operation in [
            "price=5", "price<5", "price<=5", "price>5", "price>=5", "price:1..10",
            "price:5 and price=5 mean equal to 5",
        ] {
            #expect(help.contains(operation), "\(operation) is not in the help")
        }
        let manPage = try GuardedRun.run(["--generate-manpage"]).text
        for operation in [#"\fB=\fInumber"#, #"\fB<=\fInumber"#, #"\fB>\fInumber"#] {
            #expect(manPage.contains(operation), "\(operation) is not in the man page")
        }
    }
}
