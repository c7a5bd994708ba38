/// Parses comma- or tab-separated values per RFC 4180: quoted fields may hold
/// the delimiter, `""` and line breaks; rows end at LF, CRLF or CR.
///
/// A stray quote must not swallow the rest of the input. A quoted field that
/// runs across lines is trusted only when it closes and leaves its row with
/// the fields the header has, its closing quote followed by a delimiter or
/// the row's end. Otherwise the parser reports the row, skips
/// its first line, and reads on from the next line (as csvkit and DuckDB
/// recover). Over the lines the bad row covered, a quoted field may not run
/// across lines again, which keeps the reading linear in the input's size.
struct CSVParser {
    let delimiter: UInt8

    /// One row, with the lines it starts and ends on.
    struct Row {
        var fields: [String]
        var line: Int
        var lastLine: Int
    }

    /// What the caller makes of a row.
    enum Verdict {
        /// Read (or reported by the caller).
        case taken
        /// Its fields do not line up with the header; a row that runs across
        /// lines is then read again from its second line.
        case misaligned
    }

    /// Calls `row` with each row, and `problem` with each row given up on.
    func forEachRow(
        in bytes: UnsafeRawBufferPointer,
        _ row: (Row) -> Verdict,
        problem: (CSVProblem) -> Void
    ) {
        var offset = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
        var line = 1
        var guardedUntil = 0
        while offset < bytes.count {
            guard let stop = parse(bytes, from: offset, line: line, guardedUntil: guardedUntil, row) else { return }
            var reported = stop.problem
            reported.readsOn = stop.resumeOffset < bytes.count
            problem(reported)
            offset = stop.resumeOffset
            line = stop.resumeLine
            guardedUntil = max(guardedUntil, stop.guardedUntil)
        }
    }

    /// Where parsing gave up on a row, and where it reads on.
    private struct Stop {
        var problem: CSVProblem
        var resumeOffset: Int
        var resumeLine: Int
        var guardedUntil: Int
    }

    /// Parses rows from `start` (a line start, numbered `line`) to the end,
    /// or up to the first row given up on. Before offset `guardedUntil`, a
    /// quoted field that reaches a line break is given up on at once: it is
    /// known not to close well.
    private func parse(
        _ bytes: UnsafeRawBufferPointer,
        from start: Int,
        line firstLine: Int,
        guardedUntil: Int,
        _ row: (Row) -> Verdict
    ) -> Stop? {
        let quote = UInt8(ascii: "\"")
        var fields: [String] = []
        var field: [UInt8] = []
        var index = start
        var line = firstLine
        var rowLine = firstLine
        // Just past the first line break inside a quoted field of this row.
        var rowSecondLine: Int?
        var inQuotes = false
        // The line the open quoted field started on.
        var quoteLine = firstLine
        var fieldStarted = false
        let count = bytes.count

        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldStarted = false
        }
        /// Gives up on the row that started on `rowLine`, reading on from its second line.
        func giveUp(_ problem: CSVProblem, guarding end: Int) -> Stop {
            Stop(
                problem: problem, resumeOffset: rowSecondLine ?? count, resumeLine: rowLine + 1,
                guardedUntil: end)
        }

        while index < count {
            let byte = bytes[index]
            if inQuotes {
                if byte == quote {
                    if index + 1 < count, bytes[index + 1] == quote {
                        field.append(byte)
                        index += 1
                    } else {
                        inQuotes = false
                        // A field over several lines must close as RFC 4180
                        // says: its closing quote is followed by a delimiter
                        // or the row's end. Else its opening quote was a stray.
                        if line > quoteLine, index + 1 < count {
                            let next = bytes[index + 1]
                            if next != delimiter && next != 0x0A && next != 0x0D {
                                return giveUp(
                                    CSVProblem(line: rowLine, kind: .strayQuote(closingLine: line)),
                                    guarding: index + 1)
                            }
                        }
                    }
                } else {
                    if byte == 0x0A {
                        if rowSecondLine == nil { rowSecondLine = index + 1 }
                        if index < guardedUntil {
                            return giveUp(CSVProblem(line: rowLine, kind: .unterminatedQuote), guarding: guardedUntil)
                        }
                        line += 1
                    }
                    field.append(byte)
                }
            } else if byte == quote && !fieldStarted {
                inQuotes = true
                fieldStarted = true
                quoteLine = line
            } else if byte == delimiter {
                endField()
            } else if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
                endField()
                if !(fields.count == 1 && fields[0].isEmpty) {
                    let verdict = row(Row(fields: fields, line: rowLine, lastLine: line))
                    if verdict == .misaligned, line > rowLine {
                        return giveUp(
                            CSVProblem(
                                line: rowLine, kind: .misalignedQuote(lastLine: line, fields: fields.count)),
                            guarding: index + 1)
                    }
                }
                fields.removeAll(keepingCapacity: true)
                line += 1
                rowLine = line
                rowSecondLine = nil
            } else {
                field.append(byte)
                fieldStarted = true
            }
            index += 1
        }
        if inQuotes {
            return giveUp(CSVProblem(line: rowLine, kind: .unterminatedQuote), guarding: count)
        }
        if fieldStarted || !field.isEmpty || !fields.isEmpty {
            endField()
            let verdict = row(Row(fields: fields, line: rowLine, lastLine: line))
            if verdict == .misaligned, line > rowLine {
                return giveUp(
                    CSVProblem(line: rowLine, kind: .misalignedQuote(lastLine: line, fields: fields.count)),
                    guarding: count)
            }
        }
        return nil
    }
}

/// A row of CSV or TSV given up on: its first line is skipped and reading
/// goes on from the next.
struct CSVProblem: Equatable {
    /// The line the row starts on.
    var line: Int
    var kind: Kind
    /// Whether lines follow it, from which reading goes on.
    var readsOn = false

    enum Kind: Equatable {
        /// A quote opened in the row is never closed.
        case unterminatedQuote
        /// A quoted field runs to `lastLine` and leaves the row with `fields`
        /// fields, not the header's.
        case misalignedQuote(lastLine: Int, fields: Int)
        /// A quoted field runs to `closingLine`, where its closing quote is
        /// followed by more of the field.
        case strayQuote(closingLine: Int)
    }
}
