import ResultKit
import StreamingJSON
import TerminalTable

/// The view model of a record of a spec kind: NAME from the template or the
/// `name` field, one formatted cell per column, and up to the spec's
/// `rowHeight` lines for text that does not fit its column.
///
/// One odd value never drops a record: a value that does not fit its
/// column's type is shown as written (an object, which cannot be, as the
/// column's missing text), and the row carries a note naming the column.
/// Only a missing NAME, or a missing value of a `required` column, rejects it.
struct SpecRow: CellRepresentable {
    let name: String
    /// One cell per column, formatted and checked when the row is made.
    let detailCells: [Cell]
    /// NAME's width, then each cell's width capped at its column's `maxWidth`.
    let widths: [Int]
    /// The spec's `rowHeight`: the most lines the row takes.
    let rowHeight: Int
    /// What did not fit its column, one note per column at most.
    let notes: [RecordNote]

    /// Builds the row of `object`, or says which field it lacks.
    ///
    /// Rows are made only for records that match, so the cells are measured
    /// here, once, rather than each time the table asks.
    init(spec: KindSpec, maxWidths: [Int?], usage: ColumnUsage?, object: JSONObject) throws(RecordDecodingError) {
        self.name = try Self.name(spec: spec, object: object)
        var cells: [Cell] = []
        cells.reserveCapacity(spec.columns.count)
        var notes: [RecordNote] = []
        var filled: UInt64 = 0
        for (index, column) in spec.columns.enumerated() {
            let cell = try Self.cell(column, in: object, spec: spec)
            cells.append(Cell(cell.text, style: cell.style))
            if let note = cell.note { notes.append(RecordNote(key: "column:\(index)", note)) }
            if cell.hasValue && index < 64 { filled |= 1 << UInt64(index) }
        }
        usage?.record(filled)
        self.detailCells = cells
        self.notes = notes
        self.widths =
            [Cell(name).displayWidth]
            + zip(cells, maxWidths).map { cell, maxWidth in min(cell.displayWidth, maxWidth ?? Int.max) }
        // The table takes as many of these lines as the cells need at the widths it settles.
        self.rowHeight = max(1, spec.rowHeight)
    }

    func cellWidths(for details: [Cell]) -> [Int] { widths }

    private static func name(spec: KindSpec, object: JSONObject) throws(RecordDecodingError) -> String {
        if let template = spec.nameTemplate { return template.render(object) }
        guard let value = object["name"], value != .null else { throw RecordDecodingError("missing field \"name\"") }
        guard let text = value.scalarText else {
            throw RecordDecodingError("field \"name\" must be a string, not \(value.typeName)")
        }
        guard !text.isEmpty else { throw RecordDecodingError("field \"name\" is empty") }
        return text
    }

    /// A column's cell: its text and style, whether the record had a value
    /// there, and what did not fit.
    struct CellContent {
        var text: String
        var style: CellStyle
        var hasValue: Bool
        var note: String?
    }

    /// The cell of `column`: the value checked against the column's type
    /// and written in its format, or as written with a note.
    static func cell(_ column: KindSpec.Column, in object: JSONObject, spec: KindSpec) throws(RecordDecodingError)
        -> CellContent
    {
        guard let value = value(of: column, in: object) else {
            if column.isRequired { throw RecordDecodingError("missing field \"\(column.recordLabel)\"") }
            return CellContent(
                text: column.missingText, style: column.missingStyle ?? column.style, hasValue: false, note: nil)
        }
        guard let raw = SpecValue.text(of: value) else {
            let note =
                "\(column.label) (\(column.sourceDescription)) holds \(value.typeName), shown as "
                + (column.missingText.isEmpty ? "empty" : "\"\(column.missingText)\"")
                + "; name a value inside it, such as \(column.sourceDescription)/\(Self.sampleKey(of: value))"
            return CellContent(
                text: column.missingText, style: column.missingStyle ?? column.style, hasValue: true, note: note)
        }
        let trimmed = String(raw.trimmingSpaces)
        var number: Double?
        var note: String?
        let shown: String
        switch column.type {
        case .string:
            shown = raw
            number = Double(trimmed)
        case .number, .integer:
            switch Self.number(value, integer: column.type == .integer) {
            case .success(let parsed):
                number = parsed
                switch formatted(parsed, raw: trimmed, column: column, object: object) {
                case .success(let text): shown = text
                case .failure(let problem):
                    shown = problem.shown ?? trimmed
                    note = "\(column.label): \(problem.reason)"
                }
            case .failure(let problem):
                shown = trimmed
                note = "\(column.label): \(problem.reason); shown as written"
            }
        case .bool:
            switch trimmed.lowercased() {
            case "true" where value.isBoolOrString: shown = "true"
            case "false" where value.isBoolOrString: shown = "false"
            default:
                shown = trimmed
                note = "\(column.label): \(quoted(value)) is not true or false; shown as written"
            }
        case .date:
            if let date = date(value) {
                number = Double(date.seconds)
                switch column.format {
                case .date: shown = CalendarDate.isoDate(date.seconds, precision: date.precision)
                case .relativeDate: shown = CalendarDate.relative(date.seconds, now: spec.referenceTime)
                default: shown = trimmed
                }
            } else {
                shown = trimmed
                note =
                    "\(column.label): \(quoted(value)) is not an ISO 8601 date (such as 2024-05-01, 2024-05 or "
                    + "2024) or seconds since 1970; shown as written"
            }
        }
        return CellContent(text: shown, style: style(column, raw: raw, number: number), hasValue: true, note: note)
    }

    /// The value a column shows, or `nil` when the record has none there.
    static func value(of column: KindSpec.Column, in object: JSONObject) -> JSONValue? {
        switch column.source {
        case .path(let pointer):
            return SpecValue.value(at: pointer, in: object)
        case .template(let template):
            let filled = template.fill(object)
            return filled.anyValue && !filled.text.trimmingSpaces.isEmpty ? .string(filled.text) : nil
        }
    }

    /// The style of a value: by its text as written, else by the first
    /// range holding its number, else the column's.
    private static func style(_ column: KindSpec.Column, raw: String, number: Double?) -> CellStyle {
        if let style = column.styles[raw] { return style }
        if let number {
            for rule in column.rangeStyles where rule.range.contains(number) { return rule.style }
        }
        return column.style
    }

    /// The rest of a path to a value inside `value`, for a hint: its first
    /// key for an object, `*` (and the first key of its first object) for an array.
    private static func sampleKey(of value: JSONValue) -> String {
        switch value {
        case .object(let object):
            return object.members.first.map { JSONPointer(field: $0.key).description.dropFirst() }.map(String.init)
                ?? "KEY"
        case .array(let elements):
            if case .object(let object)? = elements.first(where: { if case .object = $0 { true } else { false } }),
                let key = object.members.first?.key
            {
                return "*" + JSONPointer(field: key).description
            }
            return "*"
        default:
            return "KEY"
        }
    }

    /// Why a value does not fit, and what to show instead of the value as written.
    struct Problem: Error {
        var reason: String
        var shown: String?
    }

    private static func formatted(
        _ number: Double,
        raw: String,
        column: KindSpec.Column,
        object: JSONObject
    ) -> Result<String, Problem> {
        switch column.format {
        case .plain, .date, .relativeDate:
            return .success(raw)
        case .number(let decimals):
            return .success(SpecValueFormatter.number(number, decimals: decimals))
        case .currency(let code, let codePath, let decimals):
            guard let codePath, let value = SpecValue.value(at: codePath, in: object) else {
                return .success(SpecValueFormatter.currency(number, code: code, decimals: decimals))
            }
            guard let text = value.stringValue, KindSpecDecoder.isCurrencyCode(text.uppercased()) else {
                return .failure(
                    Problem(
                        reason: "\(quoted(value)) at \(codePath) is not an ISO 4217 code; shown in \(code)",
                        shown: SpecValueFormatter.currency(number, code: code, decimals: decimals)))
            }
            return .success(SpecValueFormatter.currency(number, code: text.uppercased(), decimals: decimals))
        case .stars(let outOf):
            guard number >= 0 && number <= Double(outOf) else {
                return .failure(Problem(reason: "\(raw) is not a rating from 0 to \(outOf); shown as written"))
            }
            return .success(SpecValueFormatter.stars(number, outOf: outOf))
        case .percent(let decimals):
            return .success(SpecValueFormatter.percent(number, decimals: decimals))
        case .bytes(let unit, let decimal):
            guard number >= 0 else {
                return .failure(Problem(reason: "\(raw) is a negative size; shown as written"))
            }
            return .success(SpecValueFormatter.bytes(number * unit.size, decimal: decimal))
        }
    }

    /// A scalar as text (an array of scalars joined), for search fields.
    static func text(of value: JSONValue) -> String? {
        SpecValue.isMissing(value) ? nil : SpecValue.text(of: value)
    }

    private static func quoted(_ value: JSONValue) -> String {
        value.stringValue.map { "\"\($0)\"" } ?? (value.scalarText ?? value.typeName)
    }

    private static func number(_ value: JSONValue, integer: Bool) -> Result<Double, Problem> {
        let number: Double?
        switch value {
        case .number(let literal): number = Double(literal)
        case .string(let text): number = Double(text.trimmingSpaces)
        default: number = nil
        }
        guard let number, number.isFinite else {
            return .failure(Problem(reason: "\(quoted(value)) is not a number"))
        }
        if integer && number != number.rounded() {
            return .failure(Problem(reason: "\(quoted(value)) is not a whole number"))
        }
        return .success(number)
    }

    /// A date and how much of it the record gives: a reduced-precision ISO
    /// date (`1813`, `2021-05`) is a date too.
    private static func date(_ value: JSONValue) -> (seconds: Int64, precision: CalendarDate.Precision)? {
        switch value {
        case .string(let text):
            return CalendarDate.parseWithPrecision(text.trimmingSpaces)
        case .number(let literal):
            guard let seconds = Double(literal), seconds.isFinite,
                seconds >= Double(CalendarDate.range.lowerBound), seconds <= Double(CalendarDate.range.upperBound)
            else { return nil }
            return (Int64(seconds.rounded(.down)), .second)
        default:
            return nil
        }
    }
}

extension JSONValue {
    /// Whether the value is a boolean or a string, which a bool column reads.
    fileprivate var isBoolOrString: Bool {
        switch self {
        case .bool, .string: true
        default: false
        }
    }
}

extension KindSpec.Column {
    /// The name a missing required value is reported by: the top-level key
    /// of its path (as a Swift kind names it), else its source.
    var recordLabel: String {
        path?.topLevelKey ?? sourceDescription
    }
}
