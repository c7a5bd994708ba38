import InteractiveSearch
import KindSpecs
public import ResultKit
import ResultOutput
import SearchEngine
import SphinxCluster
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
    ///   - readsFilesInPlace: Whether a search (not the picker) may read
    ///     large files through a mapping, and handle the process's `SIGBUS`
    ///     for it (see `MappedFileReads`): for the process that lives for
    ///     one command, not for tests that run it in theirs.
    public static func run(
        arguments: [String],
        environment: [String: String],
        console: Console,
        kinds: [ResultKind],
        readsFilesInPlace: Bool = false
    ) -> ExitStatus {
        var output = Output(console: console)
        let status = execute(
            arguments: arguments, environment: environment, console: console, kinds: kinds,
            readsFilesInPlace: readsFilesInPlace, output: &output)
        _ = output.finishResults(trailer: [])
        if let pager = output.closePager() {
            // The shell's status for a command it cannot find or run.
            if pager == 127 || pager == 126 {
                output.error(
                    "error: the pager ($RESULTKIT_PAGER, else $PAGER, else less) could not run; --no-pager prints "
                        + "without one\n")
                return .failure
            }
            // The reader quit the pager before the end, as they may: no broken pipe.
            if output.readerGone { return status }
        }
        if output.readerGone { return .brokenPipe }
        if let failure = output.failure {
            output.error("error: cannot write to standard output: \(failure)\n")
            return .failure
        }
        return status
    }

    /// What `run` prints on standard error for a command line it refuses
    /// (exit status 64), as made safe by the output gate; `nil` for a command
    /// line it accepts. Nothing is read or run: tools and the fuzzer check
    /// the parser with it.
    /// - Parameter arguments: The arguments after the program name.
    public static func usageMessage(for arguments: [String]) -> String? {
        do throws(UsageError) {
            _ = try SearchArguments(parsing: arguments)
            return nil
        } catch {
            return Output.sanitizedMessage(HelpFormatter.usageError(error))
        }
    }

    private static func execute(
        arguments commandLine: [String],
        environment: [String: String],
        console: Console,
        kinds: [ResultKind],
        readsFilesInPlace: Bool,
        output: inout Output
    ) -> ExitStatus {
        var arguments: SearchArguments
        do throws(UsageError) {
            arguments = try SearchArguments(parsing: commandLine)
        } catch {
            output.error(HelpFormatter.usageError(error))
            return .usage
        }
        if arguments.version {
            output.print("search \(version)\n")
            return .success
        }
        if arguments.kindSchema {
            output.print(KindSpecSchema.text)
            return .success
        }
        if let name = arguments.newKindSpec {
            return newKindSpec(name, arguments: arguments, builtIn: kinds, output: &output)
        }
        // Help, the man page and completions work whatever the spec folders
        // hold: their problems are warnings there, errors for a search.
        let informational = arguments.help || arguments.completionShell != nil || arguments.generateManPage
        guard
            let (registry, specs) = loadKinds(
                arguments, environment: environment, builtIn: kinds, lenient: informational, output: output)
        else { return .failure }
        // Fields that kind specs name kinds by, after those --kind-field names.
        for field in specs.compactMap(\.kindField) where !arguments.reading.kindFields.contains(field) {
            arguments.reading.kindFields.append(field)
        }
        if let status = answerWithoutSearching(
            arguments, registry: registry, environment: environment, console: console, output: &output)
        {
            return status
        }
        if let push = arguments.push {
            return ClusterCommands.push(
                to: push, arguments: arguments, registry: registry, console: console, output: output)
        }
        if arguments.interactive {
            return pick(arguments, registry: registry, environment: environment, console: console, output: &output)
        }
        for option in arguments.pickerOptionsGiven {
            output.error("warning: \(option) applies to --interactive only; ignored\n")
        }
        let query: Query
        do {
            query = try QueryParser().parse(arguments.query)
        } catch {
            output.error(QueryErrorFormatter.format(error, query: arguments.query))
            return .failure
        }

        // A file that gets shorter while it is read in place ends the
        // process with an error (status 2), not a crash. The picker, which
        // holds the terminal, copies what it reads.
        if readsFilesInPlace { MappedFileReads.enable(exitStatus: ExitStatus.failure.rawValue) }

        // Of each group of alike warnings in a source, the first few are
        // printed and the rest counted, then summed up after the others.
        var cap = DiagnosticCap()
        let messages = output
        let result: SearchResult
        let reports = ClusterReports()
        let clusters = ClusterCommands.sources(arguments, reports: reports)
        do throws(SearchError) {
            result = try SearchEngine.search(
                sources: clusters
                    + sources(
                        for: arguments, registry: registry, console: console, queryKinds: query.kinds,
                        excludedKinds: query.excludedKinds),
                query: query,
                options: searchOptions(arguments, diagnosticCap: cap.limit),
                registry: registry
            ) { diagnostic in
                // Records of unknown kinds are named once, after, if they are shown.
                guard diagnostic.group != Diagnostic.unknownKindGroup else { return }
                if cap.admit(diagnostic) { messages.diagnostic(diagnostic) }
            }
        } catch {
            output.error(message(for: error, arguments: arguments, query: query, registry: registry))
            return .failure
        }
        // A column whose path no record held most likely has a mistake in
        // it. Only records that match are read whole: with a query, the
        // warning says so.
        let checked = query.isEmpty ? "matched no record" : "matched none of the records the query found"
        for spec in specs {
            for column in spec.columnsMatchingNoRecord {
                let warning = Diagnostic(
                    .warning,
                    "\(spec.file): column \(column.header) (\(column.sourceDescription)) \(checked)"
                        + Self.pointerHint(column),
                    onceKey: "unmatched-column")
                if cap.admit(warning) { messages.diagnostic(warning) }
            }
        }
        summarize(cap, output: output)
        ClusterCommands.explain(reports, arguments: arguments, output: output)
        let render = renderOptions(arguments, environment: environment, console: console)
        // Results taller than the terminal go through a pager, laid out at its width.
        if console.outputIsTerminal, let lines = console.terminalLines,
            let pager = Pager.command(environment: environment, disabled: arguments.noPager)
        {
            output.pageWhenTaller(
                command: pager, environment: Pager.environment(environment), lines: lines,
                columns: console.terminalColumns ?? 80)
        }
        var hidden: [HiddenColumn] = []
        if let status = printResults(
            result.hits, matched: result.statistics.matched,
            matchedIsLowerBound: result.statistics.matchedIsLowerBound, failedShards: reports.failedShards,
            arguments: arguments, registry: registry, render: render, hidden: &hidden, output: &output)
        {
            return status
        }
        let status = conclude(
            result, cap: cap, arguments: arguments, registry: registry, hidden: hidden, width: render.maxWidth,
            output: &output)
        // The output is written: free the results, many small objects each,
        // on a background thread rather than before the process may exit.
        BackgroundRelease.release(consume result)
        return status
    }

    /// The tallies of the warnings not printed one by one, and how many
    /// records were skipped.
    private static func summarize(_ cap: DiagnosticCap, output: Output) {
        for line in cap.summary { output.error(TerminalText.sanitize(line) + "\n") }
        let skipped = cap.skippedRecords
        if skipped > 0 {
            output.error(
                "warning: \(DiagnosticCap.grouped(skipped)) record\(skipped == 1 ? "" : "s") skipped; see the warnings "
                    + "above\n")
        }
    }

    /// After the results are printed: the exit status (2 after an error, or
    /// after any warning under `--strict`; else 0 with results, 1 without),
    /// and what is said about them: each source that gave no record (reading
    /// nothing is not finding nothing), the warning naming the unknown kinds
    /// shown (unless `--quiet`), the feedback (when standard output is a
    /// terminal, unless `--quiet`) and `--stats`, last in the pager when the
    /// results went through one, else on standard error.
    private static func conclude(
        _ result: SearchResult, cap: DiagnosticCap, arguments: SearchArguments, registry: KindRegistry,
        hidden: [HiddenColumn], width: Int?, output: inout Output
    ) -> ExitStatus {
        var said: [String] = []
        let readNothing =
            arguments.clusters.isEmpty && !result.readings.isEmpty && result.readings.allSatisfy { $0.recordCount == 0 }
        var emptySources = 0
        if readNothing {
            for reading in result.readings where !reading.failed {
                emptySources += 1
                said.append(
                    TerminalText.sanitize("warning: read no records from \(reading.source): \(reading.emptiness)")
                        + "\n")
            }
        }
        let unknown = Feedback.unknownKinds(result.hits, registry: registry)
        let status: ExitStatus =
            if cap.errors > 0 || (arguments.strict && (cap.warnings + emptySources > 0 || unknown != nil)) {
                .failure
            } else {
                result.hits.isEmpty ? .noResults : .success
            }
        if !arguments.quiet, let unknown { said.append(unknown) }
        if status != .failure, !readNothing, !arguments.quiet, output.console.outputIsTerminal {
            said += Feedback.lines(
                for: result, query: arguments.query, offset: arguments.offset, limit: arguments.limit,
                hidden: hidden, width: width)
        }
        if arguments.stats { said.append(statistics(result, cap: cap)) }
        if !output.finishResults(trailer: said) {
            for line in said { output.error(line) }
        }
        return status
    }

    /// What to print for a search that could not give results: an unknown
    /// kind with its hints, or an unknown field with the fields there are.
    private static func message(
        for error: SearchError, arguments: SearchArguments, query: Query, registry: KindRegistry
    ) -> String {
        if case .unknownKind(_, let seen) = error,
            let problem = KindCheck.unknownKind(
                named: arguments.kinds + query.kinds + query.excludedKinds,
                registry: registry,
                seen: seen,
                glued: arguments.gluedKinds,
                query: arguments.queryWithGluedKinds
            )
        {
            return problem
        }
        return "error: \(error)\n"
    }

    /// The `--stats` lines: every record read, accounted for; then what
    /// each source was read as, and how many records it gave.
    private static func statistics(_ result: SearchResult, cap: DiagnosticCap) -> String {
        let counts = result.statistics
        let skipped = cap.skippedRecords
        let number = DiagnosticCap.grouped
        var text =
            "stats: read \(number(counts.read + skipped - counts.skipped)), matched \(number(counts.matched)), "
            + "shown \(number(result.hits.count)), filtered out \(number(counts.filteredOut)), skipped \(number(skipped)) "
            + "(malformed \(number(skipped - counts.skipped)), rejected by their kind \(number(counts.skipped))), "
            + "other warnings \(number(cap.warnings - skipped))\n"
        for reading in result.readings.prefix(statisticsSources) {
            let records = "\(number(reading.recordCount)) record\(reading.recordCount == 1 ? "" : "s")"
            text += TerminalText.sanitize("stats: \(reading.source): \(reading.summary), \(records)") + "\n"
        }
        if result.readings.count > statisticsSources {
            text += "stats: … and \(number(result.readings.count - statisticsSources)) more sources\n"
        }
        return text
    }

    /// How many sources `--stats` describes one by one.
    static let statisticsSources = 20

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

    /// Answers `--help`, `--completions`, `--generate-man-page` and
    /// `--list-kinds`; nil when the arguments ask for a search. Colour is
    /// allowed through the output gate from here on when it is enabled.
    private static func answerWithoutSearching(
        _ arguments: SearchArguments,
        registry: KindRegistry,
        environment: [String: String],
        console: Console,
        output: inout Output
    ) -> ExitStatus? {
        let kindNames = registry.kinds.map(\.name)
        if arguments.help {
            let width = console.terminalColumns ?? environment["COLUMNS"].flatMap { Int($0) } ?? 80
            output.print(HelpFormatter.help(width: width, kinds: kindNames))
            return .success
        }
        if let shell = arguments.completionShell {
            output.print(CompletionScript(kinds: kindNames).render(for: shell))
            return .success
        }
        if arguments.generateManPage {
            output.print(ManPage(version: version, kinds: kindNames).render())
            return .success
        }
        output.allowsColor = colorEnabled(arguments.color, environment: environment, console: console)
        if arguments.listKinds {
            // `--kind` lists those kinds only.
            let named = arguments.kinds.compactMap { registry.kind(named: $0) }
            let listed = named.isEmpty ? registry : ((try? KindRegistry(named)) ?? registry)
            if arguments.format == .json || arguments.format == .jsonl {
                output.print(KindListing.json(listed))
            } else {
                output.print(
                    KindListing.render(
                        listed, options: renderOptions(arguments, environment: environment, console: console)))
            }
            return .success
        }
        return nil
    }

    /// What the engine is asked for besides the query.
    private static func searchOptions(_ arguments: SearchArguments, diagnosticCap: Int) -> SearchOptions {
        var options = SearchOptions(
            limit: arguments.limit,
            offset: arguments.offset,
            kinds: arguments.kinds,
            fuzzy: arguments.fuzzy,
            sort: arguments.sort,
            // The table shows rows only: the records need not be kept.
            keepsRecords: arguments.format != .table || arguments.fields != nil,
            maxLineBytes: arguments.maxLineBytes,
            maxDocumentBytes: arguments.maxDocumentBytes,
            diagnosticCap: diagnosticCap
        )
        options.reading = arguments.reading
        return options
    }

    /// The kinds built into this binary joined by those of the spec files
    /// (the user's config folder, then each `--kinds DIR`), and the specs in
    /// use; `nil` after printing the errors. The config folder's problems
    /// are warnings, its broken specs left out. When `lenient`, errors are
    /// printed as warnings and the kinds that loaded are used (the built-in
    /// ones alone when even those clash).
    private static func loadKinds(
        _ arguments: SearchArguments,
        environment: [String: String],
        builtIn kinds: [ResultKind],
        lenient: Bool,
        output: Output
    ) -> (KindRegistry, [KindSpec])? {
        // Lines of text are records of kind `line`, unless a module names its own.
        let modules = kinds.contains { $0.name == ResultKind.line.name } ? kinds : kinds + [.line]
        let loaded = KindSpecLoader.loadKinds(
            builtIn: modules,
            directories: arguments.kindDirectories,
            defaultDirectory: KindSpecLoader.defaultDirectory(environment: environment)
        )
        for problem in loaded.warnings { output.error("warning: \(TerminalText.sanitize(problem.description))\n") }
        let label = lenient ? "warning" : "error"
        for problem in loaded.errors { output.error("\(label): \(TerminalText.sanitize(problem.description))\n") }
        for note in loaded.notes { output.error("note: \(TerminalText.sanitize(note.description))\n") }
        guard loaded.errors.isEmpty || lenient else { return nil }
        do {
            return (try KindRegistry(loaded.kinds), loaded.specs)
        } catch {
            output.error("\(label): \(TerminalText.sanitize("\(error)"))\n")
            guard lenient, let registry = try? KindRegistry(modules) else { return nil }
            return (registry, [])
        }
    }

    /// A hint for a column that matched no record when its path reads as a
    /// dotted path (`/author.born`), or empty.
    private static func pointerHint(_ column: KindSpec.Column) -> String {
        guard let path = column.path, path.tokens.contains(where: { $0.contains(".") }) else { return "" }
        let split = path.tokens.flatMap { $0.split(separator: ".").map(String.init) }
        let suggestion = split.map { JSONPointer(field: $0).description }.joined()
        return "; a JSON Pointer separates keys with \"/\": did you mean \"\(suggestion)\"?"
    }

    /// `--new-kind-spec NAME`: writes a starter spec, and the schema beside
    /// it, into the first `--kinds DIR` or the current folder.
    private static func newKindSpec(
        _ name: String, arguments: SearchArguments, builtIn kinds: [ResultKind], output: inout Output
    ) -> ExitStatus {
        let directory = arguments.kindDirectories.first ?? "."
        let replaces = kinds.first { $0.name == name || $0.plural == name }?.name
        switch KindSpecStarter.write(name: name, in: directory, replaces: replaces) {
        case .success(let paths):
            for path in paths { output.print("wrote \(TerminalText.sanitize(path))\n") }
            if let replaces {
                output.error("note: \"\(replaces)\" is a built-in kind; the spec says \"replaces\": \"\(replaces)\"\n")
            }
            let folder = TerminalText.sanitize(directory)
            output.error(
                "hint: edit it, then: search --kinds \(folder) --list-kinds; search --kinds \(folder) --data FILE\n")
            return .success
        case .failure(let problem):
            output.error("error: \(TerminalText.sanitize(problem.description))\n")
            return .failure
        }
    }

    /// The sources to read: `--data`, else piped stdin, else the bundled samples.
    private static func sources(
        for arguments: SearchArguments,
        registry: KindRegistry,
        console: Console,
        queryKinds: [String],
        excludedKinds: [String]
    ) -> [DataSource] {
        if !arguments.data.isEmpty {
            return arguments.data.map { $0 == "-" ? DataSource.standardInput : .path($0) }
        }
        // A cluster alone is searched alone: the samples are not its records.
        if !arguments.clusters.isEmpty { return [] }
        if console.inputHasData { return [DataSource.standardInput] }
        let wanted = Set((arguments.kinds + queryKinds).compactMap { registry.kind(named: $0)?.name })
        let unwanted = Set(excludedKinds.compactMap { registry.kind(named: $0)?.name })
        return registry.kinds.compactMap { kind in
            guard wanted.isEmpty || wanted.contains(kind.name), !unwanted.contains(kind.name), let sample = kind.sample
            else { return nil }
            return DataSource.bundled(sample, kind: kind.name)
        }
    }

    /// Prints the results, of `matched` in all; returns a status only when
    /// printing failed. `hidden` gets the columns the table left out to fit.
    static func printResults(
        _ hits: [SearchHit],
        matched: Int,
        matchedIsLowerBound: Bool = false,
        failedShards: [String]? = nil,
        arguments: SearchArguments,
        registry: KindRegistry,
        render: RenderOptions,
        hidden: inout [HiddenColumn],
        output: inout Output
    ) -> ExitStatus? {
        // A column's header names its field here too, as in filters and --sort.
        let fields = arguments.fields.map { ColumnHeaders.resolve(fields: $0, registry: registry) }
        if let fields, let problem = FieldCheck.unknownOutputFields(fields, hits: hits, registry: registry) {
            output.error("error: \(problem)\n")
            return .failure
        }
        if arguments.groupByKind && arguments.format != .table && arguments.format != .markdown {
            output.error(
                "warning: --group-by applies to the table and markdown only; --format \(arguments.format.rawValue) "
                    + "ignores it\n")
        } else if arguments.groupByKind && fields != nil && arguments.format == .table {
            output.error("warning: --group-by is ignored with --fields, whose table is one piece\n")
        }
        switch arguments.format {
        case .table:
            guard !hits.isEmpty else { break }
            if fields == nil, !arguments.explain, !arguments.groupByKind,
                hits.allSatisfy({ $0.kind.name == ResultKind.line.name })
            {
                // Lines of text alone print as they were read, best first,
                // as `grep` and `fzf --filter` print them: no table around them.
                output.print(hits.map { $0.row.name + "\n" }.joined())
            } else if let fields {
                output.print(RecordOutput.fieldTable(hits, fields: fields, options: render))
            } else {
                let table = TableOutput(options: render, groupByKind: arguments.groupByKind, explain: arguments.explain)
                // Written as drawn, a few blocks at a time, never all drawn first.
                // Each piece is checked where it is drawn, on every core; written in order here.
                hidden = table.forEachPiece(hits, prepare: output.check, stop: { output.stopped }, { output.print($0) })
            }
        case .markdown:
            if !hits.isEmpty {
                output.print(RecordOutput.markdown(hits, fields: fields, groupByKind: arguments.groupByKind))
            }
        case .json, .jsonl:
            // Written as made, a few pieces of results at a time, on every
            // core; each piece is checked where it is made. A closed pipe
            // stops the making within a window of pieces.
            let shape: RecordOutput.JSONShape =
                arguments.format == .json
                ? .document(
                    query: arguments.query, total: matched, failedShards: failedShards,
                    totalIsLowerBound: matchedIsLowerBound) : .lines
            // For a person at a terminal, indented and coloured, as jq and gh print it.
            RecordOutput.forEachJSONPiece(
                hits, shape: shape, fields: fields, person: output.console.outputIsTerminal, color: render.color,
                prepare: output.check, stop: { output.stopped }, { output.print($0) })
        case .csv, .tsv:
            let columns: [String]
            if let fields {
                columns = fields
            } else {
                let union = RecordOutput.columnUnion(of: hits)
                columns = union.columns
                if union.total > columns.count {
                    output.error(
                        "warning: the results have \(DiagnosticCap.grouped(union.total)) different fields; --format "
                            + "\(arguments.format.rawValue) shows the first \(DiagnosticCap.grouped(columns.count)) met (kind and name "
                            + "first); choose the fields with --fields\n")
                }
            }
            let options = RecordOutput.DelimitedOptions(
                headers: arguments.headers,
                visibleLineBreaks: output.console.outputIsTerminal,
                formulaSafe: arguments.csvSafe,
                visibleControls: output.console.outputIsTerminal
            )
            output.print(
                arguments.format == .csv
                    ? RecordOutput.csv(hits, columns: columns, options: options)
                    : RecordOutput.tsv(hits, columns: columns, options: options)
            )
        }
        return nil
    }

    /// Runs the picker of `--interactive`, then prints what was chosen: the
    /// names one per line, or the records in `--format`.
    private static func pick(
        _ arguments: SearchArguments,
        registry: KindRegistry,
        environment: [String: String],
        console: Console,
        output: inout Output
    ) -> ExitStatus {
        // The query is parsed as it is typed; a bad one is shown on the status line.
        let initialKinds = (try? QueryParser().parse(arguments.query))?.kinds ?? []
        var cap = DiagnosticCap()
        var options = searchOptions(arguments, diagnosticCap: cap.limit)
        options.limit = arguments.limitGiven ? arguments.limit : Self.pickerRows
        options.keepsRecords = arguments.formatGiven || arguments.preview
        // The screen is a terminal whatever standard output is.
        var render = renderOptions(arguments, environment: environment, console: console)
        render.color =
            switch arguments.color {
            case .always: true
            case .never: false
            case .auto: (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
            }
        let policy = OutputFilter.Policy(allowsColor: render.color, rawControls: false)
        var configuration = InteractiveSearch.Configuration(
            sources: sources(
                for: arguments, registry: registry, console: console, queryKinds: initialKinds, excludedKinds: []),
            reader: RecordReader(
                registry: registry,
                defaultKind: arguments.kinds.count == 1 ? arguments.kinds[0] : nil,
                maxLineBytes: arguments.maxLineBytes,
                maxDocumentBytes: arguments.maxDocumentBytes,
                options: arguments.reading
            ),
            registry: registry,
            options: options,
            query: arguments.query,
            table: TableOutput(options: render, explain: arguments.explain),
            reverse: arguments.reverseLayout,
            filter: { bytes in OutputFilter.safeBytes(bytes.span, policy: policy) ?? bytes }
        )
        configuration.preview = arguments.preview
        configuration.height = arguments.height
        configuration.selectOne = arguments.selectOne
        configuration.exitZero = arguments.exitZero
        configuration.mouse = arguments.mouse
        let messages = output
        let outcome = InteractiveSearch.run(configuration) { diagnostic in
            if cap.admit(diagnostic) { messages.diagnostic(diagnostic) }
        }
        summarize(cap, output: output)
        switch outcome {
        case .unavailable(let reason):
            output.error("error: \(reason)\n")
            return .failure
        case .unreadable:
            return .failure
        case .cancelled:
            return .interrupted
        case .nothingChosen:
            return .noResults
        case .chosen(let hits):
            guard arguments.formatGiven else {
                output.print(hits.map { $0.row.name + "\n" }.joined())
                return .success
            }
            var plain = render
            plain.color = colorEnabled(arguments.color, environment: environment, console: console)
            plain.maxWidth =
                arguments.width ?? (console.outputIsTerminal ? console.terminalColumns : nil)
                ?? environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 >= 10 ? $0 : nil }
            output.allowsColor = plain.color
            var hidden: [HiddenColumn] = []
            if let status = printResults(
                hits, matched: hits.count, arguments: arguments, registry: registry, render: plain, hidden: &hidden,
                output: &output)
            {
                return status
            }
            return cap.errors > 0 ? .failure : .success
        }
    }

    /// How many of the best rows the picker keeps to scroll through, unless
    /// `--limit` says otherwise: enough to page through, few enough that a
    /// search of a million records keeps little.
    static let pickerRows = 1000

    static func colorEnabled(_ choice: SearchArguments.ColorChoice, environment: [String: String], console: Console)
        -> Bool
    {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            // A dumb terminal draws escape sequences as text.
            if environment["TERM"] == "dumb" { return false }
            return console.outputIsTerminal
        }
    }
}
