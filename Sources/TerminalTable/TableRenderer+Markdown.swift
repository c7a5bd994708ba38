extension TableRenderer {
    /// Renders a GitHub-flavoured Markdown pipe table.
    ///
    /// Cells are sanitised; line breaks become `<br>`, and backslashes and `|`
    /// are escaped so that no cell can split the table. `<`, `>` and `&` become
    /// entities and `[`, `]` are escaped, so that data never renders as HTML,
    /// a link or an image. Columns are padded to a
    /// common display width so that the source reads as a table too.
    /// - Parameters:
    ///   - headers: The header cells, as given.
    ///   - rows: The rows; short rows are padded with empty cells, extra cells dropped.
    /// - Returns: The table, each line ending with a line feed, or `""` without headers.
    public static func markdown(headers: [String], rows: [[String]]) -> String {
        guard !headers.isEmpty else { return "" }
        let header = headers.map(markdownCell)
        let body = rows.map { row in
            headers.indices.map { row.indices.contains($0) ? markdownCell(row[$0]) : "" }
        }
        var widths = header.map { max(3, DisplayWidth.of($0)) }
        for row in body {
            for (index, cell) in row.enumerated() {
                widths[index] = max(widths[index], DisplayWidth.of(cell))
            }
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { index, cell in
                cell + String(repeating: " ", count: widths[index] - DisplayWidth.of(cell))
            }
            return "| " + padded.joined(separator: " | ") + " |\n"
        }
        var result = line(header)
        result += "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|\n"
        for row in body {
            result += line(row)
        }
        return result
    }

    /// One cell's text made safe for a pipe table.
    private static func markdownCell(_ text: String) -> String {
        var result = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r":
                result += "<br>"
            case "\n":
                if !previousWasCR { result += "<br>" }
            case "\\":
                result += "\\\\"
            case "|":
                result += "\\|"
            // Data never becomes markup: no raw HTML (`<script>`), no entity,
            // and no link or image (`[x](javascript:…)`).
            case "<":
                result += "&lt;"
            case ">":
                result += "&gt;"
            case "&":
                result += "&amp;"
            case "[":
                result += "\\["
            case "]":
                result += "\\]"
            default:
                result.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return TerminalText.sanitize(result)
    }
}
