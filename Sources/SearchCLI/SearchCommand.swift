import KindSpecs
public import ResultKit
import ResultOutput
import SearchEngine
import StreamingJSON
import TerminalTable

/// The `search` command: parses arguments, reads the sources, searches, and
/// prints. Everything it touches comes in as a parameter, so tests run it
/// in-process with their own registry and console.
public enum SearchCommand {
    /// The version `search --version` prints, following semantic versioning.
    public static let version = "0.1.0"

    /// Runs `search` and returns its exit status.
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: The environment (`COLUMNS`, `NO_COLOR`, `CLICOLOR_FORCE`).
    ///   - console: Where to write, and what the terminal is.
    ///   - kinds: The registered kinds.
    public static func run(
        arguments: [String],
        environment: [String: String],
        console: Console,
        kinds: [ResultKind]
    ) -> ExitStatus {
        var output = Output(console: console)
        let status = execute(
            arguments: arguments, environment: environment, console: console, kinds: kinds, output: &output)
        return output.broken ? .brokenPipe : status
    }

    private static func execute(
        arguments commandLine: [String],
        environment: [String: String],
        console: Console,
        kinds: [ResultKind],
        output: inout Output
    ) -> ExitStatus {
        let arguments: SearchArguments
        do throws(UsageError) {
            arguments = try SearchArguments(parsing: commandLine)
        } catch {
            output.error(HelpFormatter.usageError(error))
            return .usage
        }
        guard let registry = registry(modules: kinds, arguments: arguments, environment: environment, output: output)
        else { return .failure }
        let render = renderOptions(arguments, environment: environment, console: console)
        if let status = answerWithoutSearching(
            arguments, registry: registry, render: render, environment: environment, console: console,
            output: &output)
        {
            return status
        }
        let query: Query
        do {
            query = try QueryParser().parse(arguments.query)
        } catch {
            output.error(QueryErrorFormatter.format(error, query: arguments.query))
            return .failure
        }

        var tally = DiagnosticTally()
        let messages = output
        let result: SearchResult
        do throws(SearchError) {
            result = try SearchEngine.search(
                sources: sources(for: arguments, registry: registry, console: console, query: query),
                query: query,
                options: searchOptions(arguments),
                registry: registry
            ) { diagnostic in
                tally.count(diagnostic)
                messages.diagnostic(diagnostic)
            }
        } catch {
            output.error("error: \(error)\n")
            return .failure
        }
        let skipped = tally.skipped
        if skipped > 0 {
            output.error("warning: \(skipped) record\(skipped == 1 ? "" : "s") skipped; see the warnings above\n")
        }
        if let status = print(result, arguments: arguments, registry: registry, render: render, output: &output) {
            return status
        }
        if arguments.stats { output.error(statistics(result, tally: tally)) }
        let status = tally.exitStatus(strict: arguments.strict, hasResults: !result.hits.isEmpty)
        // The output is written: free the results, many small objects each,
        // on a background thread rather than before the process may exit.
        BackgroundRelease.release(consume result)
        return status
    }

    /// The `--stats` line: every record read, accounted for.
    private static func statistics(_ result: SearchResult, tally: DiagnosticTally) -> String {
        let counts = result.statistics
        let skipped = tally.skipped
        return "stats: read \(counts.read + skipped - counts.skipped), matched \(counts.matched), "
            + "shown \(result.hits.count), filtered out \(counts.filteredOut), skipped \(skipped) "
            + "(malformed \(skipped - counts.skipped), rejected by their kind \(counts.skipped))\n"
    }

    /// The kinds of this binary's modules and of the spec files, or nil after
    /// printing why they cannot be registered.
    private static func registry(
        modules: [ResultKind],
        arguments: SearchArguments,
        environment: [String: String],
        output: Output
    ) -> KindRegistry? {
        // Kind spec files join the kinds built into this binary.
        let loaded = KindSpecLoader.load(
            directories: arguments.kindDirectories,
            defaultDirectory: KindSpecLoader.defaultDirectory(environment: environment)
        )
        let merged = KindSpecLoader.merge(modules: modules, specs: loaded.specs)
        let specErrors = loaded.errors + merged.errors
        if !specErrors.isEmpty {
            for problem in specErrors { output.error(TerminalText.sanitize("error: \(problem)") + "\n") }
            return nil
        }
        do {
            return try KindRegistry(merged.kinds)
        } catch {
            output.error(TerminalText.sanitize("error: \(error)") + "\n")
            return nil
        }
    }

    /// How tables are drawn: the width, the border, colour.
    private static func renderOptions(_ arguments: SearchArguments, environment: [String: String], console: Console)
        -> RenderOptions
    {
        let width =
            arguments.width ?? (console.outputIsTerminal ? console.terminalColumns : nil)
            ?? environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 >= 10 ? $0 : nil }
        return RenderOptions(
            maxWidth: width,
            border: arguments.style,
            showHeaders: arguments.headers,
            color: colorEnabled(arguments.color, environment: environment, console: console),
            wide: arguments.wide
        )
    }

    /// Answers `--help`, `--version`, `--completions`, `--generate-man-page`
    /// and `--list-kinds`; nil when the arguments ask for a search.
    private static func answerWithoutSearching(
        _ arguments: SearchArguments,
        registry: KindRegistry,
        render: RenderOptions,
        environment: [String: String],
        console: Console,
        output: inout Output
    ) -> ExitStatus? {
        let kindNames = registry.kinds.map(\.name)
        if arguments.help {
            let width = console.terminalColumns ?? environment["COLUMNS"].flatMap { Int($0) } ?? 80
            output.print(HelpFormatter.help(width: width, kinds: kindNames))
        } else if arguments.version {
            output.print("search \(version)\n")
        } else if let shell = arguments.completionShell {
            output.print(CompletionScript(kinds: kindNames).render(for: shell))
        } else if arguments.generateManPage {
            output.print(ManPage(version: version, kinds: kindNames).render())
        } else if arguments.listKinds {
            output.print(KindListing.render(registry, options: render))
        } else {
            return nil
        }
        return .success
    }

    /// What the engine is asked for besides the query.
    private static func searchOptions(_ arguments: SearchArguments) -> SearchOptions {
        SearchOptions(
            limit: arguments.limit,
            offset: arguments.offset,
            kinds: arguments.kinds,
            fuzzy: arguments.fuzzy,
            sort: arguments.sort,
            // The table shows rows only: the records need not be kept.
            keepsRecords: arguments.format != .table || arguments.fields != nil,
            maxLineBytes: arguments.maxLineBytes,
            maxDocumentBytes: arguments.maxDocumentBytes
        )
    }

    /// The sources to read: `--data`, else piped stdin, else the bundled samples.
    private static func sources(
        for arguments: SearchArguments,
        registry: KindRegistry,
        console: Console,
        query: Query
    ) -> [any SearchSource] {
        if !arguments.data.isEmpty {
            return arguments.data.map { $0 == "-" ? DataSource.standardInput : .path($0) }
        }
        if console.inputHasData { return [DataSource.standardInput] }
        let wanted = Set((arguments.kinds + query.kinds).compactMap { registry.kind(named: $0)?.name })
        return registry.kinds.compactMap { kind in
            guard wanted.isEmpty || wanted.contains(kind.name), let sample = kind.sample else { return nil }
            return DataSource.bundled(sample, kind: kind.name)
        }
    }

    /// About how many bytes of JSON lines are written at once.
    static let jsonlChunkBytes = 1 << 16

    /// Prints the results; returns a status only when printing failed.
    private static func print(
        _ result: SearchResult,
        arguments: SearchArguments,
        registry: KindRegistry,
        render: RenderOptions,
        output: inout Output
    ) -> ExitStatus? {
        let hits = result.hits
        if let fields = arguments.fields,
            let problem = FieldCheck.unknownOutputFields(fields, hits: hits, registry: registry)
        {
            output.error("error: \(problem)\n")
            return .failure
        }
        let fields = arguments.fields
        switch arguments.format {
        case .table:
            guard !hits.isEmpty else { break }
            if let fields {
                output.print(RecordOutput.fieldTable(hits, fields: fields, options: render))
            } else {
                let table = TableOutput(options: render, groupByKind: arguments.groupByKind, explain: arguments.explain)
                // Written as drawn, piece by piece, never joined into one buffer.
                for piece in table.renderPieces(hits) { output.print(utf8: piece) }
            }
        case .markdown:
            if !hits.isEmpty { output.print(RecordOutput.markdown(hits, fields: fields)) }
        case .json:
            output.print(
                RecordOutput.json(hits, query: arguments.query, total: result.statistics.matched, fields: fields))
        case .jsonl:
            // Lines go out in chunks of about 64 KiB: one write per line costs
            // more than making the line, and a closed pipe still stops the
            // loop within a chunk.
            var chunk = ""
            chunk.reserveCapacity(Self.jsonlChunkBytes + 4096)
            for hit in hits where !output.broken {
                chunk += RecordOutput.jsonLine(hit, fields: fields)
                if chunk.utf8.count >= Self.jsonlChunkBytes {
                    output.print(chunk)
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            if !chunk.isEmpty { output.print(chunk) }
        case .csv, .tsv:
            let columns = RecordOutput.columns(for: hits, fields: fields)
            output.print(
                arguments.format == .csv
                    ? RecordOutput.csv(hits, columns: columns, headers: arguments.headers)
                    : RecordOutput.tsv(hits, columns: columns, headers: arguments.headers)
            )
        }
        return nil
    }

    static func colorEnabled(_ choice: SearchArguments.ColorChoice, environment: [String: String], console: Console)
        -> Bool
    {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            return console.outputIsTerminal
        }
    }
}

/// Counts the problems a search reports, for the summary and the exit status.
struct DiagnosticTally {
    /// Problems that stop a source or the search.
    private(set) var errors = 0
    /// Warnings that lost no record.
    private(set) var warnings = 0
    /// Records lost to bad input or rejected by their kind.
    private(set) var skipped = 0

    mutating func count(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { errors += 1 }
        if diagnostic.skipsRecord { skipped += 1 } else { warnings += 1 }
    }

    /// 2 after an error, or after any warning under `--strict`; else 0 with
    /// results, 1 without.
    func exitStatus(strict: Bool, hasResults: Bool) -> ExitStatus {
        if errors > 0 || (strict && (warnings + skipped) > 0) { return .failure }
        return hasResults ? .success : .noResults
    }
}

/// Buffered, sanitised writing to the console, remembering a broken pipe.
struct Output {
    let console: Console
    private(set) var broken = false

    init(console: Console) {
        self.console = console
    }

    mutating func print(_ text: String) {
        guard !broken else { return }
        if !console.writeOutput(text) { broken = true }
    }

    mutating func print(utf8 bytes: [UInt8]) {
        guard !broken else { return }
        if !console.writeOutputBytes(bytes) { broken = true }
    }

    func error(_ text: String) {
        console.writeError(text)
    }

    /// A warning or error about the input, with data made safe to print.
    func diagnostic(_ diagnostic: Diagnostic) {
        console.writeError(TerminalText.sanitize(diagnostic.description) + "\n")
    }
}
