import Foundation
import TestSupport
import Testing

/// `search --generate-completion-script`: each script is valid in its shell
/// (`bash -n`, `zsh -n`, `fish -n`) and completes what a user types.
///
/// CI installs the shells with `apt-get install -y zsh fish`; on a machine
/// without one, its tests are reported as skipped, with the reason.
@Suite(.serialized) struct CompletionScriptTests {
    /// The script for `shell`, saved to a temporary file.
    func script(for shell: String) throws -> URL {
        let result = try BinaryRunner.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        return try ShellCommand.temporaryFile(named: "search.\(shell)", result.stdout)
    }

    /// A trait that skips a test, saying so, when `shell` is not installed.
    static func requires(_ shell: String) -> ConditionTrait {
        .enabled(
            if: ShellCommand.path(of: shell) != nil,
            "\(shell) is not installed; CI installs it with apt-get install -y \(shell)"
        )
    }

    /// The shell's path; the tests that call this are skipped when it is absent.
    func installed(_ shell: String) throws -> String {
        try #require(ShellCommand.path(of: shell), "\(shell) is not installed")
    }

    @Test(Self.requires("bash")) func bashAcceptsItsScript() throws { try checkSyntax(shell: "bash") }
    @Test(Self.requires("zsh")) func zshAcceptsItsScript() throws { try checkSyntax(shell: "zsh") }
    @Test(Self.requires("fish")) func fishAcceptsItsScript() throws { try checkSyntax(shell: "fish") }

    /// Runs `shell -n` on the script for `shell`: a syntax check that runs nothing.
    func checkSyntax(shell: String) throws {
        let path = try installed(shell)
        let file = try script(for: shell)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-n", file.path]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(shell) -n: \(errors)")
        #expect(errors.isEmpty)
    }

    /// What bash offers for the words typed so far, the last one being
    /// completed, as `complete -F` would call the function.
    func bashCompletions(_ words: [String]) throws -> [String] {
        let bash = try installed("bash")
        let file = try script(for: "bash")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try ShellCommand.run(
            #"source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _search; printf '%s\n' "${COMPREPLY[@]}""#,
            shell: bash,
            arguments: ["bash", file.path, "search"] + words
        )
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    static let bashCases: [([String], [String])] = [
        (["--for"], ["--format"]),
        (["--format", "j"], ["json", "jsonl"]),
        (["-o", "m"], ["markdown"]),
        (["--format", "=", "c"], ["csv"]),
        (["--kind", ""], ["card", "domain", "line", "product"]),
        (["-k", "p"], ["product"]),
        (["--color", "a"], ["auto", "always"]),
        (["--style", ""], ["plain", "ascii", "rounded"]),
        (["--generate-completion-script", "z"], ["zsh"]),
        (["--limit", ""], []),
        (["--no-h"], ["--no-headers"]),
    ]

    @Test(Self.requires("bash"), arguments: bashCases)
    func bashCompletesOptionsAndTheirValues(words: [String], expected: [String]) throws {
        #expect(try bashCompletions(words) == expected)
    }

    @Test(Self.requires("bash")) func bashCompletesFileNamesAfterData() throws {
        let offered = try bashCompletions(["--data", "Package.sw"])
        #expect(offered == ["Package.swift"])
    }

    /// What fish offers for `commandLine`, through `complete -C`.
    func fishCompletions(_ commandLine: String) throws -> [String] {
        let fish = try installed("fish")
        let file = try script(for: "fish")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try ShellCommand.run(
            #"source $argv[1]; complete -C $argv[2]"#, shell: fish, arguments: [file.path, commandLine])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }

    static let fishCases: [(String, [String])] = [
        ("search --format ", ["csv", "json", "jsonl", "markdown", "table", "tsv"]),
        ("search --kind d", ["domain"]),
        ("search --group", ["--group-by"]),
        ("search --fo", ["--format"]),
        ("search -o", ["-ocsv", "-ojson", "-ojsonl", "-omarkdown", "-otable", "-otsv"]),
    ]

    @Test(Self.requires("fish"), arguments: fishCases)
    func fishCompletesOptionsAndTheirValues(commandLine: String, expected: [String]) throws {
        #expect(try fishCompletions(commandLine) == expected)
    }

    @Test(Self.requires("fish")) func fishOffersNoFilesForTheQueryButDoesForData() throws {
        #expect(try fishCompletions("search Package.sw") == [])
        #expect(try fishCompletions("search --data Package.sw") == ["Package.swift"])
    }

    @Test(Self.requires("zsh")) func zshRegistersItselfWhenSourced() throws {
        let zsh = try installed("zsh")
        let file = try script(for: "zsh")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try ShellCommand.run(
            #"autoload -Uz compinit && compinit -u -D && source "$1" && print -r -- $_comps[search]"#,
            shell: zsh,
            arguments: ["zsh", file.path]
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "_search\n")
    }
}
