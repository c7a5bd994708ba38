import Foundation
import Testing

/// Whatever the user's config folder or `--kinds DIR` holds, help, the man
/// page and completions work, and no run waits for ever.
@Suite(.serialized) struct ConfigFolderTests {
    /// `$XDG_CONFIG_HOME` with `resultkit/kinds/x.kind.json` holding `text`.
    static func configHome(spec text: String) throws -> URL {
        let home = try GuardedRun.temporaryDirectory()
        let kinds = home.appendingPathComponent("resultkit/kinds")
        try FileManager.default.createDirectory(at: kinds, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: kinds.appendingPathComponent("x.kind.json"))
        return home
    }

    static let informational: [[String]] = [
        ["--help"], ["--version"], ["--generate-manpage"], ["--generate-completion-script", "zsh"],
    ]

    /// Regression: a broken spec in the config folder made these exit 2.
    @Test(arguments: informational)
    func aBrokenSpecInTheConfigFolderLeavesHelpWorking(arguments: [String]) throws {
        let home = try Self.configHome(spec: "{broken")
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try GuardedRun.run(arguments, environment: ["XDG_CONFIG_HOME": home.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.isEmpty)
        if arguments != ["--version"] {
            #expect(run.stderr.hasPrefix("warning: \(home.path)/resultkit/kinds/x.kind.json:1:2: malformed JSON"))
        }
        #expect(!run.stderr.contains("error:"), "\(run.stderr)")
    }

    /// A broken personal spec warns and is left out: every search goes on.
    @Test(arguments: [["queen"], ["--list-kinds"]])
    func aBrokenSpecInTheConfigFolderWarnsAndIsSkipped(arguments: [String]) throws {
        let home = try Self.configHome(spec: "{broken")
        defer { try? FileManager.default.removeItem(at: home) }
        let run = try GuardedRun.run(arguments, environment: ["XDG_CONFIG_HOME": home.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.contains(arguments == ["queen"] ? "Queen of" : "module CardKind"))
        let warning = "warning: \(home.path)/resultkit/kinds/x.kind.json:1:2: malformed JSON: \(Self.malformed)\n"
        #expect(run.stderr.hasPrefix(warning), "\(run.stderr)")
        #expect(!run.stderr.contains("error:"), "\(run.stderr)")
    }

    /// The same broken spec named by --kinds is an error that stops the search.
    @Test func aBrokenSpecNamedByKindsStopsASearch() throws {
        let home = try Self.configHome(spec: "{broken")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("resultkit/kinds").path
        let run = try GuardedRun.run(["queen", "--kinds", folder], environment: ["XDG_CONFIG_HOME": home.path])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: \(folder)/x.kind.json:1:2: malformed JSON: \(Self.malformed)\n"))
    }

    static let malformed = "expected '\"' to start an object key, found 'b'"

    /// Regression: a FIFO named like a spec blocked every run, `--version`
    /// included, in `open` until something wrote to it.
    @Test(arguments: [["--version"], ["--help"], ["queen"], ["--list-kinds"]])
    func aFIFONamedLikeASpecNeverBlocks(arguments: [String]) throws {
        let folder = try GuardedRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("a.kind.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let named = try GuardedRun.run(["--kinds", folder.path] + arguments, timeout: 15)
        let searches = arguments == ["queen"] || arguments == ["--list-kinds"]
        for (run, isNamed) in [(named, true), (try configRun(arguments: arguments), false)] {
            #expect(!run.timedOut, "search \(arguments) waited on the FIFO and was killed")
            // Named by --kinds, the FIFO stops a search; in the config folder it is skipped with a warning.
            #expect(run.status == (searches && isNamed ? 2 : 0), "\(run.stderr)")
        }
        if arguments != ["--version"] {
            let label = arguments == ["--help"] ? "warning" : "error"
            #expect(named.stderr.hasPrefix("\(label): \(fifo): not a regular file (a named pipe)"), "\(named.stderr)")
        }
    }

    /// The FIFO inside `$XDG_CONFIG_HOME/resultkit/kinds`.
    private func configRun(arguments: [String]) throws -> GuardedRun {
        let home = try GuardedRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let kinds = home.appendingPathComponent("resultkit/kinds")
        try FileManager.default.createDirectory(at: kinds, withIntermediateDirectories: true)
        #expect(mkfifo(kinds.appendingPathComponent("a.kind.json").path, 0o600) == 0)
        return try GuardedRun.run(arguments, environment: ["XDG_CONFIG_HOME": home.path], timeout: 15)
    }

    /// Regression: `XDG_CONFIG_HOME` naming a file made every run exit 2.
    @Test func aConfigHomeThatIsAFileIsAMissingFolderWithAWarning() throws {
        let folder = try GuardedRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config")
        try Data("not a folder".utf8).write(to: file)
        let run = try GuardedRun.run(["queen"], environment: ["XDG_CONFIG_HOME": file.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.contains("Queen of"))
        #expect(
            run.stderr == "warning: \(file.path)/resultkit/kinds: not a folder (a part of the path is a file), "
                + "so no kind specs are read from it\n")
    }
}
