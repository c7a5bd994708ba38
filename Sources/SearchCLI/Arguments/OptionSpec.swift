/// One command-line option: its names, its value, and its help. The help,
/// the man page and the shell completions are all generated from these.
struct OptionSpec: Sendable {
    /// What an option's value is, for help and completions.
    enum Value: Sendable {
        /// A flag without a value.
        case none
        /// A value with a placeholder name such as `N` or `PATH`.
        case some(String)
        /// One of a fixed list.
        case choice(String, [String])
        /// A file or directory path.
        case path(String)
        /// The name of a kind, completed from the registry.
        case kind(String)
    }

    let long: String
    let short: Character?
    let value: Value
    let help: String
    let defaultValue: String?
    let repeatable: Bool

    init(
        _ long: String,
        short: Character? = nil,
        value: Value = .none,
        help: String,
        default defaultValue: String? = nil,
        repeatable: Bool = false
    ) {
        self.long = long
        self.short = short
        self.value = value
        self.help = help
        self.defaultValue = defaultValue
        self.repeatable = repeatable
    }

    var takesValue: Bool {
        if case .none = value { return false }
        return true
    }

    /// `-n, --limit <N>` as shown in help.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--\(long)"
        switch value {
        case .none: break
        case .some(let name), .path(let name), .kind(let name): text += " <\(name)>"
        case .choice(let name, _): text += " <\(name)>"
        }
        return text
    }
}
