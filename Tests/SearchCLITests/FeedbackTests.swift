import CardKind
import DomainKind
import ProductKind
import ResultKit
import SearchCLI
import Testing

/// What `search` says on stderr about the results, when standard output is a terminal.
@Suite struct FeedbackTests {
    final class Capture: @unchecked Sendable {
        var out = ""
        var err = ""
    }

    /// Runs `search` in-process on the bundled samples, standard output a terminal or not.
    func run(_ arguments: [String], outputIsTerminal: Bool = true, data: String? = nil) -> (
        status: SearchCLI.ExitStatus, stderr: String
    ) {
        let capture = Capture()
        let console = Console(
            writeOutput: { text in
                capture.out += text
                return .written
            },
            writeError: { capture.err += $0 },
            outputIsTerminal: outputIsTerminal,
            errorIsTerminal: true
        )
        let status = SearchCommand.run(
            arguments: arguments, environment: [:], console: console, kinds: [.card, .domain, .product])
        return (status, capture.err)
    }

    @Test func noResultsSaysForWhatAndExitsOne() {
        let result = run(["東京"])
        #expect(result.status == SearchCLI.ExitStatus.noResults)
        #expect(result.stderr == "no results for \"東京\"\n")
    }

    @Test func moreMatchesThanShownSaysHowMany() {
        #expect(run(["queen", "--limit", "3"]).stderr == "showing 3 of 17 (--limit to see more)\n")
        #expect(run(["queen", "--limit", "3", "--offset", "3"]).stderr == "showing 4–6 of 17 (--limit to see more)\n")
        #expect(run(["queen", "--limit", "17"]).stderr == "")
    }

    @Test func approximateMatchesSaySo() {
        let result = run(["qeen", "--limit", "50"])
        #expect(result.status == SearchCLI.ExitStatus.success)
        #expect(result.stderr == "no exact matches; showing approximate matches\n")
    }

    @Test(arguments: [
        ["東京"], ["queen", "--limit", "3"], ["qeen"], ["queen", "-n", "0"], ["queen", "--offset", "40"],
    ])
    func nothingIsSaidUnderQuietOrWhenStandardOutputIsNotATerminal(arguments: [String]) {
        #expect(run(arguments + ["--quiet"]).stderr == "")
        #expect(run(arguments + ["-q"]).stderr == "")
        #expect(run(arguments, outputIsTerminal: false).stderr == "")
    }

    @Test func everyFormatGetsTheSameWord() {
        #expect(run(["queen", "--limit", "3", "--format", "json"]).stderr == "showing 3 of 17 (--limit to see more)\n")
    }

    /// Results there are, though none is shown, are not "no results".
    @Test func someMatchedButNoneIsShownSaysWhy() {
        let none = run(["queen", "-n", "0"])
        #expect(none.stderr == "17 results, none shown (--limit 0)\n")
        #expect(none.status == SearchCLI.ExitStatus.noResults)
        #expect(run(["queen", "--offset", "40"]).stderr == "17 results, none past --offset 40\n")
        #expect(run(["queen", "--offset", "17"]).stderr == "17 results, none past --offset 17\n")
        #expect(run(["queen of hearts"]).stderr == "")
    }

    /// A count on a terminal is grouped by thousands, as the picker's are.
    @Test func countsAreGroupedByThousands() {
        #expect(run(["", "-n", "2"]).stderr == "showing 2 of 2,653 (--limit to see more)\n")
        #expect(
            run(["", "-n", "2", "--offset", "1000"]).stderr == "showing 1,001–1,002 of 2,653 (--limit to see more)\n")
    }

    /// Columns the table leaves out to fit are named, with the way to see them.
    @Test func hiddenColumnsAreNamedOnce() {
        let result = run(["queen", "--width", "60"])
        #expect(
            result.stderr == "hidden to fit 60 columns: product ABOUT (--wide shows them, or a wider terminal)\n")
        #expect(run(["queen", "--width", "60", "--wide"]).stderr == "")
        #expect(run(["queen", "--width", "200"]).stderr == "")
    }
}
