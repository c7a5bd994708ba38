import ResultKit
import StreamingJSON
import TerminalTable

/// The view model of a record of a spec kind: NAME from the template or the
/// `name` field, one formatted cell per column, and up to the spec's
/// `rowHeight` lines for text that does not fit its column.
struct SpecRow: CellRepresentable {
    let name: String
    /// One cell per column, formatted and checked when the row is made.
    let detailCells: [Cell]
    /// NAME's width, then each cell's width capped at its column's `maxWidth`.
    let widths: [Int]
    /// The spec's `rowHeight`: the most lines the row takes.
    let rowHeight: Int

    /// Builds the row of `object`, or says which field does not fit the spec.
    ///
    /// Rows are made only for records that match, so the cells are measured
    /// here, once, rather than each time the table asks.
    init(spec: KindSpec, maxWidths: [Int?], object: JSONObject) throws(RecordDecodingError) {
        self.name = try Self.name(spec: spec, object: object)
        var cells: [Cell] = []
        cells.reserveCapacity(spec.columns.count)
        for column in spec.columns {
            let (text, style) = try Self.cell(column, in: object, spec: spec)
            cells.append(Cell(text, style: style))
        }
        self.detailCells = cells
        self.widths =
            [Cell(name).displayWidth]
            + zip(cells, maxWidths).map { cell, maxWidth in min(cell.displayWidth, maxWidth ?? Int.max) }
        // The table takes as many of these lines as the cells need at the widths it settles.
        self.rowHeight = max(1, spec.rowHeight)
    }

    func cellWidths(for details: [Cell]) -> [Int] { widths }

    private static func name(spec: KindSpec, object: JSONObject) throws(RecordDecodingError) -> String {
        if let template = spec.nameTemplate { return try template.render(object) }
        guard let value = object["name"], value != .null else { throw RecordDecodingError("missing field \"name\"") }
        guard let text = value.scalarText else {
            throw RecordDecodingError("field \"name\" must be a string, not \(value.typeName)")
        }
        guard !text.isEmpty else { throw RecordDecodingError("field \"name\" is empty") }
        return text
    }

    /// The text and style of `column`'s cell: the value checked against the
    /// column's type and written in its format.
    static func cell(_ column: KindSpec.Column, in object: JSONObject, spec: KindSpec) throws(RecordDecodingError)
        -> (String, CellStyle)
    {
        let label = column.field
        guard let value = column.path.resolve(in: object), value != .null, !isBlank(value, type: column.type) else {
            if column.isRequired { throw RecordDecodingError("missing field \"\(label)\"") }
            return (column.missingText, column.style)
        }
        let raw = text(of: value) ?? ""
        let shown: String
        switch column.type {
        case .string:
            guard let text = text(of: value) else {
                throw RecordDecodingError("field \"\(label)\" must be text, not \(value.typeName)")
            }
            shown = text
        case .number, .integer:
            let number = try self.number(value, label: label, integer: column.type == .integer)
            shown = try formatted(number, raw: raw, format: column.format, label: label, object: object)
        case .bool:
            shown = try boolean(value, label: label) ? "true" : "false"
        case .date:
            let seconds = try date(value, label: label)
            switch column.format {
            case .date: shown = CalendarDate.isoDate(seconds)
            case .relativeDate: shown = CalendarDate.relative(seconds, now: spec.referenceTime)
            default: shown = raw
            }
        }
        return (shown, column.styles[raw] ?? column.style)
    }

    private static func formatted(
        _ number: Double,
        raw: String,
        format: KindSpec.ValueFormat,
        label: String,
        object: JSONObject
    ) throws(RecordDecodingError) -> String {
        switch format {
        case .plain, .date, .relativeDate:
            return raw.trimmingSpaces.isEmpty ? raw : String(raw.trimmingSpaces)
        case .number(let decimals):
            return SpecValueFormatter.number(number, decimals: decimals)
        case .currency(let code, let codePath, let decimals):
            var currency = code
            if let codePath, let value = codePath.resolve(in: object), value != .null {
                guard let text = value.stringValue, KindSpecDecoder.isCurrencyCode(text.uppercased()) else {
                    let shown = value.stringValue.map { "\"\($0)\"" } ?? value.typeName
                    throw RecordDecodingError(
                        "field \"\(codePath.topLevelKey ?? codePath.description)\": \(shown) is not an ISO 4217 code"
                    )
                }
                currency = text.uppercased()
            }
            return SpecValueFormatter.currency(number, code: currency, decimals: decimals)
        case .stars(let outOf):
            guard number >= 0 && number <= Double(outOf) else {
                throw RecordDecodingError("field \"\(label)\" must be from 0 to \(outOf), not \(raw)")
            }
            return SpecValueFormatter.stars(number, outOf: outOf)
        case .percent(let decimals):
            return SpecValueFormatter.percent(number, decimals: decimals)
        case .bytes:
            guard number >= 0 else { throw RecordDecodingError("field \"\(label)\" is a negative byte count") }
            return SpecValueFormatter.bytes(number)
        }
    }

    /// A scalar as written, or an array of scalars joined with `, `.
    static func text(of value: JSONValue) -> String? {
        if let text = value.scalarText { return text }
        guard case .array(let elements) = value, elements.count <= 1_000 else { return nil }
        var parts: [String] = []
        for element in elements {
            guard let text = element.scalarText else { return nil }
            parts.append(text)
        }
        return parts.joined(separator: ", ")
    }

    /// An empty or blank string where a number, bool or date is expected, as
    /// CSV writes a missing value.
    private static func isBlank(_ value: JSONValue, type: KindSpec.ValueType) -> Bool {
        guard type != .string, case .string(let text) = value else { return false }
        return text.trimmingSpaces.isEmpty
    }

    private static func number(_ value: JSONValue, label: String, integer: Bool) throws(RecordDecodingError) -> Double {
        let number: Double?
        switch value {
        case .number(let literal): number = Double(literal)
        case .string(let text): number = Double(text.trimmingSpaces)
        default: throw RecordDecodingError("field \"\(label)\" must be a number, not \(value.typeName)")
        }
        guard let number, number.isFinite else {
            let shown = value.stringValue.map { "\"\($0)\"" } ?? (value.scalarText ?? value.typeName)
            throw RecordDecodingError("field \"\(label)\" must be a number, not \(shown)")
        }
        if integer && number != number.rounded() {
            throw RecordDecodingError("field \"\(label)\" must be a whole number, not \(value.scalarText ?? "")")
        }
        return number
    }

    private static func boolean(_ value: JSONValue, label: String) throws(RecordDecodingError) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .string(let text) where text.trimmingSpaces.lowercased() == "true": return true
        case .string(let text) where text.trimmingSpaces.lowercased() == "false": return false
        case .string(let text): throw RecordDecodingError("field \"\(label)\" must be true or false, not \"\(text)\"")
        default: throw RecordDecodingError("field \"\(label)\" must be true or false, not \(value.typeName)")
        }
    }

    private static func date(_ value: JSONValue, label: String) throws(RecordDecodingError) -> Int64 {
        switch value {
        case .string(let text):
            guard let seconds = CalendarDate.parse(text.trimmingSpaces) else {
                throw RecordDecodingError("field \"\(label)\": \"\(text)\" is not an ISO 8601 date such as 2024-05-01")
            }
            return seconds
        case .number(let literal):
            guard let seconds = Double(literal), seconds.isFinite,
                seconds >= Double(CalendarDate.range.lowerBound), seconds <= Double(CalendarDate.range.upperBound)
            else {
                throw RecordDecodingError("field \"\(label)\": \(literal) is out of range for seconds since 1970")
            }
            return Int64(seconds.rounded(.down))
        default:
            throw RecordDecodingError("field \"\(label)\" must be a date, not \(value.typeName)")
        }
    }
}
