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
        arguments: [String],
        environment: [String: String],
        console: Console,
        kinds: [ResultKind],
        output: inout Output
    ) -> ExitStatus {
        let commandLine = arguments
        let arguments: SearchArguments
        do throws(UsageError) {
            arguments = try SearchArguments(parsing: commandLine)
        } catch {
            output.error(HelpFormatter.usageError(error))
            return .usage
        }
        // Kind spec files join the kinds built into this binary.
        let loaded = KindSpecLoader.load(
            directories: arguments.kindDirectories,
            defaultDirectory: KindSpecLoader.defaultDirectory(environment: environment)
        )
        let merged = KindSpecLoader.merge(modules: kinds, specs: loaded.specs)
        let specErrors = loaded.errors + merged.errors
        if !specErrors.isEmpty {
            for problem in specErrors { output.error(TerminalText.sanitize("error: \(problem)") + "\n") }
            return .failure
        }
        let registry: KindRegistry
        do {
            registry = try KindRegistry(merged.kinds)
        } catch {
            output.error(TerminalText.sanitize("error: \(error)") + "\n")
            return .failure
        }
        if arguments.help {
            let width = console.terminalColumns ?? environment["COLUMNS"].flatMap { Int($0) } ?? 80
            output.print(HelpFormatter.help(width: width, kinds: registry.kinds.map(\.name)))
            return .success
        }
        if arguments.version {
            output.print("search \(version)\n")
            return .success
        }
        if let shell = arguments.completionShell {
            output.print(CompletionScript(kinds: registry.kinds.map(\.name)).render(for: shell))
            return .success
        }
        if arguments.generateManPage {
            output.print(ManPage(version: version, kinds: registry.kinds.map(\.name)).render())
            return .success
        }
        let color = colorEnabled(arguments.color, environment: environment, console: console)
        let width =
            arguments.width ?? (console.outputIsTerminal ? console.terminalColumns : nil)
            ?? environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 >= 10 ? $0 : nil }
        let render = RenderOptions(
            maxWidth: width,
            border: arguments.style,
            showHeaders: arguments.headers,
            color: color,
            wide: arguments.wide
        )
        if arguments.listKinds {
            output.print(KindListing.render(registry, options: render))
            return .success
        }

        let query: Query
        do {
            query = try QueryParser().parse(arguments.query)
        } catch {
            output.error(QueryErrorFormatter.format(error, query: arguments.query))
            return .failure
        }

        let sources = sources(for: arguments, registry: registry, console: console, query: query)
        let reader = RecordReader(
            registry: registry,
            defaultKind: arguments.kinds.count == 1 ? arguments.kinds[0] : nil,
            maxLineBytes: arguments.maxLineBytes,
            maxDocumentBytes: arguments.maxDocumentBytes
        )
        var session = SearchSession(
            registry: registry,
            query: query,
            options: SearchOptions(
                limit: arguments.limit,
                offset: arguments.offset,
                kinds: arguments.kinds,
                fuzzy: arguments.fuzzy,
                sort: arguments.sort,
                // The table shows rows only: the records need not be kept.
                keepsRecords: arguments.format != .table || arguments.fields != nil
            )
        )
        var hadError = false
        var warnings = 0
        var skipped = 0
        let messages = output
        let diagnose: (Diagnostic) -> Void = { diagnostic in
            if diagnostic.severity == .error { hadError = true }
            if diagnostic.skipsRecord { skipped += 1 } else { warnings += 1 }
            messages.diagnostic(diagnostic)
        }
        // One source per file, each file once.
        for (index, source) in RecordReader.files(of: sources, diagnose: diagnose).enumerated() {
            let record: (Record) -> Void = { record in session.consider(record, diagnose: diagnose) }
            if case .path(let path) = source, ParallelInput.shouldSearchInParallel(path) {
                session.searchNDJSONFile(
                    path: path,
                    hint: registry.kindName(forFile: path) ?? reader.defaultKind,
                    sourceIndex: index + 1,
                    maxLineBytes: arguments.maxLineBytes,
                    diagnose: diagnose
                )
            } else {
                reader.read(
                    source, record: record, lines: { line in session.consider(line, diagnose: diagnose) },
                    diagnose: diagnose)
            }
        }
        if let problem = FieldCheck.unknownFields(
            query: query,
            sort: arguments.sort,
            registry: registry,
            session: session,
            seenFields: session.fallbackFields
        ) {
            output.error(problem)
            return .failure
        }
        let result = session.finish()
        if skipped > 0 {
            output.error("warning: \(skipped) record\(skipped == 1 ? "" : "s") skipped; see the warnings above\n")
        }
        if let status = print(result, arguments: arguments, registry: registry, render: render, output: &output) {
            return status
        }
        if arguments.stats {
            let counts = result.statistics
            output.error(
                "stats: read \(counts.read + skipped - counts.skipped), matched \(counts.matched), "
                    + "shown \(result.hits.count), filtered out \(counts.filteredOut), skipped \(skipped) "
                    + "(malformed \(skipped - counts.skipped), rejected by their kind \(counts.skipped))\n"
            )
        }
        let status: ExitStatus =
            if hadError || (arguments.strict && (warnings + skipped) > 0) {
                .failure
            } else {
                result.hits.isEmpty ? .noResults : .success
            }
        // The output is written: free the kept hits, many small objects each,
        // on a background thread rather than before the process may exit.
        let finished = session
        session = SearchSession(registry: registry, query: query, options: finished.options)
        BackgroundRelease.release((consume finished, consume result))
        return status
    }

    /// The sources to read: `--data`, else piped stdin, else the bundled samples.
    private static func sources(
        for arguments: SearchArguments,
        registry: KindRegistry,
        console: Console,
        query: Query
    ) -> [DataSource] {
        if !arguments.data.isEmpty {
            return arguments.data.map { $0 == "-" ? .standardInput : .path($0) }
        }
        if console.inputHasData { return [.standardInput] }
        let wanted = Set((arguments.kinds + query.kinds).compactMap { registry.kind(named: $0)?.name })
        return registry.kinds.compactMap { kind in
            guard wanted.isEmpty || wanted.contains(kind.name), let sample = kind.sample else { return nil }
            return .bundled(sample, kind: kind.name)
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
            output.error(problem)
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
