import Glibc

/// Finds the release build of the root package's `search` executable.
public enum SearchBinary {
    /// The root package's folder: the parent of the Benchmarks package.
    public static var packageRoot: String {
        // #filePath is <root>/Benchmarks/Sources/BenchSupport/SearchBinary.swift.
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }

    /// The binary to measure: `explicit` when given, else the root package's
    /// release build as the README installs it (the Swift runtime linked in,
    /// `swift build -c release --static-swift-stdlib --product search`),
    /// brought up to date now.
    /// - Throws: ``BenchmarkError`` when `explicit` is not executable or the build fails.
    public static func locate(explicit: String?, log: (String) -> Void) throws(BenchmarkError) -> String {
        if let explicit {
            guard access(explicit, X_OK) == 0 else { throw BenchmarkError("\(explicit) is not an executable file") }
            return explicit
        }
        let root = packageRoot
        let binary = "\(root)/.build/release/search"
        let command = "swift build -c release --static-swift-stdlib --product search"
        log("building the search binary as installed: (cd \(root) && \(command))")
        let logPath = "/tmp/resultkit-bench-build-\(getpid()).log"
        let sample = try ProcessRunner.run(
            Shell.arguments("cd \(Shell.quote(root)) && \(command) 2>&1"),
            stdoutPath: logPath, stderrPath: "/dev/null")
        guard sample.exitStatus == 0, access(binary, X_OK) == 0 else {
            throw BenchmarkError("building search failed (status \(sample.exitStatus)); see \(logPath)")
        }
        unlink(logPath)
        return binary
    }
}
