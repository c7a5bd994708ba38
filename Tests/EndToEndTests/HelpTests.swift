import Foundation
import TestSupport
import Testing

/// `search --help`, checked against golden files at fixed widths.
@Suite(.serialized) struct HelpTests {
    @Test(arguments: [80, 60, 120])
    func helpMatchesItsGoldenFile(columns: Int) throws {
        let result = try BinaryRunner.run(["--help"], environment: ["COLUMNS": String(columns)])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        assertSnapshot(result.stdout, named: "help-\(columns)")
    }

    @Test(arguments: [80, 60, 120])
    func noLineIsWiderThanTheColumns(columns: Int) throws {
        let result = try BinaryRunner.run(["--help"], environment: ["COLUMNS": String(columns)])
        for line in result.stdout.split(separator: "\n") {
            #expect(line.count <= columns, "\(line.count) > \(columns): \(line)")
        }
    }

    @Test(.enabled(if: ShellCommand.path(of: "script") != nil, "needs `script` (util-linux) for a pseudo-terminal"))
    func onATerminalHelpFitsTheTerminalWhateverColumnsSays() throws {
        let result = try ShellCommand.run(
            #"script -qec "stty cols 64; \"$SEARCH\" --help" /dev/null"#,
            environment: ["COLUMNS": "200"]
        )
        let lines = result.stdout.split(whereSeparator: \.isNewline)
        let options = lines.filter { $0.hasPrefix("  -") }
        #expect(options.count >= 18, "\(result.stdout)")
        #expect(options.allSatisfy { $0.count <= 64 }, "\(options)")
    }

    @Test func helpHasTheUsualSectionsAndEveryOption() throws {
        let help = try BinaryRunner.run(["--help"], environment: ["COLUMNS": "80"]).stdout
        let sections = [
            "OVERVIEW: ", "\nEXAMPLES:\n", "\nUSAGE: search ", "\nARGUMENTS:\n", "\nSEARCH OPTIONS:\n",
            "\nINPUT OPTIONS:\n", "\nOUTPUT OPTIONS:\n", "\nINTERACTIVE OPTIONS:\n", "\nCLUSTER OPTIONS:\n",
            "\nOTHER OPTIONS:\n", "\nEXIT STATUS: ",
        ]
        var previous = help.startIndex
        for section in sections {
            let found = help.range(of: section)
            #expect(found != nil, "\(section)")
            // In this order: examples first, cluster options after the everyday ones.
            if let found {
                #expect(found.lowerBound >= previous, "\(section) is out of order")
                previous = found.lowerBound
            }
        }
        let manPage = try BinaryRunner.run(["--generate-manpage"]).stdout
        let options = manPage.split(separator: "\n").filter { $0.hasPrefix("\\fB\\-") }
        #expect(options.count >= 18)
        for line in options {
            let long = try #require(line.firstRange(of: "\\-\\-").map { line[$0.upperBound...] })
            let name = long.prefix { $0 != "\\" }
            #expect(help.contains("--\(name)"), "--\(name) is in the man page but not in the help")
        }
    }

    @Test func shortAndLongHelpAreTheSameAndWinOverOtherArguments() throws {
        let long = try BinaryRunner.run(["--help"], environment: ["COLUMNS": "80"])
        let short = try BinaryRunner.run(["queen", "-h", "--format", "json"], environment: ["COLUMNS": "80"])
        #expect(short.status == 0)
        #expect(short.stdout == long.stdout)
    }

    @Test func helpListsTheRegisteredKinds() throws {
        let help = try BinaryRunner.run(["--help"], environment: ["COLUMNS": "80"]).stdout
        #expect(help.contains("\nKINDS: card, domain, product\n"))
    }
}
