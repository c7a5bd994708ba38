/// A command line `--help` and the man page show as an example, with what it
/// does. Each one runs as written (a test runs those that read the bundled
/// sample), so that a reader may paste it.
struct CommandExample: Sendable {
    /// What the command does, in a few words.
    let purpose: String
    /// The command line, as typed in a shell.
    let command: String

    /// The examples, the commonest first.
    static let all: [CommandExample] = [
        CommandExample(
            purpose: "Search the bundled sample: cards, products and domains in one table", command: "search queen"),
        CommandExample(purpose: "Five cards, and why each matched", command: "search queen -k card -n 5 --explain"),
        CommandExample(
            purpose: "Products under 5, the dearest first, with two columns",
            command: "search 'price<5' --sort -price --fields name,price"),
        CommandExample(
            purpose: "Your own records (NDJSON, JSON or CSV files, or a folder), as JSON",
            command: "search coffee --data items.jsonl -o json"),
        CommandExample(
            purpose: "Standard input, as CSV with chosen columns",
            command: "cat items.jsonl | search king -o csv --fields kind,name"),
        CommandExample(
            purpose: "Pick results as you type; Enter prints the names chosen", command: "search -i queen"),
        CommandExample(
            purpose: "One section per kind, each with its own headers, in a frame",
            command: "search queen --group-by kind --style rounded"),
    ]
}
