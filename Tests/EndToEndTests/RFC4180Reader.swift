/// A small, strict RFC 4180 reader, independent of the code under test, so
/// that the CSV `search` writes is checked by reading it back.
///
/// Fields are separated by commas and records by CRLF (a bare LF is accepted
/// too). A quoted field may hold commas, line breaks and doubled quotes.
struct RFC4180Reader {
    /// A way the text breaks the format.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// The records of `text`, each a list of fields.
    static func records(_ text: String) throws -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var scalars = text.unicodeScalars[...]
        var fieldStarted = false
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"" where !fieldStarted && field.isEmpty:
                fieldStarted = true
                try readQuoted(&scalars, into: &field)
                guard let next = scalars.first, next == "," || next == "\r" || next == "\n" else {
                    if scalars.isEmpty { continue }
                    throw Malformed(description: "text after a closing quote in record \(records.count + 1)")
                }
            case "\"":
                throw Malformed(description: "a quote inside an unquoted field in record \(records.count + 1)")
            case ",":
                record.append(field)
                field = ""
                fieldStarted = false
            case "\r":
                guard scalars.popFirst() == "\n" else {
                    throw Malformed(description: "a bare CR in record \(records.count + 1)")
                }
                fallthrough
            case "\n":
                record.append(field)
                records.append(record)
                record = []
                field = ""
                fieldStarted = false
            default:
                field.unicodeScalars.append(scalar)
                fieldStarted = true
            }
        }
        if fieldStarted || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        return records
    }

    /// Reads a quoted field's body after its opening quote, up to and
    /// including its closing quote.
    private static func readQuoted(_ scalars: inout Substring.UnicodeScalarView, into field: inout String) throws {
        while let scalar = scalars.popFirst() {
            if scalar == "\"" {
                guard scalars.first == "\"" else { return }
                scalars.removeFirst()
            }
            field.unicodeScalars.append(scalar)
        }
        throw Malformed(description: "a quoted field is never closed")
    }
}
