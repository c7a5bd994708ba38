/// Writes shell completion scripts for `search` from its table of options.
///
/// Each script completes option names (long and short), the fixed values of
/// options that take one of a list (`--format`, `--style`, `--color`, …), file
/// paths for `--data`, and the names of the registered kinds for `--kind`.
/// Nothing is hard-coded: a new option in ``SearchOptionTable`` or a new kind
/// module shows up in every script.
///
/// Words that are not plain (letters, digits and `._+-`) are left out of the
/// lists of values, because every shell evaluates those lists: a kind named
/// `$(rm -rf ~)` must never become a command.
struct CompletionScript {
    /// The name of the command being completed.
    let command: String
    /// The options to complete, in the order the help lists them.
    let options: [OptionSpec]
    /// The names of the registered kinds, offered after `--kind`.
    let kinds: [String]

    init(command: String = "search", options: [OptionSpec] = SearchOptionTable.all, kinds: [String]) {
        self.command = command
        self.options = options
        self.kinds = kinds.filter(Self.isPlainWord)
    }

    /// The script for `shell`, ending with a newline.
    func render(for shell: CompletionShell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    /// The values an option's argument completes to, when they form a fixed
    /// list: its choices, or the kinds. `nil` for free text and paths.
    func values(of option: OptionSpec) -> [String]? {
        switch option.value {
        case .choice(_, let choices): choices.filter(Self.isPlainWord)
        case .kind: kinds
        case .none, .some, .path: nil
        }
    }

    /// The first sentence of an option's help, for shells that show a short
    /// description beside each candidate.
    static func summary(of option: OptionSpec) -> String {
        let help = option.help
        guard let end = help.firstRange(of: ". ") else {
            return help.hasSuffix(".") ? String(help.dropLast()) : help
        }
        return String(help[..<end.lowerBound])
    }

    /// Whether `word` is safe to put in a list that a shell expands: made of
    /// ASCII letters, digits and `._+-`, and not starting with `-`.
    static func isPlainWord(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, first != "-" else { return false }
        return word.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "+", "-": true
            default: false
            }
        }
    }

    /// `text` in single quotes for a POSIX shell (bash and zsh).
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// The shell function name for `command`: `_search`.
    var functionName: String {
        "_" + String(command.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
