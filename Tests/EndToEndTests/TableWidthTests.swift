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
    /// With no terminal to fill, nothing is cut and nothing wraps: each row
    /// is one line, every description is there whole, and a row is as a
    /// 1,000-column terminal would show it.
    @Test func throughAPipeARowIsOneLineOfWholeValues() throws {
        let arguments = ["", "--kind", "product", "--limit", "1000"]
        let table = try BinaryRunner.run(arguments)
        let records = try BinaryRunner.run(arguments + ["--format", "jsonl"])
        #expect(table.status == 0 && records.status == 0, "\(table.stderr)")
        #expect(!table.stdout.contains("…"))
        let lines = table.stdout.split(separator: "\n")
        let rows = lines.drop { !$0.hasPrefix("-") }.dropFirst()
        #expect(rows.count == records.stdout.split(separator: "\n").count)
        #expect(rows.allSatisfy { $0.hasPrefix("product ") }, "a row took more than a line")
        var described = 0
        for line in records.stdout.split(separator: "\n") {
            let result = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let record = result?["record"] as? [String: Any]
            guard let about = record?["description"] as? String, !about.isEmpty else { continue }
            described += 1
            #expect(table.stdout.contains(about.trimmingCharacters(in: .whitespaces)), "\(about)")
        }
        #expect(described > 100)
        let wide = try BinaryRunner.run(arguments + ["--width", "1000"])
        #expect(wide.stdout == table.stdout)
    }

    /// One huge value does not pad every row to its width: with no width
    /// to fit, a column grows to 1,024 columns at most, so the table grows
    /// as its rows do (a 200,000-character name among 1,000 records made
    /// 200 MB of padding).
    @Test func throughAPipeOneHugeValueDoesNotWidenEveryRow() throws {
        var lines = (0..<1_000).map { #"{"kind":"product","name":"tea \#($0)","price":1}"# }
        lines.append(#"{"kind":"product","name":"tea \#(String(repeating: "x", count: 200_000))","price":2}"#)
        let result = try BinaryRunner.run(
            ["tea", "--data", "-", "--limit", "2000"], stdin: lines.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.utf8.count < 1_500_000, "\(result.stdout.utf8.count) bytes")
        // Its row is two lines (a product's `rowHeight`): `tea`, then the x's, cut.
        #expect(result.stdout.contains(String(repeating: "x", count: 1_000)))
        #expect(!result.stdout.contains(String(repeating: "x", count: 1_030)))
        let rows = result.stdout.split(separator: "\n").filter { $0.hasPrefix("product ") }
        #expect(rows.count == 1_001, "every record has its row")
    }

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

/// Markdown says what each value is, and honours `--group-by`.
@Suite struct MarkdownDetailsTests {
    @Test func theDetailsAreLabelledWithTheirColumns() throws {
        let result = try BinaryRunner.run(["queen", "--limit", "4", "--format", "markdown"])
        #expect(result.stdout.contains("| CARD: Q♣ · COLOR: black |"), "\(result.stdout)")
    }

    @Test func groupByKindGivesAHeadingAndTheColumnsOfEachKind() throws {
        let result = try BinaryRunner.run(["queen", "--format", "markdown", "--group-by", "kind"])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "## cards (4)", "\(result.stdout)")
        #expect(lines.contains("| NAME              | CARD | COLOR |"), "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("## domains (") })
        #expect(lines.contains { $0.hasPrefix("## products (") })
        // A product column with no value in any row (RATING: none is rated) stays, as in the table.
        #expect(result.stdout.contains("| NAME                       | PRICE | RATING | ABOUT"), "\(result.stdout)")
    }
}

/// A price of 0 is free; no price is unknown; every format agrees.
@Suite struct PriceValueTests {
    static let records = """
        {"kind":"product","name":"Alpha kit","price":null}
        {"kind":"product","name":"Alpha free","price":0}
        {"kind":"product","name":"Alpha paid","price":4.5}
        """

    @Test func theTableShowsFreeForZeroAndADashForNoPrice() throws {
        let result = try BinaryRunner.run(["alpha", "--data", "-", "--width", "80"], stdin: Self.records)
        let rows = result.stdout.split(separator: "\n").filter { $0.hasPrefix("product ") }
        // PRICE, RATING and ABOUT: no record has a rating or a description, and the columns stay, each row saying so.
        #expect(
            rows.map { $0.split(separator: " ").suffix(3).map(String.init) } == [
                ["–", "–", "–"], ["free", "–", "–"], ["$4.50", "–", "–"],
            ])
    }

    @Test func theDataFormatsShowTheValueAsWritten() throws {
        let csv = try BinaryRunner.run(["alpha", "--data", "-", "--format", "csv"], stdin: Self.records)
        #expect(
            csv.stdout == "kind,name,price\r\nproduct,Alpha kit,\r\nproduct,Alpha free,0\r\nproduct,Alpha paid,4.5\r\n")
        let fields = try BinaryRunner.run(["alpha", "--data", "-", "--fields", "name,price"], stdin: Self.records)
        #expect(
            fields.stdout.split(separator: "\n").map { $0.split(separator: " ").last ?? "" } == [
                "PRICE", "kit", "0", "4.5",
            ])
        let json = try BinaryRunner.run(["alpha", "--data", "-", "--format", "jsonl"], stdin: Self.records)
        #expect(json.stdout.contains(#""price":null"#) && json.stdout.contains(#""price":0}"#))
    }

    /// Numbers in a table of chosen fields are right-aligned, as in the
    /// merged table: their last digits line up under the header's end.
    @Test func numbersInAFieldsTableAreRightAligned() throws {
        let result = try BinaryRunner.run([
            "", "--fields", "name,price", "--sort", "-price", "-n", "8", "--width", "80",
        ])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 9, "\(result.stdout)")
        let ends = Set(lines.map(\.count))
        #expect(ends.count == 1, "\(result.stdout)")
        #expect(lines.first?.hasSuffix("PRICE") == true && lines.last?.hasSuffix(" 295000") == true, "\(result.stdout)")
    }

    /// A field a kind spec declares deeper in the record (`size` is
    /// `/installed_size`) is a number too, and is right-aligned.
    @Test func aDeclaredNumberFieldIsRightAligned() throws {
        let result = try BinaryRunner.run([
            "size>1000", "--kinds", "Examples/kinds", "--data", "Examples/kinds/packages.json", "--sort", "-size",
            "--fields", "name,size", "--width", "80",
        ])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count > 3, "\(result.stdout)")
        #expect(Set(lines.map(\.count)).count == 1, "\(result.stdout)")
        #expect(lines.first?.hasSuffix(" SIZE") == true && lines.last?.hasSuffix(" 1245") == true, "\(result.stdout)")
    }

    /// Debian main holds only free software: the bundled games cost 0, and read "free".
    @Test func theBundledFreeGamesAreFree() throws {
        let result = try BinaryRunner.run(["0ad", "--kind", "product", "--format", "jsonl", "--limit", "1"])
        #expect(result.stdout.contains(#""price":0,"#), "\(result.stdout)")
        let table = try BinaryRunner.run(["0ad", "--kind", "product", "--limit", "1", "--width", "80"])
        #expect(table.stdout.contains(" free"), "\(table.stdout)")
    }
}

/// How the shared columns share a narrow table.
@Suite struct NarrowTableTests {
    /// KIND is cut last: from 30 to 59 columns, no kind label is cut, and
    /// NAME keeps at least 40% of the width.
    @Test func kindIsCutLastAndNameKeepsFortyPercent() throws {
        for width in 30..<60 {
            let result = try BinaryRunner.run(["queen", "--width", "\(width)"])
            let lines = result.stdout.split(separator: "\n").map(String.init)
            let header = try #require(lines.first)
            let name = try #require(header.range(of: "NAME")).lowerBound
            let nameWidth =
                header.range(of: "DETAI").map { header.distance(from: name, to: $0.lowerBound) - 2 } ?? width
            #expect(nameWidth >= width * 40 / 100, "at \(width): \(header)")
            let kinds = lines.dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) }
            #expect(!kinds.contains { $0.hasSuffix("…") }, "at \(width):\n\(result.stdout)")
        }
    }

    /// A long kind name is shown whole while the table has room, and cut
    /// only when the width is needed: at 40 columns, not at 100.
    @Test func aLongKindNameIsCutOnlyWhenTheWidthIsNeeded() throws {
        let records = [
            #"{"kind":"an-unusually-long-kind-name-indeed","name":"thing one"}"#,
            #"{"kind":"other","name":"thing two"}"#,
        ].joined(separator: "\n")
        let wide = try BinaryRunner.run(["thing", "--data", "-", "--width", "100"], stdin: records)
        #expect(wide.stdout.contains("an-unusually-long-kind-name-indeed  thing one"), "\(wide.stdout)")
        let narrow = try BinaryRunner.run(["thing", "--data", "-", "--width", "30"], stdin: records)
        let rows = narrow.stdout.split(separator: "\n").filter { $0.contains("thing ") }
        #expect(rows.count == 2, "\(narrow.stdout)")
        #expect(rows.allSatisfy { $0.count <= 30 } && narrow.stdout.contains("… "), "\(narrow.stdout)")
    }
}
