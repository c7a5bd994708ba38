import StreamingJSON
import TerminalTable

/// The preview pane's text: the whole record as indented JSON, each line
/// sanitised, and a line wider than the pane wrapped onto the lines below
/// it, indented under its value, so that a long description reads whole.
enum RecordPreview {
    /// The most lines a record's preview has: a value of megabytes shows
    /// its start, and a line says how much more there is.
    static let maximumLines = 5000

    /// The lines of `value` pretty-printed and wrapped, none wider than
    /// `width` cells.
    static func lines(_ value: JSONValue, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var json: [(Int, String)] = []
        append(value, prefix: "", indent: 0, trailer: "", into: &json)
        var lines: [String] = []
        for (index, line) in json.enumerated() {
            wrap(TerminalText.sanitize(line.1), indent: line.0, width: width, into: &lines)
            if lines.count >= maximumLines {
                lines.removeLast(lines.count - maximumLines + 1)
                lines.append(ScreenText.truncated("… \(json.count - index - 1) more lines of JSON", to: width))
                break
            }
        }
        return lines
    }

    /// `text` at `indent` spaces, on as many lines of `width` cells as it
    /// takes: broken after a space where one is in the line's second half,
    /// else at the width; each line after the first two spaces further in.
    private static func wrap(_ text: String, indent: Int, width: Int, into lines: inout [String]) {
        let margin = String(repeating: " ", count: min(indent, max(0, width - 1)))
        let first = margin + text
        // A character takes no more cells than bytes: a short line is
        // measured, a long one (megabytes, maybe) only walked as it wraps.
        if first.utf8.count <= width || first.utf8.count <= 4 * width && DisplayWidth.of(first) <= width {
            lines.append(first)
            return
        }
        var line = margin
        var lineWidth = margin.count
        var lastSpace: (index: String.Index, width: Int)?
        let continuation = String(repeating: " ", count: min(indent + 2, max(0, width / 2)))
        for character in text {
            let cells = DisplayWidth.of(character)
            if lineWidth + cells > width {
                if let space = lastSpace, space.width > width / 2 {
                    let rest = String(line[line.index(after: space.index)...])
                    lines.append(String(line[...space.index]))
                    line = continuation + rest
                } else {
                    lines.append(line)
                    line = continuation
                }
                lineWidth = DisplayWidth.of(line)
                lastSpace = nil
                if lines.count >= maximumLines { return }
            }
            if character == " " { lastSpace = (line.endIndex, lineWidth) }
            line.append(character)
            lineWidth += cells
        }
        if line.count > continuation.count || lines.isEmpty { lines.append(line) }
    }

    private static func append(
        _ value: JSONValue, prefix: String, indent: Int, trailer: String, into lines: inout [(Int, String)]
    ) {
        guard lines.count < maximumLines else { return }
        switch value {
        case .object(let object) where !object.members.isEmpty:
            lines.append((indent, prefix + "{"))
            for (index, member) in object.members.enumerated() {
                let key = JSONWriter.string(.string(member.key)) + ": "
                let comma = index < object.members.count - 1 ? "," : ""
                append(member.value, prefix: key, indent: indent + 2, trailer: comma, into: &lines)
            }
            lines.append((indent, "}" + trailer))
        case .array(let elements) where !elements.isEmpty:
            lines.append((indent, prefix + "["))
            for (index, element) in elements.enumerated() {
                let comma = index < elements.count - 1 ? "," : ""
                append(element, prefix: "", indent: indent + 2, trailer: comma, into: &lines)
            }
            lines.append((indent, "]" + trailer))
        default:
            lines.append((indent, prefix + JSONWriter.string(value) + trailer))
        }
    }
}
