/// A strict RFC 4180 reader and a number test, written apart from the code
/// under test, to check the CSV it writes.
public enum CSVCheck {
    /// A way the text breaks RFC 4180.
    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
    }

    /// The records of `text`: fields separated by commas, records ending in
    /// CRLF; a quoted field may hold commas, line breaks and doubled quotes.
    public static func records(_ text: String) throws(Malformed) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        var quoted = false
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"" where field.isEmpty && !quoted:
                quoted = true
                while true {
                    guard let next = scalars.popFirst() else { throw Malformed(description: "an unclosed quote") }
                    if next == "\"" {
                        if scalars.first == "\"" {
                            scalars.removeFirst()
                            field.append("\"")
                        } else {
                            break
                        }
                    } else {
                        field.append(next)
                    }
                }
                guard let after = scalars.first, after == "," || after == "\r" else {
                    throw Malformed(description: "text after a closing quote")
                }
            case "\"":
                throw Malformed(description: "a quote inside an unquoted field")
            case ",":
                record.append(String(field))
                field = String.UnicodeScalarView()
                quoted = false
            case "\r":
                guard scalars.popFirst() == "\n" else { throw Malformed(description: "a CR outside quotes") }
                record.append(String(field))
                records.append(record)
                record = []
                field = String.UnicodeScalarView()
                quoted = false
            case "\n":
                throw Malformed(description: "a bare LF outside quotes")
            default:
                field.append(scalar)
            }
        }
        guard record.isEmpty && field.isEmpty else { throw Malformed(description: "no CRLF after the last record") }
        return records
    }

    /// An optional sign, digits with an optional fraction, an optional exponent.
    public static func isPlainNumber(_ text: String) -> Bool {
        var scalars = text.unicodeScalars[...]
        func digits() -> Int {
            let count = scalars.prefix { ("0"..."9").contains($0) }.count
            scalars = scalars.dropFirst(count)
            return count
        }
        if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
        var count = digits()
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            count += digits()
        }
        guard count > 0 else { return false }
        if scalars.first == "e" || scalars.first == "E" {
            scalars = scalars.dropFirst()
            if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return scalars.isEmpty
    }
}
