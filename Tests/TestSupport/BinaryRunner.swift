public import Foundation

/// The result of running the built `search` binary.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs the real built `search` binary, as a user would, with real pipes.
public enum BinaryRunner {
    /// The built binary: `SEARCH_BINARY` if set, else `search` beside the
    /// test bundle in the build products folder.
    public static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["SEARCH_BINARY"] { return URL(fileURLWithPath: path) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // The runner may be inside ResultKitPackageTests.xctest/Contents/MacOS on some platforms.
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("search").path)
            && directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("search")
    }

    /// The package root, found from this source file.
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Runs `search` with `arguments`, feeding `stdin` (or /dev/null), in
    /// `directory` (default: the package root), with a clean environment plus
    /// `environment`.
    public static func run(
        _ arguments: [String],
        stdin: String? = nil,
        environment: [String: String] = [:],
        executable: URL? = nil,
        in directory: URL? = nil
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        env.merge(environment) { $1 }
        process.environment = env
        return try capture(process, stdin: stdin.map { Data($0.utf8) })
    }

    /// Copies the built binary to `destination`, executable, so that it
    /// can be run from there (``run(_:stdin:environment:executable:in:)``
    /// with `executable`).
    ///
    /// The copy is written through a descriptor that no child process
    /// keeps (`O_CLOEXEC`): tests run in parallel, and a process started on
    /// another thread while the copy was open for writing would otherwise
    /// hold it open so, and running the copy would fail with `ETXTBSY`
    /// ("Text file busy") for as long as that process lives.
    public static func copyBinary(to destination: URL) throws {
        let bytes = try Data(contentsOf: binary)
        let fd = open(destination.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        var written = 0
        try bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let count = write(fd, raw.baseAddress! + written, raw.count - written)
                guard count > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                written += count
            }
        }
        guard fchmod(fd, 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// ``run(_:stdin:environment:executable:in:)`` of a copy made by
    /// ``copyBinary(to:)``, tried again after a moment when it fails with
    /// `ETXTBSY`: a process that another thread forks in the moment the
    /// copy is open for writing holds the descriptor until it starts its
    /// program.
    public static func runCopy(_ arguments: [String], executable: URL, in directory: URL) throws -> CommandResult {
        var attempt = 1
        while true {
            do {
                return try run(arguments, executable: executable, in: directory)
            } catch let error as NSError where attempt < 50 && isTextFileBusy(error) {
                attempt += 1
                usleep(20_000)
            }
        }
    }

    private static func isTextFileBusy(_ error: NSError) -> Bool {
        if error.domain == NSPOSIXErrorDomain, error.code == Int(ETXTBSY) { return true }
        return (error.userInfo[NSUnderlyingErrorKey] as? NSError).map(isTextFileBusy) ?? false
    }

    /// Runs a configured `process` with real pipes, feeding it `stdin` (or
    /// /dev/null), and collects its exit status and both outputs.
    public static func capture(_ process: Process, stdin: Data? = nil) throws -> CommandResult {
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        if stdin != nil {
            process.standardInput = input
        } else {
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        }
        try process.run()
        if let stdin {
            let handle = input.fileHandleForWriting
            DispatchQueue.global().async {
                try? handle.write(contentsOf: stdin)
                try? handle.close()
            }
        }
        // Read both pipes concurrently so neither fills up.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }
}
