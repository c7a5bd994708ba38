import ResultKit
import SearchEngine

/// Diagnostics as `search` prints them: the first few of each group in each
/// source, then one summary line per group that had more, then the counts.
struct PrintedDiagnostics {
    private(set) var cap = DiagnosticCap()
    private(set) var printed: [String] = []
    /// How many times a diagnostic reached the sink, tallies included.
    private(set) var calls = 0

    mutating func add(_ diagnostic: Diagnostic) {
        calls += 1
        if cap.admit(diagnostic) { printed.append(diagnostic.description) }
    }

    var lines: [String] {
        printed + cap.summary + ["warnings \(cap.warnings), errors \(cap.errors), skipped \(cap.skippedRecords)"]
    }
}
