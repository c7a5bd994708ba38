import ResultKit
import ResultOutput
import TerminalTable

/// The options of `search`, in groups, in the order the help lists them.
enum SearchOptionTable {
    /// The options, group by group, in the order the help lists them.
    static let groups: [(group: OptionGroup, options: [OptionSpec])] = [
        (
            .search,
            [
                OptionSpec(
                    "kind",
                    short: "k",
                    value: .kind("KIND"),
                    help: "Show only this kind (repeatable). Also the kind of records that name none.",
                    repeatable: true
                ),
                OptionSpec("limit", short: "n", value: .some("N"), help: "Show at most N results.", default: "20"),
                OptionSpec(
                    "offset",
                    value: .some("N"),
                    help: "Skip the first N results (all N plus the limit are held in memory while ranking).",
                    default: "0"
                ),
                OptionSpec(
                    "sort", value: .some("FIELD"), help: "Order by FIELD instead of relevance; -FIELD for descending."),
                OptionSpec("fuzzy", help: "Also allow fuzzy subsequence matches."),
                OptionSpec(
                    "explain",
                    help:
                        "Say why each result matched: its tier and field (a MATCH column in tables); with --source, "
                        + "also what a cluster cannot find, even with --quiet."),
            ]
        ),
        (
            .input,
            [
                OptionSpec(
                    "data",
                    short: "d",
                    value: .path("PATH"),
                    help: "Read records from PATH: a file, a directory of data files, or - for stdin. Repeatable. "
                        + "Without it, piped stdin is read, else every kind's bundled sample.",
                    repeatable: true
                ),
                OptionSpec(
                    "kinds",
                    value: .path("DIR"),
                    help: "Load kind spec files (*.kind.json) from DIR (repeatable), besides "
                        + "$XDG_CONFIG_HOME/resultkit/kinds (default ~/.config/resultkit/kinds).",
                    repeatable: true
                ),
                OptionSpec(
                    "max-line-bytes",
                    value: .some("SIZE"),
                    help: "The longest NDJSON line read; a longer line is skipped with a warning (K, M, G suffixes).",
                    default: "64M"
                ),
                OptionSpec(
                    "max-document-bytes",
                    value: .some("SIZE"),
                    help: "The largest JSON array or CSV file read whole (K, M, G suffixes).",
                    default: "512M"
                ),
                OptionSpec(
                    "strict", help: "Treat warnings about the input as errors: exit with status 2 after printing."),
            ]
        ),
        (
            .output,
            [
                OptionSpec(
                    "format",
                    short: "o",
                    value: .choice("FORMAT", OutputFormat.allCases.map(\.rawValue)),
                    help: "Output format: table, json, jsonl, csv, tsv or markdown. CSV is RFC 4180 through a pipe; "
                        + "on a terminal, line breaks in its fields show as ^M and ^J.",
                    default: "table"
                ),
                OptionSpec(
                    "fields",
                    value: .some("LIST"),
                    help: "Comma-separated fields to show, in every format (kind and name are always known)."
                ),
                OptionSpec(
                    "group-by",
                    value: .choice("KEY", ["kind"]),
                    help:
                        "Print one titled section per kind, each with its own headers (in markdown, a heading per kind; "
                        + "other formats and the --fields table warn and ignore it)."
                ),
                OptionSpec(
                    "style",
                    value: .choice("STYLE", BorderStyle.allCases.map(\.rawValue)),
                    help: "Table borders: plain, ascii or rounded.",
                    default: "plain"
                ),
                OptionSpec(
                    "width", value: .some("N"),
                    help: "Fit the table to N columns, at least 10 (default: the terminal's width, else no limit); "
                        + "other formats ignore it."),
                OptionSpec("wide", help: "Show every column, even when the terminal is narrow."),
                OptionSpec("no-headers", help: "Do not print the header row."),
                OptionSpec(
                    "csv-safe",
                    help: "In CSV and TSV, put ' before a cell that starts with =, +, -, @, a tab or a carriage return "
                        + "(not a plain number such as -5), so that a spreadsheet does not run it as a formula. Off by "
                        + "default: it changes the data, and a terminal runs no formulas."
                ),
                OptionSpec(
                    "color",
                    value: .choice("WHEN", ["auto", "always", "never"]),
                    help:
                        "Colour output: auto (on a terminal, unless NO_COLOR is set or TERM is dumb), always or never.",
                    default: "auto"
                ),
                OptionSpec(
                    "stats",
                    help:
                        "Print counts on stderr: records read, matched, shown, filtered out, and skipped with reasons."
                ),
                OptionSpec(
                    "quiet",
                    short: "q",
                    help: "Say nothing about the results on stderr (no results, how many more, approximate matches)."
                ),
            ]
        ),
        (
            .interactive,
            [
                OptionSpec(
                    "interactive",
                    short: "i",
                    help:
                        "Pick results on the terminal: the table is searched again as you type, with fzf's keys (KEYS "
                        + "below). Enter prints the chosen records (their names, or in --format), Esc leaves with "
                        + "status 130."
                ),
                OptionSpec(
                    "query",
                    value: .some("QUERY"),
                    help: "The query, as the words before the options are (both given: those words, then QUERY); "
                        + "with --interactive, the query the picker starts with, as fzf's --query."
                ),
                OptionSpec(
                    "select-1",
                    short: "1",
                    help:
                        "With --interactive: when the query finds exactly one row, print it without showing the picker."
                ),
                OptionSpec(
                    "exit-0",
                    short: "0",
                    help: "With --interactive: when the query finds no row, exit with status 1 without showing the "
                        + "picker."
                ),
                OptionSpec(
                    "height",
                    value: .some("N[%]"),
                    help: "With --interactive: draw in N lines below the cursor (or N% of the terminal's, at least "
                        + "10), not on the whole screen; the lines are cleared on the way out."
                ),
                OptionSpec(
                    "no-mouse",
                    help: "With --interactive: leave the mouse to the terminal (to select text); else a click selects "
                        + "a row, a double click accepts it, and the wheel scrolls."
                ),
                OptionSpec(
                    "layout",
                    value: .choice("LAYOUT", ["default", "reverse"]),
                    help: "With --interactive: the query line at the bottom (default) or at the top (reverse).",
                    default: "default"
                ),
                OptionSpec(
                    "preview",
                    help: "With --interactive: show the selected record whole, as indented JSON, beside the table "
                        + "(on a terminal of 60 columns or more)."
                ),
            ]
        ),
        (
            .cluster,
            [
                OptionSpec(
                    "source",
                    value: .some("URL"),
                    help: "Also search the cluster at URL (sphinxql://HOST:PORT/INDEX, a Sphinx or Manticore SphinxQL "
                        + "listener); its records rank with --data's in one ranking. Repeatable. Without --data, only "
                        + "the cluster is searched.",
                    repeatable: true
                ),
                OptionSpec(
                    "push",
                    value: .some("URL"),
                    help: "Load the records of --data into the cluster at URL (its aggregator, as scripts/cluster.sh "
                        + "prints it) instead of searching; loading again replaces them."
                ),
                OptionSpec(
                    "connect-timeout", value: .some("SECONDS"), help: "How long to wait to connect to a cluster.",
                    default: "1"),
                OptionSpec(
                    "query-timeout", value: .some("SECONDS"), help: "How long to wait for a cluster's answer.",
                    default: "5"),
            ]
        ),
        (
            .other,
            [
                OptionSpec(
                    "list-kinds",
                    help: "List the registered kinds: search fields and origin, then each column with the field that "
                        + "filters, --sort and --fields know it by, where its value comes from and its type "
                        + "(-o json for all)."
                ),
                OptionSpec("kind-schema", help: "Print the JSON Schema of kind spec files (*.kind.json)."),
                OptionSpec(
                    "new-kind-spec",
                    value: .some("NAME"),
                    help: "Write a starter kind spec NAME.kind.json into the first --kinds DIR (else the current "
                        + "folder), and the JSON Schema next to it for editors; never overwrites a spec."
                ),
                OptionSpec(
                    "generate-completion-script",
                    value: .choice("SHELL", CompletionShell.allCases.map(\.rawValue)),
                    help: "Print a completion script for bash, zsh or fish."
                ),
                OptionSpec("generate-manpage", help: "Print the man page (roff, section 1)."),
                OptionSpec("version", help: "Show the version."),
                OptionSpec("help", short: "h", help: "Show help information."),
            ]
        ),
    ]

    /// Every option, group by group.
    static let all: [OptionSpec] = groups.flatMap(\.options)

    static func option(long: String) -> OptionSpec? { all.first { $0.long == long } }
    static func option(short: Character) -> OptionSpec? { all.first { $0.short == short } }
}
