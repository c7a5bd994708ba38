/// A group of options in the help, the man page and the options reference:
/// what a reader looking for one option would look under.
enum OptionGroup: CaseIterable, Sendable {
    /// What is searched for and which results are kept: kinds, the limit, the order.
    case search
    /// Where records come from and how they are read.
    case input
    /// How the results are printed.
    case output
    /// The picker, `--interactive`.
    case interactive
    /// A Sphinx or Manticore cluster as a source.
    case cluster
    /// What answers without searching: kinds, completions, the man page, version, help.
    case other

    /// The group's heading: `SEARCH OPTIONS` in the help.
    var title: String {
        switch self {
        case .search: "Search"
        case .input: "Input"
        case .output: "Output"
        case .interactive: "Interactive"
        case .cluster: "Cluster"
        case .other: "Other"
        }
    }
}
