import Foundation
import TestSupport

/// What a shell script printed, and its exit status.
typealias ShellResult = CommandResult

/// Runs a script through a real shell (`/bin/sh`, `bash`, `zsh`, `fish`),
/// for what only a shell does: pipelines, sourcing completion scripts.
enum ShellCommand {
    /// The path of `shell` on this machine, or nil when it is not installed.
    static func path(of shell: String) -> String? {
        for directory in ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"] {
            let path = directory + "/" + shell
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs `script` with `shell` (default `/bin/sh -c`), with `SEARCH` set
    /// to the built binary and the package root as working directory.
    static func run(
        _ script: String,
        shell: String = "/bin/sh",
        arguments: [String] = [],
        environment: [String: String] = [:]
    ) throws -> ShellResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = ["-c", script] + arguments
        process.currentDirectoryURL = BinaryRunner.packageRoot
        var env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()]
        env["SEARCH"] = BinaryRunner.binary.path
        env.merge(environment) { $1 }
        process.environment = env
        return try BinaryRunner.capture(process)
    }

    /// A temporary file holding `text`, removed by the caller.
    static func temporaryFile(named name: String, _ text: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("search-e2e-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }
}
