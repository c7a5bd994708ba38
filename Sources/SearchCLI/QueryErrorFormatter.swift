import ResultKit
import SearchEngine
import TerminalTable

/// Shows a query syntax error with a caret under its position:
///
/// ```
/// error: query position 7: unexpected '<' after 'price<'
///   price<<5
///         ^
/// hint: write one operator, as in price<5 or price>=4
/// ```
enum QueryErrorFormatter {
    static func format(_ error: QuerySyntaxError, query: String) -> String {
        let shown = TerminalText.sanitize(query)
        let before = String(query.prefix(max(0, error.position - 1)))
        let caretColumn = DisplayWidth.of(TerminalText.sanitize(before))
        return "error: \(TerminalText.sanitize(error.description))\n"
            + "  \(shown)\n"
            + "  \(String(repeating: " ", count: caretColumn))^\n"
            + "hint: \(TerminalText.sanitize(error.hint))\n"
    }
}
