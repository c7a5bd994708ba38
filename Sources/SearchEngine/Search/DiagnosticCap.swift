public import ResultKit

/// Keeps the warnings of a search readable, and their memory bounded, when
/// the input holds many alike problems: of each group of alike diagnostics
/// in a source (see `Diagnostic.group`), the first few are printed and the
/// rest only counted, then summed up in one line at the end:
/// `warning: big.jsonl: ... and 999,000 more like this`.
///
/// Every diagnostic is counted, printed or not, so that `--stats` and the
/// exit status account for all of them. Memory grows with the number of
/// sources and groups, never with the number of diagnostics.
public struct DiagnosticCap: Sendable {
    /// How many diagnostics of one group in one source are printed.
    public let limit: Int
    /// The most groups told apart in one source: the diagnostics of further
    /// groups are counted together, so that messages that vary without end
    /// cannot grow the tally.
    package static let maxGroupsPerSource = 64
    /// The group that further groups of a source are counted in.
    package static let otherGroup = "other problems"

    /// Every warning counted, printed or not, including those for skipped records.
    public private(set) var warnings = 0
    /// Every error counted.
    public private(set) var errors = 0
    /// The records lost to malformed input or rejected by their kind.
    public private(set) var skippedRecords = 0

    package struct Key: Hashable, Sendable {
        var file: String
        var severity: Diagnostic.Severity
        var group: String
    }
    /// How many diagnostics of each group have been seen.
    private var seen: [Key: Int] = [:]
    /// The groups in the order they were first met.
    private var groups: [Key] = []
    /// How many groups each source has.
    private var groupsPerSource: [String: Int] = [:]

    /// A cap that prints `limit` diagnostics of each group in each source.
    public init(limit: Int = 10) {
        self.limit = limit
    }

    /// The group `diagnostic` is counted in, given the groups seen so far.
    package func key(for diagnostic: Diagnostic) -> Key {
        let file = diagnostic.location?.file ?? ""
        let key = Key(file: file, severity: diagnostic.severity, group: diagnostic.group)
        if seen[key] == nil, groupsPerSource[file, default: 0] >= Self.maxGroupsPerSource {
            return Key(file: file, severity: diagnostic.severity, group: Self.otherGroup)
        }
        return key
    }

    /// Counts `diagnostic` (or, for a tally, the diagnostics it stands for).
    /// - Returns: Whether to print it now: a diagnostic with no location (a
    ///   source that cannot be read) always is; others while their group is
    ///   under the limit; a tally never.
    public mutating func admit(_ diagnostic: Diagnostic) -> Bool {
        let count = diagnostic.tally ?? 1
        switch diagnostic.severity {
        case .warning: warnings += count
        case .error: errors += count
        }
        if diagnostic.skipsRecord { skippedRecords += count }
        guard diagnostic.location != nil else { return diagnostic.tally == nil }
        let key = key(for: diagnostic)
        let before = seen[key] ?? 0
        if before == 0 {
            groupsPerSource[key.file, default: 0] += 1
            groups.append(key)
        }
        seen[key] = before + count
        return diagnostic.tally == nil && before < limit
    }

    /// One line per group of a source that went past the limit, in the order
    /// the groups were first met: `warning: FILE: ... and 1,234 more like this`.
    public var summary: [String] {
        groups.compactMap { key in
            let more = (seen[key] ?? 0) - limit
            guard more > 0 else { return nil }
            let what =
                key.group == Diagnostic.unknownKindGroup
                ? "unknown kind\(more == 1 ? "" : "s")"
                : key.group == Self.otherGroup ? "problems of other sorts" : "like this"
            return "\(key.severity.rawValue): \(key.file): ... and \(Self.grouped(more)) more \(what)"
        }
    }

    /// `1234567` as `1,234,567`.
    package static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }
}

/// What one worker of a parallel search keeps of its diagnostics: for each
/// group, how many there were and the first few, with where they were found
/// (`position`, in input order). Merged, the workers' first few hold the
/// file's first few, since each worker reads its blocks in input order.
/// A reader that reports only at its end (the picker's copy of standard
/// input) keeps its diagnostics in one, so that memory does not grow with
/// how many there are.
package struct DiagnosticSample<Position: Comparable & Sendable>: Sendable {
    struct Group: Sendable {
        var count = 0
        var first: [(position: Position, diagnostic: Diagnostic)] = []
    }
    let limit: Int
    private(set) var groups: [String: Group] = [:]

    package init(limit: Int) {
        self.limit = limit
    }

    /// The diagnostics kept, in the order of their positions, then for each
    /// group with more than were kept, one that stands for the rest
    /// (``Diagnostic/tally``), located in `file`.
    package var diagnostics: [Diagnostic] {
        let kept = groups.values.flatMap(\.first).sorted { $0.position < $1.position }
        let tallies = groups.values.filter { !$0.first.isEmpty && $0.count > $0.first.count }.sorted {
            $0.first[0].position < $1.first[0].position
        }
        return kept.map(\.diagnostic)
            + tallies.map { group in
                let sample = group.first[0].diagnostic
                return Diagnostic(
                    sample.severity, sample.group,
                    at: sample.location.map { SourceLocation(file: $0.file, line: 0) }, skipsRecord: sample.skipsRecord,
                    group: sample.group, tally: group.count - group.first.count)
            }
    }

    /// Counts `diagnostic`, and keeps it when it is among the first of its group.
    package mutating func add(_ diagnostic: Diagnostic, at position: Position) {
        var diagnostic = diagnostic
        if groups[Self.key(diagnostic)] == nil, groups.count >= DiagnosticCap.maxGroupsPerSource {
            diagnostic.group = DiagnosticCap.otherGroup
        }
        let key = Self.key(diagnostic)
        groups[key, default: Group()].count += 1
        if groups[key]!.first.count < limit { groups[key]!.first.append((position, diagnostic)) }
    }

    static func key(_ diagnostic: Diagnostic) -> String {
        key(severity: diagnostic.severity, group: diagnostic.group)
    }

    static func key(severity: Diagnostic.Severity, group: String) -> String {
        "\(severity.rawValue):\(group)"
    }
}
