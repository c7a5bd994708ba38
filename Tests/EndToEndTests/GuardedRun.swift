import Foundation
import TestSupport

/// A run of the built `search` that must end by itself: killed after a
/// deadline, with stdout optionally sent to a file such as `/dev/full`.
struct GuardedRun {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String
    /// Whether the binary was killed at the deadline.
    var timedOut: Bool
    /// Whether the process ended by a signal (a trap, a crash) rather than `exit`.
    var signaled: Bool

    var text: String { String(decoding: stdout, as: UTF8.self) }

    /// Runs `search` in the package root with a clean environment plus
    /// `environment`; kills it (SIGKILL) when it runs past `timeout` seconds.
    /// - Parameters:
    ///   - stdoutPath: A file to open for stdout instead of a pipe.
    ///   - started: Called with the process once it runs (a test of this
    ///     harness holds it weakly, to see it released).
    static func run(
        _ arguments: [String],
        stdin: [UInt8]? = nil,
        environment: [String: String] = [:],
        stdoutPath: String? = nil,
        timeout: TimeInterval = 30,
        started: (Process) -> Void = { _ in }
    ) throws -> GuardedRun {
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = BinaryRunner.packageRoot
        var env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/nonexistent"]
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        if let stdoutPath {
            guard let handle = FileHandle(forWritingAtPath: stdoutPath) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: stdoutPath])
            }
            process.standardOutput = handle
        } else {
            process.standardOutput = out
        }
        process.standardError = err
        process.standardInput = stdin == nil ? FileHandle(forReadingAtPath: "/dev/null") : input
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        started(process)
        let group = DispatchGroup()
        if let stdin {
            let handle = input.fileHandleForWriting
            group.enter()
            DispatchQueue.global().async {
                try? handle.write(contentsOf: Data(stdin))
                try? handle.close()
                group.leave()
            }
        }
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        // The deadline holds the process's id and state, never the process:
        // the queue keeps a cancelled item until its time comes, and an item
        // that held the process would keep its pipes open until then (about
        // three descriptors a run for `timeout` seconds; hundreds of runs
        // took the test process past a thousand).
        let state = RunState()
        let pid = process.processIdentifier
        let deadline = DispatchWorkItem { state.killIfRunning(pid) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        let outData = stdoutPath == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        state.markEnded()
        deadline.cancel()
        group.wait()
        return GuardedRun(
            status: process.terminationStatus,
            stdout: Array(outData),
            stderr: String(decoding: errData, as: UTF8.self),
            timedOut: state.wasKilled,
            signaled: process.terminationReason == .uncaughtSignal
        )
    }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("guarded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The first byte of `bytes` that would act on a terminal: a C0 control
    /// other than the line feed (and, when allowed, the tab or the carriage
    /// return of a CRLF), DEL, or a C1 control (as UTF-8 or as a raw byte).
    static func firstControl(in bytes: [UInt8], allowingTab: Bool = false, allowingCRLF: Bool = false) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x0A: continue
            case 0x09 where allowingTab: continue
            case 0x0D where allowingCRLF && index + 1 < scalars.count && scalars[index + 1] == "\n": continue
            case 0x00...0x1F, 0x7F...0x9F:
                return "U+" + String(scalar.value, radix: 16, uppercase: true)
            default: continue
            }
        }
        return nil
    }
}

/// Whether a run has ended, and whether its deadline killed it.
private final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var ended = false
    private var killed = false
    var wasKilled: Bool { lock.withLock { killed } }
    func markEnded() { lock.withLock { ended = true } }
    /// Kills `pid` unless the run has ended (its id may be another's then).
    func killIfRunning(_ pid: pid_t) {
        lock.withLock {
            guard !ended else { return }
            killed = true
            kill(pid, SIGKILL)
        }
    }
}
