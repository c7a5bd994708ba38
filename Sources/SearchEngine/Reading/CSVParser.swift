/// Parses comma- or tab-separated values per RFC 4180: quoted fields may hold
/// the delimiter, `""` and line breaks; rows end at LF or CRLF.
struct CSVParser {
    let delimiter: UInt8

    /// Calls `body` with each row's fields and the line the row starts on.
    /// A quote left open runs to the end of the input and is reported.
    func forEachRow(
        in bytes: UnsafeRawBufferPointer,
        _ body: (_ fields: [String], _ line: Int) -> Void
    ) -> CSVProblem? {
        var fields: [String] = []
        var field: [UInt8] = []
        var index = 0
        var line = 1
        var rowLine = 1
        var inQuotes = false
        var quoteLine = 0
        var fieldStarted = false
        let count = bytes.count
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }

        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldStarted = false
        }

        while index < count {
            let byte = bytes[index]
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < count, bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if byte == 0x0A { line += 1 }
                    field.append(byte)
                }
            } else if byte == UInt8(ascii: "\"") && !fieldStarted {
                inQuotes = true
                fieldStarted = true
                quoteLine = line
            } else if byte == delimiter {
                endField()
            } else if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
                endField()
                if !(fields.count == 1 && fields[0].isEmpty) { body(fields, rowLine) }
                fields.removeAll(keepingCapacity: true)
                line += 1
                rowLine = line
            } else {
                field.append(byte)
                fieldStarted = true
            }
            index += 1
        }
        if inQuotes {
            return CSVProblem(line: quoteLine, reason: "unterminated quoted field")
        }
        if fieldStarted || !field.isEmpty || !fields.isEmpty {
            endField()
            body(fields, rowLine)
        }
        return nil
    }
}

/// A problem that stops CSV parsing of one source.
struct CSVProblem: Error {
    var line: Int
    var reason: String
}
