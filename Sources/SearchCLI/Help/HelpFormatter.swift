import InteractiveSearch
import TextMatching

/// Renders `search --help` for a given screen width, from the option table.
enum HelpFormatter {
    static let usage = "search [<query> ...] [--data <PATH> ...] [--kind <KIND> ...] [--format <FORMAT>] [<options>]"

    static func help(width: Int, kinds: [String]) -> String {
        let width = max(40, min(width, 120))
        var out =
            wrap(
                "OVERVIEW: Search mixed results (domains, products, cards, …) and print one ranked table.",
                width: width, indent: 0)
            + "\n\n"
        out += "EXAMPLES:\n"
        for example in CommandExample.all {
            out += wrap("# " + example.purpose, width: width, indent: 2) + "\n"
            out += "  " + example.command + "\n"
        }
        out += "\nUSAGE: " + wrap(usage, width: width, indent: 7).dropFirst(7) + "\n\n"
        out += "ARGUMENTS:\n"
        out += entry(
            "<query>",
            "Words that must all match: quote phrases; -word excludes (write \"king -kong\" as one argument, "
                + "or put the query after --: a word starting with - is read as an option); a pasted URL or host "
                + "searches its host. field:value matches the text as written (no typos) in a field, or in the column "
                + "of that header; field:* needs the field, kind:NAME keeps "
                + "a kind and -kind:NAME leaves it out. Between words, and, &, + and 'n' match one another; "
                + "with other words, 2 to 20 match II to XX; 1/2 matches ½. On numbers, price:5 and price=5 mean equal to 5; price<5, price<=5, price>5 and price>=5 "
                + "compare; price:1..10 is a range with both ends included (price:5.. and price:..10 leave one "
                + "open). A missing or null value satisfies no comparison: price<5 leaves out a product whose price "
                + "is null (the table shows it as –), -price<5 or -price:* keeps it. Empty lists everything.",
            width: width
        )
        out +=
            "\n"
            + wrap(
                "RANKING: " + MatchStrength.rule + " --explain names each result's tier, field and "
                    + "(whole word) or (weak field).", width: width, indent: 0) + "\n"
        for (group, options) in SearchOptionTable.groups {
            out += "\n\(group.title.uppercased()) OPTIONS:\n"
            for option in options {
                var help = option.help
                if let value = option.defaultValue { help += " (default: \(value))" }
                out += entry(option.synopsis, help, width: width)
            }
        }
        out += "\nKEYS (with --interactive, fzf's):\n"
        for binding in KeyTable.bindings {
            out += entry(binding.keys.map(\.rawValue).joined(separator: ", "), binding.action.summary, width: width)
        }
        out +=
            "\n"
            + wrap(
                "KINDS: " + (kinds.isEmpty ? "none registered" : kinds.joined(separator: ", ")), width: width, indent: 0
            ) + "\n"
        out +=
            "\n"
            + wrap(
                "EXIT STATUS: 0 results found, 1 no results, 2 error, 64 usage error, 141 broken pipe.", width: width,
                indent: 0) + "\n"
        return out
    }

    /// `  --opt <X>   help text`, with the help wrapped in its own column.
    static func entry(_ name: String, _ help: String, width: Int) -> String {
        let column = 26
        let head = "  " + name
        let body = wrap(help, width: width, indent: column)
        if head.count + 2 <= column {
            return head + String(repeating: " ", count: column - head.count) + body.dropFirst(column) + "\n"
        }
        return head + "\n" + body + "\n"
    }

    /// Words wrapped to `width`, every line indented by `indent` spaces.
    static func wrap(_ text: String, width: Int, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && indent + line.count + 1 + word.count > width {
                lines.append(pad + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(pad + line) }
        return lines.joined(separator: "\n")
    }

    /// The usage error block: `error: …`, the usage line, and a hint.
    static func usageError(_ error: UsageError) -> String {
        var out = "error: \(error.message)\n"
        if let hint = error.hint { out += "hint: \(hint)\n" }
        out += "Usage: \(usage)\n  See 'search --help' for more information.\n"
        return out
    }
}
