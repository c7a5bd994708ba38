import Testing

@testable import SearchCLI

@Suite struct CompletionScriptTests {
    let script = CompletionScript(kinds: ["card", "domain", "product"])

    @Test(arguments: CompletionShell.allCases)
    func everyOptionOfTheTableIsCompleted(shell: CompletionShell) {
        let text = script.render(for: shell)
        for option in SearchOptionTable.all {
            let spelled = shell == .fish ? "-l \(option.long) " : "--\(option.long)"
            #expect(text.contains(spelled), "\(shell) script lacks --\(option.long)")
            if let short = option.short {
                let shortSpelled = shell == .fish ? "-s \(short) " : "-\(short)"
                #expect(text.contains(shortSpelled), "\(shell) script lacks -\(short)")
            }
        }
    }

    @Test(arguments: CompletionShell.allCases)
    func theRegisteredKindsAndTheFormatsAreOffered(shell: CompletionShell) {
        let text = script.render(for: shell)
        #expect(text.contains("card domain product"))
        #expect(text.contains("table json jsonl csv tsv markdown"))
        #expect(text.contains("auto always never"))
    }

    @Test func aNewKindIsOfferedWithoutAnyOtherChange() {
        let text = CompletionScript(kinds: ["card", "weather"]).render(for: .bash)
        #expect(text.contains("compgen -W 'card weather'"))
    }

    @Test(arguments: ["$(touch /tmp/pwned)", "a b", "`id`", "it's", "-rf", "naïve", ""])
    func kindNamesThatAShellWouldExpandAreLeftOut(name: String) {
        let script = CompletionScript(kinds: ["card", name])
        #expect(script.kinds == ["card"])
        for shell in CompletionShell.allCases where !name.isEmpty {
            #expect(!script.render(for: shell).contains(name), "\(shell)")
        }
    }

    /// `--data` and `--kinds` take paths; no other option completes file names.
    @Test func onlyPathOptionsCompleteFileNames() {
        let bash = script.render(for: .bash)
        #expect(
            bash.contains(
                "-d|--data)\n            compopt -o filenames 2>/dev/null\n            mapfile -t COMPREPLY < <(compgen -f"
            ))
        #expect(bash.ranges(of: "compgen -f").count == 2)
        let zsh = script.render(for: .zsh)
        #expect(zsh.contains("'*'{-d+,--data=}'[Read records from PATH\\: a file"))
        #expect(zsh.ranges(of: "_files").count == 2)
        let fish = script.render(for: .fish)
        #expect(fish.contains("complete -c search -s d -l data -r -F "))
        #expect(fish.contains("complete -c search -f\n"))
    }

    @Test func repeatableOptionsMayBeGivenAgainInZsh() {
        let zsh = script.render(for: .zsh)
        #expect(zsh.contains("'*'{-k+,--kind=}"))
        #expect(zsh.contains("'(-n --limit)'{-n+,--limit=}"))
        #expect(zsh.contains("'(--fuzzy)--fuzzy["))
    }

    @Test(arguments: [
        ("Show at most N results.", "Show at most N results"),
        ("Read from PATH. Repeatable.", "Read from PATH"),
        ("Sort by name, then price", "Sort by name, then price"),
        ("Version 1.2 shown. Then more.", "Version 1.2 shown"),
    ])
    func theSummaryIsTheFirstSentence(help: String, summary: String) {
        #expect(CompletionScript.summary(of: OptionSpec("x", help: help)) == summary)
    }

    @Test func quotesInDescriptionsAreEscapedForEachShell() {
        let option = OptionSpec("width", value: .some("N"), help: "The terminal's [width]: \\ or none.")
        let script = CompletionScript(options: [option], kinds: [])
        #expect(
            script.render(for: .zsh).contains(#"'(--width)--width=[The terminal'\''s \[width\]\: \\ or none]:N: '"#))
        #expect(script.render(for: .fish).contains(#"-d 'The terminal\'s [width]: \\ or none'"#))
    }
}
