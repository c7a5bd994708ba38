import CardKind
import DomainKind
import ProductKind
import ResultKit
import Synchronization
import Testing

@testable import SearchCLI

/// `search --generate-completion-script` and `--generate-manpage`, run
/// in-process with a registry of our own.
@Suite struct GeneratedOutputCommandTests {
    /// Runs the command and returns its status, stdout and stderr.
    func run(_ arguments: [String], kinds: [ResultKind] = [.card, .domain, .product]) -> (
        SearchCLI.ExitStatus, String, String
    ) {
        let out = Mutex("")
        let err = Mutex("")
        let console = Console(
            writeOutput: { text in
                out.withLock { $0 += text }
                return .written
            },
            writeError: { text in err.withLock { $0 += text } }
        )
        let status = SearchCommand.run(arguments: arguments, environment: [:], console: console, kinds: kinds)
        return (status, out.withLock { $0 }, err.withLock { $0 })
    }

    @Test(arguments: CompletionShell.allCases)
    func theScriptForEachShellIsPrinted(shell: CompletionShell) {
        let (status, out, err) = run(["--generate-completion-script", shell.rawValue])
        #expect(status == .success)
        #expect(err.isEmpty)
        #expect(out == CompletionScript(kinds: ["card", "domain", "line", "product"]).render(for: shell))
    }

    @Test func theScriptOffersOnlyTheKindsOfTheRegistryPassedIn() {
        let (_, out, _) = run(["--generate-completion-script=fish"], kinds: [.card])
        // Lines of text are records of kind `line` in any `search`.
        #expect(out.contains("-l kind -x -a 'card line' "))
        #expect(!out.contains("product"))
    }

    @Test func anUnknownShellIsAUsageErrorThatListsTheShells() {
        let (status, out, err) = run(["--generate-completion-script", "powershell"])
        #expect(status == .usage)
        #expect(out.isEmpty)
        #expect(
            err.hasPrefix(
                "error: The value 'powershell' is invalid for '--generate-completion-script': "
                    + "expected one of 'bash', 'zsh', 'fish'\n"
            )
        )
    }

    @Test func theManPageIsPrinted() {
        let (status, out, err) = run(["--generate-manpage"])
        #expect(status == .success)
        #expect(err.isEmpty)
        #expect(out == ManPage(version: SearchCommand.version, kinds: ["card", "domain", "line", "product"]).render())
    }
}
