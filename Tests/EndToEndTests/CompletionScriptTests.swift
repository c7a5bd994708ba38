import Foundation
import TestSupport
import Testing

/// `search --generate-completion-script`: each script is valid in its shell
/// (`bash -n`, `zsh -n`, `fish -n`) and completes what a user types.
///
/// CI installs the shells with `apt-get install -y zsh fish`; on a machine
/// without one, its tests are skipped with a message that says so.
@Suite(.serialized) struct CompletionScriptTests {
    /// The script for `shell`, saved to a temporary file.
    func script(for shell: String) throws -> URL {
        let result = try BinaryRunner.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        return try ShellCommand.temporaryFile(named: "search.\(shell)", result.stdout)
    }

    /// The shell's path, or nil after noting that its tests are skipped.
    func installed(_ shell: String) -> String? {
        guard let path = ShellCommand.path(of: shell) else {
            print("note: \(shell) is not installed; skipping its completion tests (apt-get install -y \(shell))")
            return nil
        }
        return path
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func theScriptPassesTheShellsSyntaxCheck(shell: String) throws {
        guard let path = installed(shell) else { return }
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
        guard let bash = installed("bash") else { return [] }
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
        (["--kind", ""], ["card", "domain", "product"]),
        (["-k", "p"], ["product"]),
        (["--color", "a"], ["auto", "always"]),
        (["--style", ""], ["plain", "ascii", "rounded"]),
        (["--generate-completion-script", "z"], ["zsh"]),
        (["--limit", ""], []),
        (["--no-h"], ["--no-headers"]),
    ]

    @Test(arguments: bashCases)
    func bashCompletesOptionsAndTheirValues(words: [String], expected: [String]) throws {
        guard installed("bash") != nil else { return }
        #expect(try bashCompletions(words) == expected)
    }

    @Test func bashCompletesFileNamesAfterData() throws {
        guard installed("bash") != nil else { return }
        let offered = try bashCompletions(["--data", "Package.sw"])
        #expect(offered == ["Package.swift"])
    }

    /// What fish offers for `commandLine`, through `complete -C`.
    func fishCompletions(_ commandLine: String) throws -> [String] {
        guard let fish = installed("fish") else { return [] }
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

    @Test(arguments: fishCases)
    func fishCompletesOptionsAndTheirValues(commandLine: String, expected: [String]) throws {
        guard installed("fish") != nil else { return }
        #expect(try fishCompletions(commandLine) == expected)
    }

    @Test func fishOffersNoFilesForTheQueryButDoesForData() throws {
        guard installed("fish") != nil else { return }
        #expect(try fishCompletions("search Package.sw") == [])
        #expect(try fishCompletions("search --data Package.sw") == ["Package.swift"])
    }

    @Test func zshRegistersItselfWhenSourced() throws {
        guard let zsh = installed("zsh") else { return }
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
