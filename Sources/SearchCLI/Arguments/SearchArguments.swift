import InteractiveSearch
import ResultKit
import ResultOutput
import SearchEngine
import SphinxCluster
import TerminalTable

/// Everything the command line asked for, checked.
struct SearchArguments {
    enum ColorChoice: String { case auto, always, never }

    var query = ""
    var data: [String] = []
    /// `--source` clusters, as typed (each checked to be a cluster URL).
    var clusters: [String] = []
    /// `--push`: the cluster to load `--data` into.
    var push: String?
    var connectTimeout = 1.0
    var queryTimeout = 5.0
    var kinds: [String] = []
    /// The `--kind` values glued to `-k` (`-kong`), each with the argument as
    /// typed: a word the user may have meant to exclude.
    var gluedKinds: [String: String] = [:]
    /// The query's words and the glued `-k` arguments, in command-line order:
    /// the query the user may have meant.
    var queryWithGluedKinds: [String] = []
    var kindDirectories: [String] = []
    var limit = 20
    /// Whether `--limit` was given: the picker keeps more rows otherwise.
    var limitGiven = false
    var offset = 0
    var format = OutputFormat.table
    /// Whether `--format` was given: the picker prints names otherwise.
    var formatGiven = false
    var interactive = false
    /// The picker's query line at the top.
    var reverseLayout = false
    /// The picker's pane showing the selected record.
    var preview = false
    /// `--height`: the picker below the cursor rather than on the whole screen.
    var height = PickerHeight.fullScreen
    /// `--select-1` and `--exit-0`.
    var selectOne = false
    var exitZero = false
    /// `--no-mouse`.
    var mouse = true
    /// The options given that only the picker reads, as typed (`--height`).
    var pickerOptionsGiven: [String] = []
    var fields: [String]?
    var sort: FieldSort?
    var fuzzy = false
    var explain = false
    var stats = false
    var strict = false
    var quiet = false
    var maxLineBytes = 64 << 20
    var maxDocumentBytes = 512 << 20
    var groupByKind = false
    var style = BorderStyle.plain
    var width: Int?
    var wide = false
    var headers = true
    var csvSafe = false
    var color = ColorChoice.auto
    var listKinds = false
    var kindSchema = false
    var newKindSpec: String?
    var help = false
    var version = false
    var completionShell: CompletionShell?
    var generateManPage = false

    init(parsing arguments: [String]) throws(UsageError) {
        let parsed = try ArgumentParser(options: SearchOptionTable.all).parse(arguments)
        help = parsed.flags.contains("help")
        version = parsed.flags.contains("version")
        generateManPage = parsed.flags.contains("generate-manpage")
        if let text = parsed.last("generate-completion-script") {
            guard let shell = CompletionShell(rawValue: text.lowercased()) else {
                throw .invalidValue(
                    "--generate-completion-script",
                    text,
                    reason: Self.choices(CompletionShell.allCases.map(\.rawValue))
                )
            }
            completionShell = shell
        }
        listKinds = parsed.flags.contains("list-kinds")
        kindSchema = parsed.flags.contains("kind-schema")
        newKindSpec = parsed.last("new-kind-spec")
        fuzzy = parsed.flags.contains("fuzzy")
        explain = parsed.flags.contains("explain")
        stats = parsed.flags.contains("stats")
        strict = parsed.flags.contains("strict")
        quiet = parsed.flags.contains("quiet")
        if let text = parsed.last("max-line-bytes") { maxLineBytes = try Self.size(text, option: "--max-line-bytes") }
        if let text = parsed.last("max-document-bytes") {
            maxDocumentBytes = try Self.size(text, option: "--max-document-bytes")
        }
        wide = parsed.flags.contains("wide")
        headers = !parsed.flags.contains("no-headers")
        csvSafe = parsed.flags.contains("csv-safe")
        query = (parsed.positionals + parsed.all("query").suffix(1)).joined(separator: " ")
        data = parsed.all("data")
        clusters = parsed.all("source")
        push = parsed.last("push")
        for (option, url) in clusters.map({ ("--source", $0) }) + (push.map { [("--push", $0)] } ?? []) {
            do throws(ClusterError) {
                _ = try ClusterURL(parsing: url)
            } catch .credentials(let reason) {
                throw .refusedValue(option, reason: reason)
            } catch {
                throw .invalidValue(option, url, reason: "expected sphinxql://HOST:PORT/INDEX")
            }
        }
        if push != nil && data.isEmpty {
            throw .invalidValue("--push", push ?? "", reason: "name the files to load with --data")
        }
        if let text = parsed.last("connect-timeout") {
            connectTimeout = try Self.seconds(text, option: "--connect-timeout")
        }
        if let text = parsed.last("query-timeout") { queryTimeout = try Self.seconds(text, option: "--query-timeout") }
        kindDirectories = parsed.all("kinds")
        kinds = parsed.all("kind").flatMap { $0.split(separator: ",").map(String.init) }
        let glued = parsed.attachedValues.filter { $0.option == "kind" }
        for value in glued {
            for kind in value.value.split(separator: ",") { gluedKinds[String(kind)] = value.argument }
        }
        queryWithGluedKinds =
            (zip(parsed.positionalIndices, parsed.positionals) + glued.map { ($0.index, $0.argument) })
            .sorted { $0.0 < $1.0 }.map(\.1)
        if let text = parsed.last("limit") {
            limit = try Self.count(text, option: "--limit")
            limitGiven = true
        }
        interactive = parsed.flags.contains("interactive")
        // The picker searches records it read once, locally, at each key.
        if interactive, let url = clusters.first ?? push {
            throw .invalidValue(
                clusters.isEmpty ? "--push" : "--source", url, reason: "a cluster cannot be searched with -i")
        }
        preview = parsed.flags.contains("preview")
        pickerOptionsGiven = ["layout", "preview", "select-1", "exit-0", "height", "no-mouse"].filter {
            parsed.flags.contains($0) || parsed.values[$0] != nil
        }.map { "--" + $0 }
        selectOne = parsed.flags.contains("select-1")
        exitZero = parsed.flags.contains("exit-0")
        mouse = !parsed.flags.contains("no-mouse")
        if let text = parsed.last("height") {
            guard let value = PickerHeight(parsing: text) else {
                throw .invalidValue("--height", text, reason: "expected lines, such as 10, or a share, such as 40%")
            }
            height = value
        }
        if let text = parsed.last("layout") {
            guard let value = ["default", "reverse"].first(where: { $0 == text.lowercased() }) else {
                throw .invalidValue("--layout", text, reason: Self.choices(["default", "reverse"]))
            }
            reverseLayout = value == "reverse"
        }
        if let text = parsed.last("offset") { offset = try Self.count(text, option: "--offset") }
        if let text = parsed.last("format") {
            guard let value = OutputFormat(rawValue: text.lowercased()) else {
                throw .invalidValue("--format", text, reason: Self.choices(OutputFormat.allCases.map(\.rawValue)))
            }
            format = value
            formatGiven = true
        }
        if let text = parsed.last("width") {
            let value = try Self.count(text, option: "--width")
            // Only a table is fitted to the width; other formats ignore it.
            guard value >= 10 || !(format == .table || listKinds) else {
                throw .invalidValue("--width", text, reason: "a table needs at least 10 columns")
            }
            width = value
        }
        if let text = parsed.last("style") {
            guard let value = BorderStyle(rawValue: text.lowercased()) else {
                throw .invalidValue("--style", text, reason: Self.choices(BorderStyle.allCases.map(\.rawValue)))
            }
            style = value
        }
        if let text = parsed.last("color") {
            guard let value = ColorChoice(rawValue: text.lowercased()) else {
                throw .invalidValue("--color", text, reason: Self.choices(["auto", "always", "never"]))
            }
            color = value
        }
        if let text = parsed.last("group-by") {
            guard text.lowercased() == "kind" else {
                throw .invalidValue("--group-by", text, reason: "only 'kind' is supported")
            }
            groupByKind = true
        }
        if let text = parsed.last("sort") {
            guard let value = FieldSort(parsing: text) else {
                throw .invalidValue("--sort", text, reason: "name a field")
            }
            sort = value
        }
        if let text = parsed.last("fields") {
            let list = text.split(separator: ",").map { String($0).trimmingCharacters(in: " ") }.filter { !$0.isEmpty }
            guard !list.isEmpty else { throw .invalidValue("--fields", text, reason: "name at least one field") }
            fields = list
        }
    }

    private static func count(_ text: String, option: String) throws(UsageError) -> Int {
        guard let value = Int(text), value >= 0 else {
            throw .invalidValue(option, text, reason: "expected a whole number of 0 or more")
        }
        return value
    }

    /// A duration in seconds, above 0 and at most a day: `1`, `0.25`.
    private static func seconds(_ text: String, option: String) throws(UsageError) -> Double {
        guard let value = Double(text), value > 0, value <= 86_400 else {
            throw .invalidValue(option, text, reason: "expected seconds, such as 1 or 0.5")
        }
        return value
    }

    /// `4096`, `64K`, `64M`, `1G` (binary multiples).
    private static func size(_ text: String, option: String) throws(UsageError) -> Int {
        let multipliers: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = text.uppercased()
        if digits.hasSuffix("IB") { digits.removeLast(2) } else if digits.hasSuffix("B") { digits.removeLast() }
        var multiplier = 1
        if let last = digits.last, let value = multipliers[last] {
            multiplier = value
            digits.removeLast()
        }
        guard let number = Int(digits), number > 0, number <= (1 << 40) / multiplier else {
            throw .invalidValue(option, text, reason: "expected a size such as 4096, 512K, 64M or 1G")
        }
        return number * multiplier
    }

    private static func choices(_ values: [String]) -> String {
        "expected one of " + values.map { "'\($0)'" }.joined(separator: ", ")
    }
}

extension String {
    /// The string without leading and trailing characters in `set`.
    func trimmingCharacters(in set: String) -> String {
        let characters = Array(self)
        guard let start = characters.firstIndex(where: { !set.contains($0) }),
            let end = characters.lastIndex(where: { !set.contains($0) })
        else { return "" }
        return String(characters[start...end])
    }
}
