#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The pager a result taller than the terminal goes through, as git and gh
/// page theirs: `$RESULTKIT_PAGER`, else `$PAGER`, else `less -FRX`; an
/// empty one or `cat` means none, as `--no-pager` does.
enum Pager {
    /// The pager's command, as a shell runs it, or `nil` for none.
    static func command(environment: [String: String], disabled: Bool) -> String? {
        guard !disabled else { return nil }
        let chosen = environment["RESULTKIT_PAGER"] ?? environment["PAGER"] ?? "less -FRX"
        let command = chosen.trimmingCharacters(in: " \t\n")
        return command.isEmpty || command == "cat" ? nil : command
    }

    /// The environment the pager runs in: ours, with `LESS=FRX` and `LV=-c`
    /// unless set (as git sets them): `less` quits when the text fits one
    /// screen, shows colour, and leaves the text on the screen.
    static func environment(_ environment: [String: String]) -> [String: String] {
        var result = environment
        if result["LESS"] == nil { result["LESS"] = "FRX" }
        if result["LV"] == nil { result["LV"] = "-c" }
        return result
    }
}

/// The pager process of a real standard output: started with its input a
/// pipe that then takes standard output's place, so that every write to
/// standard output (all in ``Console``) goes to it.
final class PagerProcess: @unchecked Sendable {
    private var child: pid_t = 0

    /// Starts `command` through `/bin/sh -c`; `false` when it cannot start,
    /// standard output then unchanged.
    func start(_ command: String, environment: [String: String]) -> Bool {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        let words: [String] = ["/bin/sh", "-c", command]
        let argv = words.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp) == 0 else {
            close(fds[0])
            close(fds[1])
            return false
        }
        close(fds[0])
        dup2(fds[1], 1)
        close(fds[1])
        child = pid
        // Ctrl-C is the pager's (less stops a search with it); `search`
        // waits for the pager to quit, and stops writing when it does.
        signal(SIGINT, SIG_IGN)
        return true
    }

    /// Ends standard output, so that the pager sees the end of the text,
    /// and waits for the pager to quit; its exit status, or `nil` when no
    /// pager ran.
    func finish() -> Int32? {
        guard child > 0 else { return nil }
        close(1)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        child = 0
        // WEXITSTATUS, which Glibc's module does not export.
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
