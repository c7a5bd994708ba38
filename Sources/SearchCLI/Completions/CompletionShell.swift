/// A shell that `search --generate-completion-script` writes a script for.
enum CompletionShell: String, CaseIterable, Sendable {
    /// GNU bash 4 or later, through `complete -F`.
    case bash
    /// zsh, through `_arguments` in a `#compdef` function.
    case zsh
    /// fish, through `complete -c`.
    case fish
}
