import TerminalTable

/// The status line: how many records matched of how many, how many of each
/// kind, and how long the search took, such as
/// `8 of 1,674 · card 4 · domain 3 · product 1 · 2 ms`.
package enum StatusLine {
    /// - Parameters:
    ///   - matched: How many records matched.
    ///   - total: How many records there are.
    ///   - kinds: The kept rows' kinds with their counts, most first.
    ///   - kept: How many rows are kept; fewer than `matched` when the best
    ///     are kept only, and then the kind counts are said to be of those.
    ///   - marked: How many rows are marked.
    ///   - milliseconds: How long the search took.
    ///   - width: The most cells the line may take: kinds are left out from
    ///     the last while it is too wide, so that the counts, the marks and the
    ///     time show on a narrow terminal.
    ///   - reading: Whether more records are still coming (standard input):
    ///     the total is of those come so far.
    ///   - searching: Whether the counts are an earlier query's, while the
    ///     search of the query as typed is slow to end.
    package static func text(
        matched: Int, total: Int, kinds: [(name: String, count: Int)], kept: Int, marked: Int, milliseconds: Double,
        reading: Bool = false, searching: Bool = false, width: Int = .max
    ) -> String {
        var kinds = kinds
        while true {
            let line = unfitted(
                matched: matched, total: total, kinds: kinds, kept: kept, marked: marked, milliseconds: milliseconds,
                reading: reading, searching: searching)
            if kinds.isEmpty || DisplayWidth.of(line) <= width { return line }
            kinds.removeLast()
        }
    }

    private static func unfitted(
        matched: Int, total: Int, kinds: [(name: String, count: Int)], kept: Int, marked: Int, milliseconds: Double,
        reading: Bool, searching: Bool
    ) -> String {
        var parts = ["\(grouped(matched)) of \(grouped(total))"]
        if reading { parts.append("reading…") }
        if searching { parts.append("searching…") }
        if !kinds.isEmpty {
            let counts = kinds.map { "\($0.name) \(grouped($0.count))" }
            if kept < matched {
                parts.append("best \(grouped(kept)): " + counts.joined(separator: " · "))
            } else {
                parts += counts
            }
        }
        if marked > 0 { parts.append("\(grouped(marked)) marked") }
        parts.append(duration(milliseconds))
        return parts.joined(separator: " · ")
    }

    /// The kinds of `names`, with counts, most first, then by first appearance.
    package static func kindCounts(_ names: [String]) -> [(name: String, count: Int)] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for name in names {
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        return order.enumerated().sorted { a, b in
            let (ca, cb) = (counts[a.element]!, counts[b.element]!)
            return ca != cb ? ca > cb : a.offset < b.offset
        }.map { ($0.element, counts[$0.element]!) }
    }

    /// `1,674`.
    package static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }

    /// `0.4 ms`, `12 ms`, `1.3 s`.
    static func duration(_ milliseconds: Double) -> String {
        if milliseconds < 10 {
            let tenths = Int((milliseconds * 10).rounded())
            return "\(tenths / 10).\(tenths % 10) ms"
        }
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        let tenths = Int((milliseconds / 100).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
