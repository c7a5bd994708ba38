import Foundation
import TestSupport
import Testing

/// The docs cannot lie: every command of README.md and docs/ that reads the
/// bundled sample or Examples/ is run, and every capture of what one prints
/// is compared with what it prints today, on a real pseudo-terminal of the
/// capture's size. (schemas/README.md's examples show what a pipe gets, and
/// `SpecDocumentationTests` runs them so.)
///
/// A capture is a fenced block either
/// - whose lines start with `$ COMMAND`, each followed by what it prints, or
/// - right after a comment `<!-- capture: COMMAND -->`, holding what it prints.
///
/// The comment may give the terminal's size (`<!-- capture: search queen, 40x24 -->`,
/// else 80x24; a comment of a size alone gives it to the `$` lines of the
/// block after it) and keys typed once the screen shows (`keys: queen Down
/// Tab`): the block is then the screen after them (the picker's), its
/// timing aside. Commands run by `/bin/sh` from the package root, with the
/// built `search` first on PATH, `~/.local/bin/search` being it too, and
/// `PAGER=cat`. `RECORD_SNAPSHOTS=1` writes what they print today into the
/// documents' captures.
@Suite(.serialized) struct DocumentedCommandTests {
    static let documents =
        ["README.md"]
        + (try! FileManager.default.contentsOfDirectory(
            atPath: BinaryRunner.packageRoot.appendingPathComponent("docs").path)).filter { $0.hasSuffix(".md") }
        .sorted().map { "docs/\($0)" }

    /// One command a document shows the output of.
    struct Capture: CustomStringConvertible {
        var file: String
        /// The line of the document where the command is written.
        var line: Int
        var command: String
        var columns = 80
        var lines = 24
        var keys: [String] = []
        var expected: [String]
        /// Where `expected` is in the document's lines.
        var lineRange = 0..<0

        var description: String { "\(file):\(line): `\(command)` (\(columns)x\(lines))" }
    }

    /// Whether `command` reads only what the package holds: the bundled
    /// sample or files under Examples/ (no cluster, no file of the reader's).
    static func readsTheSample(_ command: String) -> Bool {
        guard command.range(of: #"(^|[;&|(]\s*|\$\()\s*(~/\.local/bin/)?search\b"#, options: .regularExpression) != nil
        else { return false }
        // A cluster, a script, or no search at all (completions and the man page).
        for word in ["--source", "--push", "scripts/", "--generate-"] where command.contains(word) { return false }
        let words = command.split(separator: " ").map(String.init)
        for (index, word) in words.enumerated() where ["--data", "-d", "--kinds"].contains(word) {
            guard index + 1 < words.count, words[index + 1].hasPrefix("Examples/") else { return false }
        }
        return true
    }

    /// The captures of every document.
    static func captures() throws -> [Capture] {
        var captures: [Capture] = []
        for file in documents {
            let text = try String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent(file), encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            var index = 0
            var pending: Capture?
            while index < lines.count {
                let line = lines[index]
                if line.hasPrefix("<!-- capture:"), let end = line.range(of: "-->") {
                    pending = parseComment(
                        String(line[line.index(line.startIndex, offsetBy: 13)..<end.lowerBound]), file: file,
                        line: index + 1)
                    index += 1
                    continue
                }
                guard line.hasPrefix("```") else {
                    if !line.trimmingCharacters(in: .whitespaces).isEmpty { pending = nil }
                    index += 1
                    continue
                }
                let start = index + 1
                var close = start
                while close < lines.count && !lines[close].hasPrefix("```") { close += 1 }
                let block = Array(lines[start..<min(close, lines.count)])
                if var capture = pending, !capture.command.isEmpty {
                    capture.expected = block
                    capture.lineRange = start..<min(close, lines.count)
                    captures.append(capture)
                } else if block.first?.hasPrefix("$ ") == true {
                    var current: Capture?
                    for (offset, line) in block.enumerated() {
                        if line.hasPrefix("$ ") {
                            if let current { captures.append(current) }
                            var next = pending ?? Capture(file: file, line: 0, command: "", expected: [])
                            next.line = start + offset + 1
                            next.command = String(line.dropFirst(2))
                            next.lineRange = (start + offset + 1)..<(start + offset + 1)
                            current = next
                        } else {
                            if var capture = current {
                                capture.expected.append(line)
                                capture.lineRange = capture.lineRange.lowerBound..<(start + offset + 1)
                                current = capture
                            }
                        }
                    }
                    if let current { captures.append(current) }
                }
                pending = nil
                index = close + 1
            }
        }
        return captures
    }

    /// `search -i, 80x14, keys: queen Down Tab`.
    static func parseComment(_ text: String, file: String, line: Int) -> Capture {
        var capture = Capture(file: file, line: line, command: "", expected: [])
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if part.hasPrefix("keys:") {
                capture.keys = part.dropFirst(5).split(separator: " ").map(String.init)
            } else if let size = part.wholeMatch(of: /(\d+)x(\d+)/) {
                capture.columns = Int(size.1) ?? 80
                capture.lines = Int(size.2) ?? 24
            } else if capture.command.isEmpty {
                capture.command = part
            } else {
                capture.command += ", " + part
            }
        }
        return capture
    }

    /// The bytes a key name types.
    static func typed(_ key: String) -> String {
        switch key {
        case "Down": "\u{1B}[B"
        case "Up": "\u{1B}[A"
        case "Tab": "\t"
        case "Enter": "\r"
        case "Esc": "\u{1B}"
        default: key
        }
    }

    /// A screen's lines as a capture shows them: no spaces at their ends,
    /// no blank lines after the last, the picker's timing taken out.
    static func normalized(_ lines: [String]) -> [String] {
        var result = lines.map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
                .replacingOccurrences(of: #" [0-9.]+ m?s$"#, with: " <time>", options: .regularExpression)
        }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    /// A folder whose `.local/bin/search` is the built binary, as the install docs put it.
    static let home: URL = {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("docs-home-\(UUID().uuidString)")
        let bin = home.appendingPathComponent(".local/bin")
        try? FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("search"), withDestinationURL: BinaryRunner.binary)
        return home
    }()

    /// What `capture`'s command shows on a terminal of its size: the lines
    /// it printed, its colour and the terminal's line ends taken out (a line
    /// wider than the terminal whole, as one copies it), or for keys the
    /// screen after them.
    static func run(_ capture: Capture) throws -> [String] {
        let terminal = try PseudoTerminal(
            ["-c", capture.command], columns: capture.columns, lines: capture.lines,
            environment: [
                "PATH": home.appendingPathComponent(".local/bin").path + ":/usr/bin:/bin", "HOME": home.path,
                "PAGER": "cat",
            ], executable: "/bin/sh")
        if capture.keys.isEmpty {
            _ = terminal.finish(timeout: 60)
            let text = String(decoding: terminal.screenBytes, as: UTF8.self)
                .replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
                .replacingOccurrences(of: "\r\n", with: "\n")
            return text.components(separatedBy: "\n")
        }
        // The picker: the screen once it has settled after each key.
        let ready = terminal.waitFor(columns: capture.columns, lines: capture.lines) { screen in
            screen.text.contains { $0.contains(" of ") }
        }
        #expect(ready, "\(capture): the picker did not show")
        var last = terminal.screen(columns: capture.columns, lines: capture.lines).text
        for key in capture.keys {
            terminal.type(typed(key))
            usleep(150_000)
            _ = terminal.waitFor(columns: capture.columns, lines: capture.lines, timeout: 5) { $0.text != last }
            usleep(150_000)
            last = terminal.screen(columns: capture.columns, lines: capture.lines).text
        }
        terminal.type("\u{1B}")
        _ = terminal.finish()
        return last
    }

    @Test func theDocumentsHoldCaptures() throws {
        let captures = try Self.captures().filter { Self.readsTheSample($0.command) }
        #expect(captures.count >= 3, "\(captures)")
        #expect(captures.contains { $0.file == "README.md" && !$0.keys.isEmpty }, "no capture of the picker")
    }

    @Test func everyCaptureIsWhatItsCommandPrintsToday() throws {
        var failures: [String] = []
        var recorded: [String: [(range: Range<Int>, lines: [String])]] = [:]
        for capture in try Self.captures() where Self.readsTheSample(capture.command) {
            let output = try Self.run(capture)
            let actual = Self.normalized(output)
            let expected = Self.normalized(capture.expected)
            guard actual != expected else { continue }
            failures.append(
                "\(capture): the capture differs from what it prints today:\n" + Self.diff(expected, actual))
            // As printed, the picker's timing too; no spaces at the lines' ends, no blank lines after.
            var kept = output.map { String($0.reversed().drop { $0 == " " }.reversed()) }
            while kept.last?.isEmpty == true { kept.removeLast() }
            recorded[capture.file, default: []].append((capture.lineRange, kept))
        }
        if !failures.isEmpty, ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            for (file, changes) in recorded {
                let url = BinaryRunner.packageRoot.appendingPathComponent(file)
                var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
                for change in changes.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                    lines.replaceSubrange(change.range, with: change.lines)
                }
                try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            }
            Issue.record("the captures were written from what the commands print; run the tests again")
            return
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
    }

    /// The commands of `sh` blocks that read the sample: each runs, exits 0
    /// or 1 (no results), and says no error.
    @Test func everyDocumentedCommandOnTheSampleRuns() throws {
        var failures: [String] = []
        var ran = 0
        for file in Self.documents {
            let text = try String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent(file), encoding: .utf8)
            var inShell = false
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                if line.hasPrefix("```") {
                    inShell = !inShell && (line == "```sh" || line == "```bash")
                    continue
                }
                // A command alone: its comment and the shell's own words left out; the picker needs a terminal.
                let command = line.components(separatedBy: " # ").first?.trimmingCharacters(in: .whitespaces) ?? ""
                guard inShell, command.hasPrefix("search "), Self.readsTheSample(command),
                    !command.contains(" -i") && !command.contains("--interactive")
                else { continue }
                let result = try ShellCommand.run(
                    command + " > /dev/null",
                    environment: ["PATH": BinaryRunner.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"])
                ran += 1
                if ![0, 1].contains(result.status) || result.stderr.contains("error:") {
                    failures.append("\(file):\(index + 1): `\(command)`: status \(result.status)\n\(result.stderr)")
                }
            }
        }
        #expect(ran >= 3)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// The lines of `expected` and `actual`, marked where they differ.
    static func diff(_ expected: [String], _ actual: [String]) -> String {
        var out: [String] = []
        for index in 0..<max(expected.count, actual.count) {
            let left = index < expected.count ? expected[index] : nil
            let right = index < actual.count ? actual[index] : nil
            if left == right {
                out.append("  " + (left ?? ""))
            } else {
                if let left { out.append("- " + left) }
                if let right { out.append("+ " + right) }
            }
        }
        return out.joined(separator: "\n")
    }
}
