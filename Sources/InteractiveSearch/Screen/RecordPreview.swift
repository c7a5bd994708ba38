import StreamingJSON
import TerminalTable

/// The preview pane's text: the whole record as indented JSON, each line
/// sanitised and cut to the pane's width (a long value is cut, not wrapped,
/// so that the structure stays readable).
enum RecordPreview {
    /// The lines of `value` pretty-printed, at most `height` of them, none
    /// wider than `width` cells.
    static func lines(_ value: JSONValue, width: Int, height: Int) -> [String] {
        var lines: [String] = []
        append(value, prefix: "", indent: "", trailer: "", into: &lines, limit: height)
        return lines.prefix(height).map { ScreenText.truncated(TerminalText.sanitize($0), to: width) }
    }

    private static func append(
        _ value: JSONValue, prefix: String, indent: String, trailer: String, into lines: inout [String], limit: Int
    ) {
        guard lines.count < limit else { return }
        switch value {
        case .object(let object) where !object.members.isEmpty:
            lines.append(indent + prefix + "{")
            for (index, member) in object.members.enumerated() {
                let key = JSONWriter.string(.string(member.key)) + ": "
                let comma = index < object.members.count - 1 ? "," : ""
                append(member.value, prefix: key, indent: indent + "  ", trailer: comma, into: &lines, limit: limit)
            }
            lines.append(indent + "}" + trailer)
        case .array(let elements) where !elements.isEmpty:
            lines.append(indent + prefix + "[")
            for (index, element) in elements.enumerated() {
                let comma = index < elements.count - 1 ? "," : ""
                append(element, prefix: "", indent: indent + "  ", trailer: comma, into: &lines, limit: limit)
            }
            lines.append(indent + "]" + trailer)
        default:
            lines.append(indent + prefix + JSONWriter.string(value) + trailer)
        }
    }
}
