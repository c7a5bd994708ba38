/// Parses comma- or tab-separated values per RFC 4180: quoted fields may hold
/// the delimiter, `""` and line breaks; rows end at LF, CRLF or CR.
///
/// It reads as the bytes arrive: each call parses the complete rows of the
/// bytes given and says how many bytes it is done with; the rest (a row not
/// finished yet) is given again with more bytes after it. So a file of any
/// size is read in the memory of its longest row.
///
/// A stray quote must not swallow the rest of the input. A quoted field that
/// runs across lines is trusted only when it closes and leaves its row with
/// the fields the header has, its closing quote followed by a delimiter or
/// the row's end, and when the row stays within the cap on a row's bytes.
/// Otherwise the parser reports the row, skips its first line, and reads on
/// from the next line (as csvkit and DuckDB recover). Over the lines the bad
/// row covered, a quoted field may not run across lines again, which keeps
/// the reading linear in the input's size.
struct CSVParser {
    let delimiter: UInt8
    /// The most bytes a row may take; a longer one is given up on.
    let maxRowBytes: Int
    /// The number of the line the next call starts on.
    private(set) var line = 1
    /// Up to this offset in the whole input, a quoted field that reaches a
    /// line break is given up on at once.
    private var guardedUntil = 0
    /// The offset in the whole input of the first byte of the next call.
    private var base = 0

    init(delimiter: UInt8, maxRowBytes: Int = .max) {
        self.delimiter = delimiter
        self.maxRowBytes = maxRowBytes
    }

    /// One row, with the lines it starts and ends on.
    struct Row {
        var fields: [String]
        var line: Int
        var lastLine: Int
        /// The first field (from 0) whose bytes are not valid UTF-8: its
        /// text holds U+FFFD where they were.
        var invalidUTF8Field: Int? = nil
    }

    /// What the caller makes of a row.
    enum Verdict {
        /// Read (or reported by the caller).
        case taken
        /// Its fields do not line up with the header; a row that runs across
        /// lines is then read again from its second line.
        case misaligned
    }

    /// Calls `row` with each complete row of `bytes`, and `problem` with each
    /// row given up on.
    /// - Parameters:
    ///   - bytes: The bytes not done with yet, then those read since.
    ///   - atEnd: Whether the input ends with `bytes`.
    /// - Returns: How many bytes at the start of `bytes` are done with; the
    ///   others start a row that needs more bytes, or the line over the cap
    ///   that ``skipLine(in:)`` drops.
    mutating func parse(
        _ bytes: Span<UInt8>,
        atEnd: Bool,
        _ row: (Row) -> Verdict,
        problem: (CSVProblem) -> Void
    ) -> Outcome {
        var offset = 0
        if base == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
        while true {
            switch parseRows(bytes, from: offset, atEnd: atEnd, row) {
            case .done:
                base += bytes.count
                return .done(bytes.count)
            case .needsMore(let rowStart, let rowLine):
                base += rowStart
                line = rowLine
                return .done(rowStart)
            case .overLong(let rowStart, let rowLine):
                base += rowStart
                line = rowLine
                return .overLong(consumed: rowStart, line: rowLine)
            case .stop(let stop):
                var reported = stop.problem
                reported.readsOn = stop.resumeOffset < bytes.count || !atEnd
                problem(reported)
                offset = stop.resumeOffset
                line = stop.resumeLine
                guardedUntil = max(guardedUntil, base + stop.guardedUntil)
                if offset >= bytes.count {
                    base += bytes.count
                    return .done(bytes.count)
                }
            }
        }
    }

    /// What a call of ``parse(_:atEnd:_:problem:)`` did.
    enum Outcome: Equatable {
        /// It is done with this many bytes.
        case done(Int)
        /// It is done with `consumed` bytes; the line after them (number
        /// `line`) holds no quoted line break and is over the cap: the caller
        /// reports it and drops it with ``skipLine(in:)``.
        case overLong(consumed: Int, line: Int)
    }

    /// Drops the start of the line over the cap; returns how many bytes of
    /// `bytes` it took, and whether its line break was among them.
    mutating func skipLine(in bytes: Span<UInt8>) -> (consumed: Int, ended: Bool) {
        var newline = 0
        while newline < bytes.count, bytes[newline] != 0x0A { newline += 1 }
        guard newline < bytes.count else {
            base += bytes.count
            return (bytes.count, false)
        }
        base += newline + 1
        line += 1
        return (newline + 1, true)
    }

    /// Where parsing stopped among the bytes given.
    private enum Stopped {
        case done
        case needsMore(rowStart: Int, rowLine: Int)
        case overLong(rowStart: Int, rowLine: Int)
        case stop(Stop)
    }

    /// Where parsing gave up on a row, and where it reads on.
    private struct Stop {
        var problem: CSVProblem
        var resumeOffset: Int
        var resumeLine: Int
        var guardedUntil: Int
    }

    /// Parses rows from `start` (a line start, numbered ``line``) up to the
    /// end of `bytes`, or up to the first row given up on or not complete.
    /// Before ``guardedUntil``, a quoted field that reaches a line break is
    /// given up on at once: it is known not to close well.
    private func parseRows(
        _ bytes: Span<UInt8>,
        from start: Int,
        atEnd: Bool,
        _ row: (Row) -> Verdict
    ) -> Stopped {
        let quote = UInt8(ascii: "\"")
        let guardedUntil = self.guardedUntil - base
        var fields: [String] = []
        var field: [UInt8] = []
        var index = start
        var line = self.line
        var rowLine = line
        var rowStart = start
        // Just past the first line break inside a quoted field of this row.
        var rowSecondLine: Int?
        var inQuotes = false
        // The line the open quoted field started on.
        var quoteLine = line
        var fieldStarted = false
        let count = bytes.count

        var invalidUTF8Field: Int?
        func endField() {
            if let text = String(validating: field, as: UTF8.self) {
                fields.append(text)
            } else {
                if invalidUTF8Field == nil { invalidUTF8Field = fields.count }
                fields.append(String(decoding: field, as: UTF8.self))
            }
            field.removeAll(keepingCapacity: true)
            fieldStarted = false
        }
        /// Gives up on the row that started on `rowLine`, reading on from its second line.
        func giveUp(_ problem: CSVProblem, guarding end: Int) -> Stopped {
            .stop(
                Stop(
                    problem: problem, resumeOffset: rowSecondLine ?? count, resumeLine: rowLine + 1,
                    guardedUntil: end))
        }
        /// The end of the bytes given, inside a row that started at `rowStart`.
        func endOfBytes() -> Stopped {
            if count - rowStart > maxRowBytes {
                if rowSecondLine != nil {
                    return giveUp(CSVProblem(line: rowLine, kind: .unterminatedQuote), guarding: count)
                }
                return .overLong(rowStart: rowStart, rowLine: rowLine)
            }
            return .needsMore(rowStart: rowStart, rowLine: rowLine)
        }

        while index < count {
            let byte = bytes[index]
            if inQuotes {
                if byte == quote {
                    if index + 1 < count, bytes[index + 1] == quote {
                        field.append(byte)
                        index += 1
                    } else if index + 1 == count, !atEnd {
                        // A doubled quote or the field's end: the next byte says.
                        return endOfBytes()
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
                if byte == 0x0D {
                    if index + 1 < count, bytes[index + 1] == 0x0A {
                        index += 1
                    } else if index + 1 == count, !atEnd {
                        return endOfBytes()
                    }
                }
                endField()
                if !(fields.count == 1 && fields[0].isEmpty) {
                    let verdict = row(
                        Row(fields: fields, line: rowLine, lastLine: line, invalidUTF8Field: invalidUTF8Field))
                    if verdict == .misaligned, line > rowLine {
                        return giveUp(
                            CSVProblem(
                                line: rowLine, kind: .misalignedQuote(lastLine: line, fields: fields.count)),
                            guarding: index + 1)
                    }
                }
                fields.removeAll(keepingCapacity: true)
                invalidUTF8Field = nil
                line += 1
                rowLine = line
                rowStart = index + 1
                rowSecondLine = nil
            } else {
                field.append(byte)
                fieldStarted = true
            }
            index += 1
        }
        guard atEnd else { return endOfBytes() }
        if inQuotes {
            return giveUp(CSVProblem(line: rowLine, kind: .unterminatedQuote), guarding: count)
        }
        if fieldStarted || !field.isEmpty || !fields.isEmpty {
            endField()
            let verdict = row(Row(fields: fields, line: rowLine, lastLine: line, invalidUTF8Field: invalidUTF8Field))
            if verdict == .misaligned, line > rowLine {
                return giveUp(
                    CSVProblem(line: rowLine, kind: .misalignedQuote(lastLine: line, fields: fields.count)),
                    guarding: count)
            }
        }
        return .done
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
