import RawBytes
import TerminalTable

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where the command writes, and what it knows about its terminal. The entry
/// point builds the real one; tests build one that captures text.
///
/// A console only carries bytes: the command writes through ``Output``, the
/// one gate that makes text safe for a terminal, and nothing else calls these
/// closures.
public struct Console: Sendable {
    /// Writes to standard output and says what became of it: after
    /// ``WriteOutcome/readerGone`` (a broken pipe) the command stops quietly,
    /// after ``WriteOutcome/failed(reason:)`` it stops with an error.
    public var writeOutput: @Sendable (String) -> WriteOutcome
    /// Writes UTF-8 bytes to standard output, as ``writeOutput`` writes text;
    /// a large table is written this way, without first becoming a `String`.
    public var writeOutputBytes: @Sendable ([UInt8]) -> WriteOutcome
    /// Writes to standard error.
    public var writeError: @Sendable (String) -> Void
    /// Whether standard output is a terminal.
    public var outputIsTerminal: Bool
    /// Whether standard error is a terminal.
    public var errorIsTerminal: Bool
    /// The terminal's width in columns, when standard output is one.
    public var terminalColumns: Int?
    /// The terminal's height in lines, when standard output is one.
    public var terminalLines: Int?
    /// Starts a pager (a command run by `/bin/sh -c`, in an environment)
    /// that standard output goes to from then on; `false` when none starts.
    public var startPager: @Sendable (_ command: String, _ environment: [String: String]) -> Bool
    /// Ends standard output into the pager and waits for it to quit: its
    /// exit status, or `nil` when none was started.
    public var finishPager: @Sendable () -> Int32?
    /// Whether standard input holds data to read: a pipe, a file or a
    /// socket, not a terminal and not `/dev/null`.
    public var inputHasData: Bool

    /// A console that writes through the given closures; tests capture text
    /// with it and say what kind of terminal to pretend to be.
    /// - Parameters:
    ///   - writeOutput: Writes to standard output and says what became of it.
    ///   - writeOutputBytes: Writes UTF-8 bytes to standard output; by
    ///     default, decodes them and calls `writeOutput`.
    ///   - writeError: Writes to standard error.
    ///   - outputIsTerminal: Whether standard output is a terminal.
    ///   - errorIsTerminal: Whether standard error is a terminal.
    ///   - terminalColumns: The terminal's width, when there is one.
    ///   - terminalLines: The terminal's height, when there is one.
    ///   - inputHasData: Whether standard input holds data to read.
    ///   - startPager: Starts a pager for standard output; by default, none starts.
    ///   - finishPager: Waits for the pager started; by default, there is none.
    public init(
        writeOutput: @escaping @Sendable (String) -> WriteOutcome,
        writeOutputBytes: (@Sendable ([UInt8]) -> WriteOutcome)? = nil,
        writeError: @escaping @Sendable (String) -> Void,
        outputIsTerminal: Bool = false,
        errorIsTerminal: Bool = false,
        terminalColumns: Int? = nil,
        terminalLines: Int? = nil,
        inputHasData: Bool = false,
        startPager: @escaping @Sendable (_ command: String, _ environment: [String: String]) -> Bool = { _, _ in false
        },
        finishPager: @escaping @Sendable () -> Int32? = { nil }
    ) {
        self.writeOutput = writeOutput
        self.writeOutputBytes = writeOutputBytes ?? { writeOutput(String(decoding: $0, as: UTF8.self)) }
        self.writeError = writeError
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.terminalColumns = terminalColumns
        self.terminalLines = terminalLines
        self.inputHasData = inputHasData
        self.startPager = startPager
        self.finishPager = finishPager
    }

    /// The process's standard streams. Ignores SIGPIPE so that a closed pipe
    /// is seen as a failed write, and reported by status, not by a signal;
    /// SIGINT keeps its default action.
    public static func standard() -> Console {
        signal(SIGPIPE, SIG_IGN)
        // Ctrl-C ends the search at once with the conventional status, even
        // when the parent started us with SIGINT ignored.
        signal(SIGINT, SIG_DFL)
        widenOutputPipe()
        var info = stat()
        let inputHasData: Bool
        if fstat(0, &info) == 0 {
            let type = info.st_mode & S_IFMT
            inputHasData = type == S_IFIFO || type == S_IFREG || type == S_IFSOCK
        } else {
            inputHasData = false
        }
        let pager = PagerProcess()
        return Console(
            writeOutput: { writeAll(1, $0) },
            writeOutputBytes: { writeAll(1, $0) },
            writeError: { _ = writeAll(2, $0) },
            outputIsTerminal: Terminal.isTerminal(1),
            errorIsTerminal: Terminal.isTerminal(2),
            terminalColumns: Terminal.columns(ofFileDescriptor: 1),
            terminalLines: Terminal.lines(ofFileDescriptor: 1),
            inputHasData: inputHasData,
            startPager: { pager.start($0, environment: $1) },
            finishPager: { pager.finish() }
        )
    }

    /// When standard output is a pipe, asks the kernel for room for a
    /// megabyte in it (the most it grants by default) rather than 64 KiB:
    /// a large table is then written in a few writes the reader drains as
    /// it goes, not hundreds that each wait for the reader to wake. A
    /// refusal (a limit on the user's pipe memory) leaves the pipe as it is.
    private static func widenOutputPipe() {
        #if os(Linux)
            var info = stat()
            guard fstat(1, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return }
            // F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7), which Glibc's module does not export.
            let setPipeSize: Int32 = 1_031
            _ = fcntl(1, setPipeSize, Int32(1 << 20))
        #endif
    }

    /// Writes every byte of `text` to `fd`.
    private static func writeAll(_ fd: Int32, _ text: String) -> WriteOutcome {
        writeAll(count: text.utf8.count) { FileDescriptorBytes.write(fd, utf8: text, from: $0) }
    }

    /// Writes every byte of `bytes` to `fd`.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> WriteOutcome {
        writeAll(count: bytes.count) { FileDescriptorBytes.write(fd, bytes, $0..<bytes.count) }
    }

    /// Writes `count` bytes, each write those from the offset it is given
    /// (`write(2)`'s count, or -1 with `errno` set): the only place `search`
    /// writes its output. A closed pipe (EPIPE) is told apart from other
    /// failures, such as a full disk, which must not pass for a reader that
    /// left early.
    private static func writeAll(count: Int, _ writeFrom: (Int) -> Int) -> WriteOutcome {
        var offset = 0
        while offset < count {
            let written = writeFrom(offset)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EPIPE { return .readerGone }
                return .failed(reason: strerror(code).map { String(cString: $0) } ?? "error \(code)")
            }
            offset += written
        }
        return .written
    }
}

/// What became of a write to standard output.
public enum WriteOutcome: Sendable, Equatable {
    /// Every byte was written.
    case written
    /// The reader has gone, as `| head` does: stop quietly, with status 141.
    case readerGone
    /// The write failed for another reason, such as a full disk: stop, say
    /// why on standard error, and exit with status 2.
    case failed(reason: String)
}
