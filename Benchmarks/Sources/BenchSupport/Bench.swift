import Glibc

/// Times commands as whole processes, interleaved so that drift on a shared,
/// noisy machine spreads evenly over them.
public enum Bench {
    /// Runs each command once to warm the page cache (not counted), then
    /// `runs` rounds of every command in turn.
    /// - Parameters:
    ///   - commands: What to time.
    ///   - runs: Counted runs of each.
    ///   - scratch: A folder for each run's stdout and stderr.
    ///   - progress: Told before each run.
    /// - Returns: One measurement per command, in the order given.
    /// - Throws: ``BenchmarkError`` when a program cannot be started.
    public static func measure(
        _ commands: [TimedCommand], runs: Int, scratch: String, warmUp: Bool = true, progress: (String) -> Void
    ) throws(BenchmarkError) -> [Measurement] {
        var samples = [[ProcessSample]](repeating: [], count: commands.count)
        let rounds = (warmUp ? 1 : 0) + runs
        for round in 0..<rounds {
            for (index, command) in commands.enumerated() {
                let counted = !warmUp || round > 0
                progress("\(counted ? "run \(round + (warmUp ? 0 : 1))/\(runs)" : "warm-up"): \(command.label)")
                let sample = try ProcessRunner.run(
                    command.arguments, stdoutPath: "\(scratch)/\(index).out", stderrPath: "\(scratch)/\(index).err")
                if counted { samples[index].append(sample) }
            }
        }
        return commands.enumerated().map { index, command in
            Measurement(
                command: command, samples: samples[index],
                stdout: readPrefix("\(scratch)/\(index).out"), stderr: readPrefix("\(scratch)/\(index).err"),
                stdoutLines: countLines("\(scratch)/\(index).out"))
        }
    }

    /// Up to `limit` bytes from the start of the file at `path`, decoded as
    /// UTF-8 (invalid bytes become U+FFFD); empty when it cannot be read.
    public static func readPrefix(_ path: String, limit: Int = 1 << 16) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var filled = 0
        while filled < limit {
            let count = bytes.withUnsafeMutableBytes { raw in
                read(descriptor, raw.baseAddress.map { $0 + filled }, limit - filled)
            }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            filled += count
        }
        return String(decoding: bytes[..<filled], as: UTF8.self)
    }

    /// The number of newline bytes in the file at `path` (0 when it cannot be read).
    public static func countLines(_ path: String) -> Int {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var lines = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return lines }
            for byte in buffer[..<count] where byte == 0x0A { lines += 1 }
        }
    }

    /// A private scratch folder under `parent`, created now.
    /// - Throws: ``BenchmarkError`` when it cannot be created.
    public static func makeScratch(in parent: String) throws(BenchmarkError) -> String {
        var template = Array("\(parent)/resultkit-bench-run-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } != nil
        }
        guard made else {
            throw BenchmarkError("cannot create a folder in \(parent): \(String(cString: strerror(errno)))")
        }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes the files of `scratch` that ``measure(_:runs:scratch:warmUp:progress:)`` wrote, and the folder.
    public static func removeScratch(_ scratch: String, commands: Int) {
        for index in 0..<commands {
            unlink("\(scratch)/\(index).out")
            unlink("\(scratch)/\(index).err")
        }
        rmdir(scratch)
    }
}
