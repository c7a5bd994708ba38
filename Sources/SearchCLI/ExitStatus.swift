/// The exit statuses of `search`, as grep, rg and fzf use them.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// At least one result was printed (or the help, version or kind list).
    case success = 0
    /// The search ran and found nothing.
    case noResults = 1
    /// An input or query error: a missing file, a bad query, an unknown field.
    case failure = 2
    /// A usage error: an unknown option or a bad option value (EX_USAGE).
    case usage = 64
    /// The interactive picker was left without choosing: Esc, Ctrl-C or
    /// SIGINT (128 + SIGINT, as fzf).
    case interrupted = 130
    /// Standard output was closed early, as by `| head` (128 + SIGPIPE).
    case brokenPipe = 141
}
