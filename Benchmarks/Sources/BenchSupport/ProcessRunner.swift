import Glibc

/// Runs a program as a child process and measures it as a whole: wall time
/// from spawn to exit, and the kernel's accounting from `wait4`.
public enum ProcessRunner {
    /// Runs `arguments` (the first is the program's path) with stdin from
    /// `/dev/null`, stdout written to `stdoutPath` and stderr to `stderrPath`.
    /// - Throws: ``BenchmarkError`` when the program cannot be started.
    public static func run(
        _ arguments: [String], stdoutPath: String, stderrPath: String
    ) throws(BenchmarkError) -> ProcessSample {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let clock = ContinuousClock()
        let start = clock.now
        let pid = try spawn(arguments, actions: &actions)
        return try reap(pid, start: start, clock: clock, firstOutput: nil)
    }

    /// Runs `arguments` with its stdout read through a pipe, and also records
    /// when the first byte of output arrived. The output itself is discarded;
    /// stderr goes to `/dev/null`.
    /// - Throws: ``BenchmarkError`` when the program cannot be started.
    public static func runTimingFirstOutput(_ arguments: [String]) throws(BenchmarkError) -> ProcessSample {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw BenchmarkError("pipe: \(String(cString: strerror(errno)))") }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let clock = ContinuousClock()
        let start = clock.now
        let pid: pid_t
        do {
            pid = try spawn(arguments, actions: &actions)
        } catch {
            close(readEnd)
            close(writeEnd)
            throw error
        }
        close(writeEnd)
        var firstOutput: Duration?
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            if firstOutput == nil { firstOutput = clock.now - start }
        }
        close(readEnd)
        return try reap(pid, start: start, clock: clock, firstOutput: firstOutput)
    }

    private static func spawn(
        _ arguments: [String], actions: inout posix_spawn_file_actions_t
    ) throws(BenchmarkError) -> pid_t {
        guard let program = arguments.first else { throw BenchmarkError("no program to run") }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard result == 0 else {
            throw BenchmarkError("cannot run \(program): \(String(cString: strerror(result)))")
        }
        return pid
    }

    private static func reap(
        _ pid: pid_t, start: ContinuousClock.Instant, clock: ContinuousClock, firstOutput: Duration?
    ) throws(BenchmarkError) -> ProcessSample {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkError("wait4: \(String(cString: strerror(errno)))") }
        }
        let wall = clock.now - start
        let signal = status & 0x7F
        let exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return ProcessSample(
            seconds: wall.seconds,
            firstOutputSeconds: firstOutput?.seconds,
            userSeconds: Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6,
            systemSeconds: Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6,
            peakRSSKiB: Int(usage.ru_maxrss),
            exitStatus: exitStatus
        )
    }
}
