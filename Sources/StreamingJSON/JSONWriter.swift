import RawBytes

/// Writes `JSONValue`s as compact JSON text.
///
/// Members keep their order (duplicates included) and numbers keep their
/// text. The output is always valid UTF-8 JSON that a terminal can show
/// safely: control characters (U+0000–U+001F, U+007F–U+009F) are escaped as
/// `\u00XX` (or `\n`, `\t`, … where JSON has a short form), and so are
/// U+2028 and U+2029, which break JavaScript string literals, and the bidi
/// controls, which would reorder text shown in a terminal.
///
/// A `.number` whose text is not a JSON number (which only a hand-built
/// value can hold) is written as a string, so that the output stays valid.
public enum JSONWriter {
    /// Appends the compact JSON text of `value` to `output`.
    /// - Parameters:
    ///   - value: The value to write.
    ///   - output: The buffer to append UTF-8 bytes to.
    public static func write(_ value: JSONValue, into output: inout [UInt8]) {
        // An explicit stack of the open containers, so that writing never
        // recurses however deep the value is.
        var stack: [OpenContainer] = []
        var current = value
        nextValue: while true {
            switch current {
            case .null: appendASCII("null", to: &output)
            case .bool(let flag): appendASCII(flag ? "true" : "false", to: &output)
            case .number(let text): writeNumber(text, into: &output)
            case .string(let text): writeString(text, into: &output)
            case .array(let elements):
                if let first = elements.first {
                    output.append(ASCII.openBracket)
                    stack.append(OpenContainer(elements: elements, members: [], next: 1))
                    current = first
                    continue nextValue
                }
                appendASCII("[]", to: &output)
            case .object(let object):
                if let first = object.members.first {
                    output.append(ASCII.openBrace)
                    writeString(first.key, into: &output)
                    output.append(ASCII.colon)
                    stack.append(OpenContainer(elements: [], members: object.members, next: 1))
                    current = first.value
                    continue nextValue
                }
                appendASCII("{}", to: &output)
            }
            // A value is written: go on with the innermost open container
            // that has more to write, closing the finished ones.
            while let top = stack.indices.last {
                let next = stack[top].next
                if !stack[top].members.isEmpty {
                    if next < stack[top].members.count {
                        output.append(ASCII.comma)
                        writeString(stack[top].members[next].key, into: &output)
                        output.append(ASCII.colon)
                        stack[top].next += 1
                        current = stack[top].members[next].value
                        continue nextValue
                    }
                    output.append(ASCII.closeBrace)
                } else {
                    if next < stack[top].elements.count {
                        output.append(ASCII.comma)
                        stack[top].next += 1
                        current = stack[top].elements[next]
                        continue nextValue
                    }
                    output.append(ASCII.closeBracket)
                }
                stack.removeLast()
            }
            return
        }
    }

    /// The compact JSON text of `value`.
    /// - Parameter value: The value to write.
    /// - Returns: JSON text, as `write(_:into:)` produces it.
    public static func string(_ value: JSONValue) -> String {
        var output: [UInt8] = []
        write(value, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// A non-empty array or object being written.
    private struct OpenContainer {
        /// The elements, when this is an array.
        var elements: [JSONValue]
        /// The members, when this is an object.
        var members: [JSONObject.Member]
        /// The index of the next element or member to write.
        var next: Int
    }

    private static func appendASCII(_ text: String, to output: inout [UInt8]) {
        text.withUTF8Bytes { output.append(copying: $0) }
    }

    /// Appends number text as it is when it is a JSON number, else quoted.
    private static func writeNumber(_ text: String, into output: inout [UInt8]) {
        let written = text.withUTF8Bytes { bytes in
            guard JSONNumberGrammar.isNumber(bytes) else { return false }
            output.append(copying: bytes)
            return true
        }
        if !written {
            writeString(text, into: &output)
        }
    }

    /// Appends `text` as a quoted JSON string.
    ///
    /// Runs of bytes that need no escape are found eight at a time and
    /// copied in one go.
    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(ASCII.quote)
        text.withUTF8Bytes { bytes in
            let count = bytes.count
            var runStart = 0
            var index = 0
            while true {
                index = StringByteScanner.firstSpecialByte(in: bytes, from: index, threshold: 0x7F)
                guard index < count else { break }
                let byte = bytes[index]
                // The character to escape here, if any, and its length.
                var code: UInt32?
                var length = 1
                if byte < 0x80 {
                    code = UInt32(byte)  // a control character, DEL, '"' or '\'
                } else if byte == 0xC2 {
                    length = 2
                    if index + 1 < count, bytes[index + 1] < 0xA0 {
                        code = UInt32(bytes[index + 1])  // U+0080–U+009F, the C1 controls
                    }
                } else if byte == 0xE2 {
                    length = 3
                    if index + 2 < count, bytes[index + 1] == 0x80 || bytes[index + 1] == 0x81 {
                        let third = bytes[index + 2]
                        let scalar = (bytes[index + 1] == 0x80 ? 0x2000 : 0x2040) | UInt32(third & 0x3F)
                        // U+2028, U+2029 (they break JavaScript strings), and the
                        // bidi controls U+200E–200F, U+202A–202E and U+2066–2069, so
                        // that output shown in a terminal cannot reorder its text.
                        switch scalar {
                        case 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: code = scalar
                        default: break
                        }
                    }
                } else {
                    length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                }
                if let code {
                    output.append(copying: bytes.extracting(runStart..<index))
                    appendEscape(code, to: &output)
                    runStart = index + length
                }
                index = min(index + length, count)
            }
            output.append(copying: bytes.extracting(runStart..<count))
        }
        output.append(ASCII.quote)
    }

    /// Appends the escape of a character that must not appear raw.
    private static func appendEscape(_ code: UInt32, to output: inout [UInt8]) {
        output.append(ASCII.backslash)
        switch code {
        case 0x22: output.append(ASCII.quote)
        case 0x5C: output.append(ASCII.backslash)
        case 0x08: output.append(0x62)  // b
        case 0x0C: output.append(0x66)  // f
        case 0x0A: output.append(0x6E)  // n
        case 0x0D: output.append(0x72)  // r
        case 0x09: output.append(0x74)  // t
        default:
            output.append(0x75)  // u
            for shift in stride(from: 12, through: 0, by: -4) {
                let nibble = UInt8(code >> UInt32(shift) & 0xF)
                output.append(nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10)
            }
        }
    }
}
