import Foundation
import TestSupport
import Testing

/// `--color`, `NO_COLOR` and `CLICOLOR_FORCE`, through a pipe and through a
/// pseudo-terminal.
@Suite(.serialized) struct ColorTests {
    static let escape = "\u{1B}["

    static let pipeCases: [([String], [String: String], Bool)] = [
        ([], [:], false),
        (["--color", "always"], [:], true),
        (["--color=always"], ["NO_COLOR": "1"], true),
        (["--color", "never"], ["CLICOLOR_FORCE": "1"], false),
        ([], ["CLICOLOR_FORCE": "1"], true),
        ([], ["CLICOLOR_FORCE": "0"], false),
        ([], ["NO_COLOR": "1"], false),
        ([], ["NO_COLOR": "1", "CLICOLOR_FORCE": "1"], true),
    ]

    @Test(arguments: pipeCases)
    func colourThroughAPipe(arguments: [String], environment: [String: String], coloured: Bool) throws {
        let result = try BinaryRunner.run(["queen"] + arguments, environment: environment)
        #expect(result.status == 0)
        #expect(result.stdout.contains(Self.escape) == coloured, "\(arguments) \(environment)")
    }

    @Test(arguments: ["table", "json", "jsonl", "csv", "tsv", "markdown"])
    func onlyTheTableIsEverColoured(format: String) throws {
        let result = try BinaryRunner.run(["queen", "--color", "always", "--format", format])
        #expect(result.stdout.contains(Self.escape) == (format == "table"))
    }

    @Test func colourChangesNoCharacterOfTheLayout() throws {
        let plain = try BinaryRunner.run(["", "--limit", "40", "--width", "70"]).stdout
        let coloured = try BinaryRunner.run(["", "--limit", "40", "--width", "70", "--color", "always"]).stdout
        #expect(coloured != plain)
        // Only the rule that tells the legend from the rows without colour goes.
        let lines = plain.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(Self.strippingEscapes(coloured) == lines.filter { !$0.hasPrefix("---") }.joined(separator: "\n"))
        #expect(lines.filter { $0.hasPrefix("---") }.count == 1)
    }

    @Test(
        .enabled(if: ShellCommand.path(of: "script") != nil, "needs `script` (util-linux) for a pseudo-terminal"),
        arguments: [
            ([String: String](), true), (["NO_COLOR": "1"], false), (["NO_COLOR": ""], true),
            (["TERM": "dumb"], false), (["TERM": "xterm-256color"], true),
        ]
    )
    func autoColoursATerminalUnlessNoColorIsSet(environment: [String: String], coloured: Bool) throws {
        let result = try ShellCommand.run(
            #"script -qec "stty cols 100; \"$SEARCH\" queen --limit 3" /dev/null"#,
            environment: environment
        )
        #expect(Self.strippingEscapes(result.stdout).contains("Queen of"), "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(Self.escape) == coloured, "\(environment)")
    }

    /// `--list-kinds` shows each kind in the colour the table gives it, and
    /// no kind is red (it reads as an error) or blue (dim on dark backgrounds).
    @Test func kindsHaveTheirTableColourInTheListAndNeverRedOrBlue() throws {
        let table = try BinaryRunner.run(["queen", "--color", "always", "--width", "200"]).stdout
        let list = try BinaryRunner.run(["--list-kinds", "--color", "always", "--width", "200"]).stdout
        for kind in ["card", "domain", "product"] {
            let coloured = try #require(
                table.split(separator: "\n").first { Self.strippingEscapes(String($0)).hasPrefix(kind + " ") })
            let sgr = try #require(coloured.split(separator: "m").first.map { String($0) + "m" })
            #expect(sgr != "\u{1B}[31m" && sgr != "\u{1B}[34m", "\(kind): \(sgr.debugDescription)")
            #expect(list.contains(sgr + kind + "\u{1B}[0m"), "\(kind) as \(sgr.debugDescription) in:\n\(list)")
        }
    }

    /// `text` without CSI escape sequences.
    static func strippingEscapes(_ text: String) -> String {
        var out = ""
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}", scalars.first == "[" {
                while let next = scalars.popFirst(), !(0x40...0x7E).contains(next.value) || next == "[" {}
                continue
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
