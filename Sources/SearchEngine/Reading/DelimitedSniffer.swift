/// Tells CSV and TSV from other text by their first lines, so that a file
/// listing, a log or prose is not read as a table: `ls` prints names one per
/// line, and a sentence with a comma is not a header.
///
/// Content is TSV (tried first, since text fields often hold commas) or CSV
/// when its first line is a header and the lines after it are rows:
/// - the header has at least two fields, and every field that is not empty
///   looks like a column's name: at most 64 bytes, holding a letter, no
///   white space around it, at most four spaces inside, and none of the
///   punctuation of prose or code (`!?;<>{}[]|\` and the like);
/// - at least one row follows, and at least four in five of the rows seen
///   have exactly the header's number of fields (quoted fields counted as
///   RFC 4180 says, within one line).
enum DelimitedSniffer {
    /// How many lines after the header are looked at.
    static let rowsLooked = 64

    /// TSV, CSV or `nil`, for content starting with `head` (after any byte-order mark).
    static func format(of head: ArraySlice<UInt8>, atEnd: Bool) -> DataFormat? {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        while lines.count <= rowsLooked, let newline = head[start...].firstIndex(of: 0x0A) {
            var line = head[start..<newline]
            if line.last == 0x0D { line = line.dropLast() }
            lines.append(line)
            start = newline + 1
        }
        if atEnd, start < head.endIndex, lines.count <= rowsLooked {
            var line = head[start...]
            if line.last == 0x0D { line = line.dropLast() }
            lines.append(line)
        }
        guard let header = lines.first else { return nil }
        let rows = lines.dropFirst().filter { line in !line.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
        guard !rows.isEmpty else { return nil }
        for (format, delimiter) in delimiters {
            guard let fields = headerFields(header, delimiter: delimiter) else { continue }
            let aligned = rows.filter { fieldCount(of: $0, delimiter: delimiter) == fields.count }.count
            if aligned * 5 >= rows.count * 4 { return format }
        }
        return nil
    }

    /// The formats tried, with their delimiters, in order.
    private static let delimiters = [(DataFormat.tsv, UInt8(0x09)), (.csv, UInt8(ascii: ","))]

    /// The fields of `line` (without its line break) as a header split at
    /// `delimiter`: at least two that are not empty, and each a column's
    /// name or empty; else `nil`.
    private static func headerFields(_ line: ArraySlice<UInt8>, delimiter: UInt8) -> [ArraySlice<UInt8>]? {
        guard let fields = fields(of: line, delimiter: delimiter), fields.count >= 2,
            fields.filter({ !$0.isEmpty }).count >= 2, fields.allSatisfy({ $0.isEmpty || looksLikeName($0) })
        else { return nil }
        return fields
    }

    /// Whether `line` (without its line break) may be the header of TSV or
    /// CSV. When the first line may not, no line after it makes the content
    /// a table.
    static func mayBeHeader(_ line: ArraySlice<UInt8>) -> Bool {
        var line = line
        if line.last == 0x0D { line = line.dropLast() }
        return delimiters.contains { headerFields(line, delimiter: $0.1) != nil }
    }

    /// The fields of one line, unquoted; `nil` when a quote is left open.
    static func fields(of line: ArraySlice<UInt8>, delimiter: UInt8) -> [ArraySlice<UInt8>]? {
        var fields: [ArraySlice<UInt8>] = []
        var index = line.startIndex
        while true {
            if index < line.endIndex, line[index] == UInt8(ascii: "\"") {
                // A quoted field: up to the quote not doubled.
                var end = index + 1
                while true {
                    guard let quote = line[end...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                    if quote + 1 < line.endIndex, line[quote + 1] == UInt8(ascii: "\"") {
                        end = quote + 2
                        continue
                    }
                    fields.append(line[(index + 1)..<quote])
                    index = quote + 1
                    break
                }
                guard index == line.endIndex || line[index] == delimiter else { return nil }
            } else {
                let end = line[index...].firstIndex(of: delimiter) ?? line.endIndex
                fields.append(line[index..<end])
                index = end
            }
            guard index < line.endIndex else { return fields }
            index += 1
        }
    }

    /// How many fields a line holds; `-1` when a quote is left open.
    static func fieldCount(of line: ArraySlice<UInt8>, delimiter: UInt8) -> Int {
        fields(of: line, delimiter: delimiter)?.count ?? -1
    }

    /// Whether `field` looks like a column's name.
    static func looksLikeName(_ field: ArraySlice<UInt8>) -> Bool {
        guard field.count <= 64, let first = field.first, let last = field.last, first != 0x20, last != 0x20
        else { return false }
        var hasLetter = false
        var spaces = 0
        for byte in field {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), 0x80...0xFF:
                hasLetter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                break
            case 0x20:
                spaces += 1
            case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ")"),
                UInt8(ascii: "/"), UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: ":"), UInt8(ascii: "@"),
                UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "+"), UInt8(ascii: "*"):
                break
            default:
                return false
            }
        }
        return hasLetter && spaces <= 4
    }
}
