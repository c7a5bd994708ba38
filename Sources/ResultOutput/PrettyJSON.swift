import StreamingJSON

/// JSON for a person at a terminal, as jq and gh print it: each member and
/// element on a line of its own, indented by two spaces, and with colour
/// keys bold blue, strings green and null dim. The text is the same JSON as
/// the compact form's, values and escapes alike.
enum PrettyJSON {
    static let key: [UInt8] = Array("\u{1B}[1;34m".utf8)
    static let string: [UInt8] = Array("\u{1B}[32m".utf8)
    static let null: [UInt8] = Array("\u{1B}[2m".utf8)
    static let reset: [UInt8] = Array("\u{1B}[0m".utf8)

    /// Appends `value` to `output`, its lines after the first indented by
    /// `indent` spaces (`nil`: on one line, as the compact form, coloured).
    static func write(_ value: JSONValue, indent: Int?, color: Bool, into output: inout [UInt8]) {
        switch value {
        case .object(let object) where !object.members.isEmpty:
            output.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent.map { $0 + 2 }, into: &output)
                painted(JSONWriter.string(.string(member.key)), color ? key : nil, into: &output)
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(UInt8(ascii: " ")) }
                write(member.value, indent: indent.map { $0 + 2 }, color: color, into: &output)
            }
            newline(indent, into: &output)
            output.append(UInt8(ascii: "}"))
        case .array(let elements) where !elements.isEmpty:
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent.map { $0 + 2 }, into: &output)
                write(element, indent: indent.map { $0 + 2 }, color: color, into: &output)
            }
            newline(indent, into: &output)
            output.append(UInt8(ascii: "]"))
        case .string:
            painted(JSONWriter.string(value), color ? string : nil, into: &output)
        case .null:
            painted("null", color ? null : nil, into: &output)
        default:
            output += JSONWriter.string(value).utf8
        }
    }

    /// A line feed and `indent` spaces; nothing on one line.
    private static func newline(_ indent: Int?, into output: inout [UInt8]) {
        guard let indent else { return }
        output.append(0x0A)
        output += repeatElement(UInt8(ascii: " "), count: indent)
    }

    private static func painted(_ text: String, _ style: [UInt8]?, into output: inout [UInt8]) {
        guard let style else {
            output += text.utf8
            return
        }
        output += style
        output += text.utf8
        output += reset
    }
}
