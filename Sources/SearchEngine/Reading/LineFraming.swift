/// What wraps the records of a file whose lines are read as records: nothing
/// (NDJSON), or a JSON array with one element per line, as exporters write
/// one (`[` and `]` on lines of their own or around the first and last
/// element, a comma after each element but the last). Such an array is read
/// in blocks on every core, as NDJSON is, each line's element without the
/// punctuation around it.
package enum LineFraming: Sendable {
    /// Each line is a record.
    case ndjson
    /// Each line is an element of a top-level array, with its punctuation.
    case arrayElementPerLine

    /// Where in `line` the record it holds lies, without the array's
    /// punctuation: the opening `[` of the first line, a comma after the
    /// element, the closing `]`; a line of punctuation alone holds nothing
    /// (an empty range).
    func content(of line: Span<UInt8>, isFirstLine: Bool) -> Range<Int> {
        guard self == .arrayElementPerLine else { return 0..<line.count }
        var start = 0
        var end = line.count
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        while end > start, isSpace(line[end - 1]) { end -= 1 }
        if isFirstLine {
            // A byte-order mark, then the array's `[`.
            if end - start >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF { start = 3 }
            while start < end, isSpace(line[start]) { start += 1 }
            if start < end, line[start] == UInt8(ascii: "[") { start += 1 }
        }
        // `,` after an element, `]` after the last (an element is an object, so
        // a `]` after its `}` closes the array).
        while end > start, line[end - 1] == UInt8(ascii: ",") || isSpace(line[end - 1]) { end -= 1 }
        if end > start, line[end - 1] == UInt8(ascii: "]") {
            var before = end - 1
            while before > start, isSpace(line[before - 1]) { before -= 1 }
            if before == start || line[before - 1] == UInt8(ascii: "}") { end = before }
        }
        return start..<max(start, end)
    }
}
