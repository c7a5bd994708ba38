import TestSupport

/// Writes random JSON records as text, by hand, so that neither parser's
/// writer is involved: random whitespace, escapes of every kind (surrogate
/// pairs included), raw non-ASCII text and numbers in every form.
struct RecordGenerator {
    var random: SplitMix64

    mutating func record() -> String {
        let kinds = ["domain", "product", "card", "unknown"]
        var members = [#""kind""# + colon() + quoted(kinds[Int.random(in: 0..<kinds.count, using: &random)])]
        let extra = Int.random(in: 1...7, using: &random)
        for index in 0..<extra {
            members.append(key(index) + colon() + value(depth: 1))
        }
        return "{" + space() + members.joined(separator: space() + "," + space()) + space() + "}"
    }

    /// A key unique within its object (Foundation keeps only one per key).
    private mutating func key(_ index: Int) -> String {
        let stems = ["name", "price", "tags", "névé", "東京", "a\\\"b", "\\u0041x", "line\\nbreak", ""]
        return "\"" + stems[Int.random(in: 0..<stems.count, using: &random)] + "_\(index)\""
    }

    private mutating func value(depth: Int) -> String {
        let choice = Int.random(in: 0..<(depth < 4 ? 10 : 7), using: &random)
        switch choice {
        case 0: return "null"
        case 1: return Bool.random(using: &random) ? "true" : "false"
        case 2, 3: return number()
        case 4, 5, 6: return string()
        case 7, 8:
            let count = Int.random(in: 0...4, using: &random)
            let elements = (0..<count).map { _ in value(depth: depth + 1) }
            return "[" + space() + elements.joined(separator: space() + "," + space()) + space() + "]"
        default:
            let count = Int.random(in: 0...4, using: &random)
            let members = (0..<count).map { key($0) + colon() + value(depth: depth + 1) }
            return "{" + space() + members.joined(separator: "," + space()) + "}"
        }
    }

    private mutating func number() -> String {
        let sign = Bool.random(using: &random) ? "-" : ""
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return sign + "0"
        case 1: return sign + String(Int64.random(in: 1...(1 << 53), using: &random))
        case 2:
            return sign + String(Int.random(in: 0...99_999, using: &random)) + "."
                + String(Int.random(in: 0...999_999, using: &random))
        case 3:
            let exponentMark = ["e", "E", "e+", "E-", "e-"][Int.random(in: 0..<5, using: &random)]
            return sign + String(Int.random(in: 1...9, using: &random)) + "."
                + String(Int.random(in: 0...999, using: &random))
                + exponentMark + String(Int.random(in: 0...300, using: &random))
        default: return sign + String(Double.random(in: 0...1e6, using: &random))
        }
    }

    private mutating func string() -> String {
        let pieces = [
            "plain", "with space", "café", "東京", "👍🏽", "Ωmega", "\u{7F}", "\u{A0}", "\u{2028}",
            "\\n", "\\t", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r", "\\u0000", "\\u001b", "\\u00e9",
            "\\u6771", "\\uD83D\\uDC4D", "\\ud834\\udd1e", "\\uFFFF", "0123456789abcdefghij",
        ]
        var text = ""
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
        }
        return "\"" + text + "\""
    }

    private func quoted(_ text: String) -> String { "\"" + text + "\"" }

    private mutating func space() -> String {
        ["", "", "", " ", "\n", "\t ", "\r\n  "][Int.random(in: 0..<7, using: &random)]
    }

    private mutating func colon() -> String { space() + ":" + space() }
}
