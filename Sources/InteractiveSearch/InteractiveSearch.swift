package import ResultKit
package import ResultOutput
package import SearchEngine
import TerminalTable

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `search -i`: the merged table, searched live as the user types, on the
/// terminal, and the chosen records handed back for the command to print.
package enum InteractiveSearch {
    /// What the picker needs.
    package struct Configuration: Sendable {
        /// Where the records come from: read once, before the screen shows.
        package var sources: [DataSource]
        /// Reads them, with the limits and the default kind.
        package var reader: RecordReader
        package var registry: KindRegistry
        /// Every search's options: how many rows to keep, kinds, sort.
        package var options: SearchOptions
        /// The query the picker starts with.
        package var query: String
        /// How the table is drawn (its width follows the terminal).
        package var table: TableOutput
        /// The query line at the top.
        package var reverse: Bool
        /// A pane beside the table showing the selected record whole.
        package var preview = false
        /// The whole screen, or lines below the cursor (`--height`).
        package var height = PickerHeight.fullScreen
        /// With exactly one row for the starting query, choose it without
        /// showing the picker (`--select-1`).
        package var selectOne = false
        /// With no row for the starting query, leave without showing the
        /// picker (`--exit-0`).
        package var exitZero = false
        /// Whether the mouse is read (clicks, the wheel); off, the
        /// terminal selects text as usual.
        package var mouse = true
        /// The output gate's check of bytes bound for a terminal: what the
        /// screen shows of data passes through it.
        package var filter: @Sendable ([UInt8]) -> [UInt8]

        package init(
            sources: [DataSource], reader: RecordReader, registry: KindRegistry, options: SearchOptions,
            query: String, table: TableOutput, reverse: Bool, filter: @escaping @Sendable ([UInt8]) -> [UInt8]
        ) {
            self.sources = sources
            self.reader = reader
            self.registry = registry
            self.options = options
            self.query = query
            self.table = table
            self.reverse = reverse
            self.filter = filter
        }
    }

    /// How the picker ended.
    package enum Outcome: Sendable {
        /// Enter with rows: the marked ones, or the selected one.
        case chosen([SearchHit])
        /// Enter with no row to choose, or `--exit-0` with none.
        case nothingChosen
        /// Esc, Ctrl-C or SIGINT.
        case cancelled
        /// No terminal to show the picker on; the message says why.
        case unavailable(String)
        /// No record could be read, for errors already reported: the
        /// picker was not shown.
        case unreadable
    }

    /// Runs the picker until the user chooses or leaves.
    /// - Parameters:
    ///   - configuration: The records, the search and the look.
    ///   - diagnose: Problems of the input: called before the screen shows
    ///     for sources that cannot be read, and after it is gone for the
    ///     warnings of the first search (malformed lines), once each.
    package static func run(_ configuration: Configuration, diagnose: (Diagnostic) -> Void) -> Outcome {
        let device: TerminalDevice
        do throws(TerminalDevice.Unavailable) {
            device = try TerminalDevice(placement: configuration.height, mouse: configuration.mouse)
        } catch {
            return .unavailable(error.description)
        }
        var failed = false
        let records = LoadedRecords(
            sources: configuration.sources, reader: configuration.reader,
            diagnosticCap: configuration.options.diagnosticCap
        ) { diagnostic in
            if diagnostic.severity == .error { failed = true }
            diagnose(diagnostic)
        }
        // As a one-shot search would: nothing to pick from, for a reason said.
        if failed && records.count == 0 && !records.readsFiles { return .unreadable }
        var session = PickerSession(configuration: configuration, records: records, device: device)
        let (outcome, warnings) = session.run()
        // Standard input's own problems (it could not be read, malformed
        // records of a form read as it came), then the search's.
        for problem in records.standardInputProblems { diagnose(problem) }
        for warning in warnings { diagnose(warning) }
        return outcome
    }
}
