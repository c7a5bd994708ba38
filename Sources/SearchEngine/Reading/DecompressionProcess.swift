import RawBytes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A decompressing command (`zstd -d -c`, `xz -d -c`, `bzip2 -d -c`) reading
/// the compressed input on its standard input, its output read as it comes.
///
/// A regular file is given to the command as its standard input directly;
/// any other input (a pipe, a terminal) is copied to it by a thread of its
/// own, the bytes already peeked at first. The command's messages are kept
/// (the first few kilobytes) to say why it failed. When the reader is done
/// early, closing the command's output ends it, and it is waited for.
final class DecompressionProcess {
    private let compression: Compression
    private let output: DescriptorInput
    private let outputDescriptor: Int32
    private let process: pid_t
    /// The read end of the command's standard error, not blocking.
    private let errors: Int32
    private var errorText: [UInt8] = []
    /// The thread that copies a non-file input to the command, if any.
    private var feeder: JoinableThread?
    private var exited = false

    /// The most of the command's messages kept.
    private static let maxErrorBytes = 4096

    /// Starts the command that decompresses `input`.
    init(_ compression: Compression, input: DescriptorInput) throws(ReadError) {
        guard let tool = compression.tool else { preconditionFailure("gzip is read in process") }
        self.compression = compression
        // The command's standard input: the file itself, from its start,
        // or a pipe fed from the input.
        var feedPipe: (read: Int32, write: Int32)?
        var commandInput = input.fd
        // A regular file is read by the command from where the peeking began.
        let position = lseek(input.fd, 0, SEEK_CUR)
        let start = position - input.lookaheadCount
        if input.regularFileSize != nil, position >= 0, start >= 0, lseek(input.fd, start, SEEK_SET) >= 0 {
            input.dropLookahead()
        } else {
            let pipe = try Self.makePipe()
            feedPipe = pipe
            commandInput = pipe.read
        }
        let outputPipe: (read: Int32, write: Int32)
        let errorPipe: (read: Int32, write: Int32)
        do {
            outputPipe = try Self.makePipe()
            errorPipe = try Self.makePipe()
        } catch {
            if let feedPipe {
                close(feedPipe.read)
                close(feedPipe.write)
            }
            throw error
        }
        var pid: pid_t = 0
        let status = Self.spawn(
            tool.command, arguments: tool.arguments, input: commandInput, output: outputPipe.write,
            errors: errorPipe.write, pid: &pid)
        close(outputPipe.write)
        close(errorPipe.write)
        if let feedPipe { close(feedPipe.read) }
        guard status == 0 else {
            close(outputPipe.read)
            close(errorPipe.read)
            if let feedPipe { close(feedPipe.write) }
            if status == ENOENT {
                throw ReadError(
                    reason: "it is \(compression.rawValue)-compressed, and the \(tool.command) command is not "
                        + "installed (Debian and Ubuntu: apt-get install \(tool.debianPackage))")
            }
            throw ReadError(reason: "cannot run \(tool.command): \(ReadError(errno: status))")
        }
        process = pid
        errors = errorPipe.read
        _ = fcntl(errors, F_SETFL, fcntl(errors, F_GETFL) | O_NONBLOCK)
        outputDescriptor = outputPipe.read
        output = DescriptorInput(fd: outputPipe.read, ownsDescriptor: false)
        if let feedPipe { feeder = Self.startFeeding(from: input, to: feedPipe.write) }
    }

    deinit {
        // Closing the output first makes a command still writing stop.
        close(outputDescriptor)
        finish()
        close(errors)
    }

    /// Appends to `room` up to the room it has of decompressed output;
    /// returns how many bytes it appended, 0 at the end.
    /// - Throws: The command's own message when it fails.
    func read(into room: inout OutputSpan<UInt8>) throws(ReadError) -> Int {
        let count = try output.read(into: &room)
        drainErrors()
        if count > 0 { return count }
        let status = finish()
        guard status == 0 else {
            let message =
                String(decoding: errorText, as: UTF8.self)
                .split(whereSeparator: { $0 == "\n" }).first.map(String.init) ?? ""
            throw ReadError(
                reason: "\(compression.tool!.command) failed"
                    + (message.isEmpty ? " (exit status \(status))" : ": \(Self.tidy(message))"))
        }
        return 0
    }

    /// Waits for the command (and the feeding thread) once; its exit status,
    /// or 128 plus the signal that ended it.
    @discardableResult
    private func finish() -> Int32 {
        if exited { return exitStatus }
        exited = true
        if let feeder = feeder.take() {
            // The command's input closes when the feeder is done; a command
            // that stopped early makes the feeder's writes fail.
            feeder.join()
        }
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0, errno == EINTR {}
        drainErrors()
        exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return exitStatus
    }
    private var exitStatus: Int32 = 0

    /// Reads what the command wrote on its standard error so far, keeping
    /// the first few kilobytes, so that it never blocks on a full pipe.
    private func drainErrors() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = FileDescriptorBytes.read(errors, into: &chunk)
            if count <= 0 { return }
            if errorText.count < Self.maxErrorBytes { errorText += chunk[..<min(count, Self.maxErrorBytes)] }
        }
    }

    /// The command's message without its own name and the name it gives
    /// its input in front (`zstd: /*stdin*\ : `, `xz: (stdin): `).
    private static func tidy(_ message: String) -> String {
        var text = Substring(message)
        for prefix in ["zstd: ", "xz: ", "bzip2: "] where text.hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
        for prefix in ["/*stdin*\\ : ", "/*stdin*\\: ", "(stdin): ", "stdin: "] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        return String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    private static func makePipe() throws(ReadError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw ReadError(errno: errno) }
        // Not inherited by other commands; the command gets its own copies.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    /// Starts `command` from `PATH` with the three descriptors as its
    /// standard streams and SIGPIPE as the system sets it; 0 or an `errno`.
    private static func spawn(
        _ command: String, arguments: [String], input: Int32, output: Int32, errors: Int32, pid: inout pid_t
    ) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The search ignores SIGPIPE; the command should die of it when
        // the search stops reading, as in a shell pipeline.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let argv = ([command] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        return posix_spawnp(&pid, command, &actions, &attributes, argv, environ)
    }

    /// A thread that copies `input` (what was peeked at, then the rest) to
    /// `pipe`, and closes it at the end or when the command stops reading.
    private static func startFeeding(from input: DescriptorInput, to pipe: Int32) -> JoinableThread? {
        let job = FeedJob(input: input, pipe: pipe)
        guard let thread = JoinableThread({ job.run() }) else {
            close(pipe)
            return nil
        }
        return thread
    }
}

/// What the feeding thread does: copy the input to the command's pipe.
private final class FeedJob: @unchecked Sendable {
    let input: DescriptorInput
    let pipe: Int32

    init(input: DescriptorInput, pipe: Int32) {
        self.input = input
        self.pipe = pipe
    }

    func run() {
        defer { close(pipe) }
        var chunk: [UInt8] = []
        while true {
            chunk.removeAll(keepingCapacity: true)
            var count = 0
            do {
                try chunk.append(addingCapacity: 1 << 16) { room throws(ReadError) in
                    count = try input.read(into: &room)
                }
            } catch {
                count = 0
            }
            if count == 0 { return }
            var written = 0
            while written < count {
                let result = FileDescriptorBytes.write(pipe, chunk, written..<count)
                if result < 0 {
                    if errno == EINTR { continue }
                    return
                }
                written += result
            }
        }
    }
}
