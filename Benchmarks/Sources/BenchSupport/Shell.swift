import Glibc

/// Helpers for commands run through `/bin/sh -c`.
public enum Shell {
    /// `text` quoted for the shell: inside single quotes, with each `'`
    /// written as `'\''`.
    public static func quote(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }

    /// The path of the executable `name` on `PATH`, or `nil` when there is none.
    public static func which(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// The arguments that run `command` through `/bin/sh -c`.
    public static func arguments(_ command: String) -> [String] {
        ["/bin/sh", "-c", command]
    }
}
