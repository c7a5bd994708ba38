import CardKind
import DomainKind
import ProductKind
import ResultKit
import SearchCLI
import Testing

/// What `search` says on stderr about the results, when stderr is a terminal.
@Suite struct FeedbackTests {
    final class Capture: @unchecked Sendable {
        var out = ""
        var err = ""
    }

    /// Runs `search` in-process on the bundled samples, stderr a terminal or not.
    func run(_ arguments: [String], errorIsTerminal: Bool = true) -> (status: SearchCLI.ExitStatus, stderr: String) {
        let capture = Capture()
        let console = Console(
            writeOutput: { text in
                capture.out += text
                return .written
            },
            writeError: { capture.err += $0 },
            errorIsTerminal: errorIsTerminal
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

    @Test(arguments: [["東京"], ["queen", "--limit", "3"], ["qeen"]])
    func nothingIsSaidUnderQuietOrWhenStderrIsNotATerminal(arguments: [String]) {
        #expect(run(arguments + ["--quiet"]).stderr == "")
        #expect(run(arguments + ["-q"]).stderr == "")
        #expect(run(arguments, errorIsTerminal: false).stderr == "")
    }

    @Test func everyFormatGetsTheSameWord() {
        #expect(run(["queen", "--limit", "3", "--format", "json"]).stderr == "showing 3 of 17 (--limit to see more)\n")
    }
}
