import Foundation
import TestSupport
import Testing

@testable import SearchCLI

/// The gate every printed byte passes through (``Output``), and a check of
/// the sources that nothing prints around it.
@Suite struct OutputGateTests {
    /// Captures what a console was given.
    final class Capture: @unchecked Sendable {
        private let lock = NSLock()
        private var outBytes: [UInt8] = []
        private var errText = ""
        var out: String { lock.withLock { String(decoding: outBytes, as: UTF8.self) } }
        var err: String { lock.withLock { errText } }

        func console(terminal: Bool) -> Console {
            Console(
                writeOutput: { text in
                    self.lock.withLock { self.outBytes += Array(text.utf8) }
                    return .written
                },
                writeOutputBytes: { bytes in
                    self.lock.withLock { self.outBytes += bytes }
                    return .written
                },
                writeError: { text in self.lock.withLock { self.errText += text } },
                outputIsTerminal: terminal
            )
        }
    }

    @Test func messagesKeepTheirLineFeedsAndShowEveryOtherControl() {
        let capture = Capture()
        let output = Output(console: capture.console(terminal: true))
        output.error("error: '\u{1B}]52;c;cHduZWQ=\u{07}'\n\tnext \u{9B}2J\r\n")
        #expect(capture.err == "error: '^[]52;c;cHduZWQ=^G'\n^Inext \\u{9B}2J^M\n")
    }

    @Test func resultsKeepLineFeedsTabsAndCRLFButShowOtherControls() {
        let capture = Capture()
        var output = Output(console: capture.console(terminal: true))
        output.print("a\tb\r\nc\rd\u{1B}[31me\u{7F}\u{85}é\n")
        #expect(capture.out == "a\tb\r\nc^Md^[[31me^?\\u{85}é\n")
    }

    /// A program reads what goes through a pipe: CSV fields carry every
    /// character as it is; only invalid UTF-8 is repaired.
    @Test func aPipeGetsEveryControlAsItIs() {
        let capture = Capture()
        var output = Output(console: capture.console(terminal: false))
        output.print("\"a\rb\"\r\n\u{1B}]0;t\u{07}\u{0}\u{7F}\u{85}\n")
        #expect(capture.out == "\"a\rb\"\r\n\u{1B}]0;t\u{07}\u{0}\u{7F}\u{85}\n")
        output.print(utf8: [0x61, 0xFF, 0x1B, 0x62, 0x0A])
        #expect(capture.out.hasSuffix("a\u{FFFD}\u{1B}b\n"))
    }

    @Test func onlySGRColourPassesAndOnlyWhileColourIsOn() {
        let capture = Capture()
        var output = Output(console: capture.console(terminal: true))
        output.allowsColor = true
        output.print(
            "\u{1B}[1;31mred\u{1B}[0m \u{1B}[2J \u{1B}]8;;x\u{07} \u{1B}[" + String(repeating: "1", count: 40) + "m\n")
        #expect(
            capture.out
                == "\u{1B}[1;31mred\u{1B}[0m ^[[2J ^[]8;;x^G ^[[" + String(repeating: "1", count: 40) + "m\n")
    }

    @Test func invalidUTF8AndRawC1BytesAreReplaced() {
        let capture = Capture()
        var output = Output(console: capture.console(terminal: true))
        output.print(utf8: Array("ok ".utf8) + [0x9B, 0x32, 0x4A, 0x20, 0xC2, 0x9B, 0x20, 0xE2, 0x94, 0x82, 0x0A])
        #expect(capture.out == "ok \u{FFFD}2J \\u{9B} │\n")
    }

    @Test func safeOutputIsWrittenAsItIs() {
        let capture = Capture()
        var output = Output(console: capture.console(terminal: true))
        let text = "KIND  NAME ╭─╮ 👨‍👩‍👧 \u{202E}bidi stays for JSON\u{202C}\n"
        output.print(text)
        output.print(utf8: Array(text.utf8))
        #expect(capture.out == text + text)
    }

    // MARK: - Nothing prints around the gate

    /// Folders of `Sources` that are not part of `search`: build-time code
    /// generation and the scaffolding tool run by a package plugin, which
    /// report to the developer on their own.
    static let toolTargets: Set<String> = ["KindCodegen", "generate-kind-registry", "scaffold-kind"]

    /// The files allowed to write: the console calls `write(2)`, the gate
    /// calls the console; the picker of `--interactive` writes its frames,
    /// already through the gate's filter, to `/dev/tty`, and restores the
    /// terminal from signal handlers, in one file; the byte module's
    /// `TemporaryFile` (the picker's index and copy of its input, a push's
    /// ledger of ids) writes (`pwrite`) to a file with no name it makes,
    /// never a standard descriptor; the `SIGBUS` handler of a file read in
    /// place (the byte module's `MappedRegionFaults`) writes its one error line to standard error with `write(2)`
    /// (the only async-signal-safe way), a line made before the file was
    /// mapped and sanitised as the gate's errors are; a decompressing
    /// command (`zstd -d`) reading a pipe is fed the compressed input by
    /// `write(2)` to that pipe, never a standard descriptor; `--new-kind-spec`
    /// writes the starter spec and the schema to files it creates, never a
    /// standard descriptor; the picker's wake pipe and its signal handlers
    /// write one byte to a pipe of its own, and the handlers write the
    /// terminal's restore sequence (made by the picker, held in signal-safe
    /// bytes) to `/dev/tty`. The byte module's `FileDescriptorBytes` and
    /// `SignalSafeBytes` are the system calls themselves, which these files
    /// call rather than `write(2)`: anyone else calling them writes around
    /// the gate.
    static let gateFiles: Set<String> = [
        "SearchCLI/Terminal/Console.swift", "SearchCLI/Terminal/Output.swift",
        "InteractiveSearch/Terminal/TerminalDevice.swift", "RawBytes/TemporaryFile.swift",
        "InteractiveSearch/Terminal/TerminalRestore.swift", "InteractiveSearch/Terminal/WakePipe.swift",
        "RawBytes/MappedRegionFaults.swift", "SearchEngine/Reading/DecompressionProcess.swift",
        "KindSpecs/KindSpecStarter.swift", "RawBytes/FileDescriptorBytes.swift",
        "RawBytes/FileDescriptorBytes+Offset.swift", "RawBytes/SignalSafeBytes.swift",
    ]

    /// Ways out to stdout or stderr other than the gate, one per pattern.
    static let bypasses: [(name: String, pattern: String)] = [
        ("print", #"(^|[^.\w])(print|debugPrint|dump)\("#),
        (
            "C stdio",
            #"(^|[^.\w])(fputs|fputc|fwrite|fprintf|printf|vprintf|vfprintf|dprintf|puts|putchar|putc|perror)\("#
        ),
        ("Foundation", #"\bFileHandle\b"#),
        ("a standard descriptor", #"\b(STDOUT_FILENO|STDERR_FILENO)\b"#),
        // `write(` with an argument but no label before the first `)`: the
        // system call, not a method such as `write(value, into: &out)`.
        ("write(2)", #"(^|[^.\w])(write|writev|pwrite)\((?=\s*\S)(?![^)]*\b\w+: )"#),
        ("the console's writers", #"\.(writeOutput|writeOutputBytes|writeError)\("#),
        ("the byte module's write(2)", #"\bFileDescriptorBytes\.write\("#),
        ("the byte module's signal-safe write", #"\.write\(to: *\w+\)"#),
        ("write(2) named by its C module", #"\b(Glibc|Musl|Darwin)\.(write|writev|pwrite)\("#),
    ]

    /// Every line of code (comments left out) in `search`'s sources that
    /// writes around the gate.
    static func bypassingLines(in root: URL) throws -> [String] {
        let sources = root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
        let expressions = try bypasses.map { ($0.name, try NSRegularExpression(pattern: $0.pattern)) }
        var found: [String] = []
        for case let path as String in files where path.hasSuffix(".swift") {
            guard let target = path.split(separator: "/").first, !toolTargets.contains(String(target)),
                !gateFiles.contains(path)
            else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = String(line)
                // Comments, and the declarations of methods that share a name (`func print(`).
                guard !line.drop(while: { $0 == " " }).hasPrefix("//"), !code.contains("func ") else { continue }
                let range = NSRange(code.startIndex..., in: code)
                for (name, expression) in expressions where expression.firstMatch(in: code, range: range) != nil {
                    found.append("Sources/\(path):\(number + 1): \(name): \(line.drop { $0 == " " })")
                }
            }
        }
        return found
    }

    @Test func nothingInSearchWritesAroundTheGate() throws {
        let found = try Self.bypassingLines(in: BinaryRunner.packageRoot)
        #expect(found.isEmpty, "write through Output instead:\n\(found.joined(separator: "\n"))")
    }

    /// The check itself finds each way around the gate.
    @Test(arguments: [
        #"print("hello")"#, #"fputs(text, stderr)"#, #"FileHandle.standardError.write(data)"#,
        #"_ = write(2, pointer, count)"#, #"console.writeError(message)"#, #"debugPrint(value)"#,
        #"let n = write(fd, base, length)"#, #"_ = FileDescriptorBytes.write(1, bytes)"#,
        #"_ = restore.write(to: 2)"#, #"_ = Glibc.write(1, &byte, 1)"#,
    ])
    func theCheckFindsAWriteAroundTheGate(line: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Sources/SomeModule")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = "func f() {\n    \(line)\n    output.print(text)\n    write(value, into: &out)\n}\n"
        try Data(source.utf8).write(to: folder.appendingPathComponent("Leak.swift"))
        let found = try Self.bypassingLines(in: root)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.hasPrefix("Sources/SomeModule/Leak.swift:2:") == true, "\(found)")
    }
}
