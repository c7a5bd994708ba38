import ResultKit
public import SearchEngine
import StreamingJSON
public import TerminalTable
import TextMatching

/// The machine-readable formats: JSON, JSON lines, CSV, TSV, and the
/// Markdown table. Each keeps every record whole or lists its fields.
public enum RecordOutput {
    /// The JSON document:
    /// `{"version":1,"query":…,"total":…,"results":[{"kind":…,"score":…,"tier":…,"field":…,"positions":[…],"record":{…}}]}`.
    ///
    /// `positions` are offsets in Unicode extended grapheme clusters
    /// (user-perceived characters) of the matched field's text.
    /// - Parameters:
    ///   - hits: The results, best first.
    ///   - query: The query as the user wrote it.
    ///   - total: How many records matched, shown or not.
    ///   - fields: When given, each `record` keeps only these fields, in this
    ///     order (`kind` and `name` as shown; a missing field is null).
    ///   - failedShards: When a cluster searched answered without some of
    ///     its shards: those it named. The document then says
    ///     `"partial":true` and lists them in `"failed_shards"`.
    ///   - totalIsLowerBound: Whether more may match than `total`; the
    ///     document then says `"total_is_lower_bound":true`.
    public static func json(
        _ hits: [SearchHit], query: String, total: Int, fields: [String]? = nil, failedShards: [String]? = nil,
        totalIsLowerBound: Bool = false
    ) -> String {
        let document = document(
            hits, query: query, total: total, fields: fields, failedShards: failedShards,
            totalIsLowerBound: totalIsLowerBound)
        return JSONWriter.string(document) + "\n"
    }

    /// The JSON document of ``json(_:query:total:fields:failedShards:totalIsLowerBound:)``, as a value.
    static func document(
        _ hits: [SearchHit], query: String, total: Int, fields: [String]?, failedShards: [String]? = nil,
        totalIsLowerBound: Bool = false
    ) -> JSONValue {
        var members: [JSONObject.Member] = [
            .init(key: "version", value: .number("1")),
            .init(key: "query", value: .string(query)),
            .init(key: "total", value: .number(String(total))),
        ]
        if totalIsLowerBound { members.append(.init(key: "total_is_lower_bound", value: .bool(true))) }
        if let failedShards {
            members.append(.init(key: "partial", value: .bool(true)))
            members.append(.init(key: "failed_shards", value: .array(failedShards.map { .string($0) })))
        }
        members.append(.init(key: "results", value: .array(hits.map { result($0, fields: fields) })))
        return .object(JSONObject(members))
    }

    /// One result object per line, as in ``json(_:query:total:fields:failedShards:totalIsLowerBound:)``.
    public static func jsonLine(_ hit: SearchHit, fields: [String]? = nil) -> String {
        JSONWriter.string(result(hit, fields: fields)) + "\n"
    }

    /// A result as JSON: kind, score, tier, field, positions, record.
    static func result(_ hit: SearchHit, fields: [String]? = nil) -> JSONValue {
        var members: [JSONObject.Member] = [
            .init(key: "kind", value: .string(hit.kind.name)),
            .init(key: "name", value: .string(hit.row.name)),
            .init(key: "score", value: .number(String(hit.rank.score))),
        ]
        if let match = hit.match {
            members.append(.init(key: "tier", value: .string(match.tier.description)))
            members.append(.init(key: "field", value: .string(match.field)))
            members.append(.init(key: "positions", value: .array(match.positions.map { .number(String($0)) })))
        }
        members.append(.init(key: "source", value: .string(hit.record.location.description)))
        members.append(.init(key: "record", value: .object(record(hit, fields: fields))))
        return .object(JSONObject(members))
    }

    /// The record, or only `fields` of it.
    static func record(_ hit: SearchHit, fields: [String]?) -> JSONObject {
        guard let fields else { return hit.record.object }
        let picker = FieldPicker(fields)
        let values = picker.values(of: hit.record.object)
        return JSONObject(
            fields.indices.map { index in
                let field = fields[index]
                let value = values[picker.slots[index]]
                if let declared = declared(field, of: hit) {
                    return .init(key: field, value: declared.value(hit.record.object) ?? .null)
                }
                return switch field {
                case "kind": .init(key: field, value: .string(hit.kind.name))
                case "name" where value == nil: .init(key: field, value: .string(hit.row.name))
                default:
                    .init(
                        key: field, value: value ?? RecordOutput.computed(field, of: hit).map(JSONValue.string) ?? .null
                    )
                }
            }
        )
    }

    /// The field of that name `hit`'s kind declares (`born` for
    /// `/author/born`, see `KindField`), which stands before the record's
    /// own key of that name; not `kind` or `name`.
    static func declared(_ field: String, of hit: SearchHit) -> KindField? {
        let named = hit.kind.namedFields
        guard !named.isEmpty, field != "kind", field != "name" else { return nil }
        return named.first { $0.name == field }
    }

    /// A field the record does not hold but its kind computes for the search
    /// (a card's `symbol` and `color`), as the search sees it.
    static func computed(_ field: String, of hit: SearchHit) -> String? {
        hit.kind.searchFields.first { $0.name == field }?.text(hit.record.object)
    }

    /// A plain table of exactly `fields`, for `--fields` with the table
    /// format. A field that is a number in every record that has it is
    /// right-aligned, as numbers are in the merged table.
    public static func fieldTable(_ hits: [SearchHit], fields: [String], options: RenderOptions) -> String {
        var picker = FieldPicker(fields)
        var numeric = fields.map { $0 != "kind" && $0 != "name" }
        var seen = Array(repeating: false, count: fields.count)
        var rows: [Row] = []
        rows.reserveCapacity(hits.count)
        for hit in hits {
            picker.fill(from: hit.record.object)
            for index in fields.indices where numeric[index] {
                // A field the kind declares is its value, wherever the record holds it.
                let value =
                    if let declared = declared(fields[index], of: hit) {
                        declared.value(hit.record.object)
                    } else {
                        picker.values[picker.slots[index]]
                    }
                switch value {
                case .number?: seen[index] = true
                case nil, .null?: break
                default: numeric[index] = false
                }
            }
            rows.append(Row(fields.indices.map { Cell(picker.text(at: $0, of: hit)) }))
            picker.clear()
        }
        let columns = fields.indices.map { index in
            Column(fields[index].uppercased(), alignment: numeric[index] && seen[index] ? .right : .left)
        }
        return TableRenderer.render([Section(title: nil, columns: columns, rows: rows)], options: options)
    }

    /// The most columns the delimited formats take from the union of the
    /// results' fields: past it, a file of records that each have their own
    /// keys would print rows × keys cells, nearly all empty.
    public static let maxUnionColumns = 1_000

    /// The columns of the delimited formats: `kind`, `name`, then every
    /// record field in the order first seen (at most `limit` columns), or
    /// exactly `fields` when given.
    public static func columns(for hits: [SearchHit], fields: [String]? = nil, limit: Int = maxUnionColumns)
        -> [String]
    {
        fields ?? columnUnion(of: hits, limit: limit).columns
    }

    /// `kind`, `name`, then every record field in the order first seen, cut
    /// to `limit` columns; and how many there are in all.
    public static func columnUnion(of hits: [SearchHit], limit: Int = maxUnionColumns) -> (
        columns: [String], total: Int
    ) {
        var columns = ["kind", "name"]
        var seen = Set(columns)
        for hit in hits {
            for member in hit.record.object.members where seen.insert(member.key).inserted {
                if columns.count < limit { columns.append(member.key) }
            }
        }
        return (columns, seen.count)
    }

    /// A field of a hit as text: `kind` and `name` as shown, other fields as
    /// written, arrays and objects as compact JSON, null and missing empty.
    public static func text(of column: String, in hit: SearchHit) -> String {
        switch column {
        case "kind": return hit.kind.name
        case "name": return hit.row.name
        default:
            if let declared = declared(column, of: hit) {
                return declared.value(hit.record.object).map(text(of:)) ?? ""
            }
            return hit.record.object[column].map(text(of:)) ?? ""
        }
    }

    /// A field's value as text: as written, arrays and objects as compact
    /// JSON, null empty.
    static func text(of value: JSONValue) -> String {
        switch value {
        case .null: ""
        case .array, .object: JSONWriter.string(value)
        case .bool, .number, .string: value.scalarText ?? ""
        }
    }

    /// How the delimited formats write a cell.
    public struct DelimitedOptions: Sendable, Equatable {
        /// Whether to print the header row.
        public var headers: Bool
        /// Whether a carriage return or line feed inside a CSV field is shown
        /// as `^M` or `^J`, as other controls are, rather than written raw
        /// inside quotes (RFC 4180): on a terminal a raw one would let a
        /// record overwrite the line before it.
        public var visibleLineBreaks: Bool
        /// Whether a cell a spreadsheet would run as a formula (one starting
        /// with `=`, `+`, `-`, `@`, a tab or a carriage return, unless it is
        /// a plain number) gets a leading `'`, as OWASP recommends.
        public var formulaSafe: Bool
        /// Whether controls, escape sequences and bidi controls in the data
        /// are made visible (`ESC` as `^[` in CSV, `\x1B` in TSV), for a
        /// terminal, which would run them. Otherwise (through a pipe, to a
        /// file) every character is written as it is: CSV as RFC 4180 says,
        /// TSV with only tab, line feed, carriage return and backslash
        /// escaped, so that a field reads back as the JSON output has it.
        public var visibleControls: Bool

        /// Options for the delimited formats; by default, RFC 4180 with
        /// headers, every character as it is.
        public init(
            headers: Bool = true, visibleLineBreaks: Bool = false, formulaSafe: Bool = false,
            visibleControls: Bool = false
        ) {
            self.headers = headers
            self.visibleLineBreaks = visibleLineBreaks
            self.formulaSafe = formulaSafe
            self.visibleControls = visibleControls
        }
    }

    /// RFC 4180 CSV with a header row (unless `headers` is false), CRLF line ends.
    public static func csv(_ hits: [SearchHit], columns: [String], headers: Bool = true) -> String {
        csv(hits, columns: columns, options: DelimitedOptions(headers: headers))
    }

    /// CSV with CRLF line ends, written as `options` say; RFC 4180 unless
    /// line breaks are made visible. Time and memory grow with rows ×
    /// columns plus the records' fields, whatever the number of columns.
    public static func csv(_ hits: [SearchHit], columns: [String], options: DelimitedOptions) -> String {
        delimited(hits, columns: columns, options: options, separator: UInt8(ascii: ","), lineEnd: "\r\n") { text in
            csvField(
                text, visibleLineBreaks: options.visibleLineBreaks, formulaSafe: options.formulaSafe,
                visibleControls: options.visibleControls)
        }
    }

    /// Tab-separated values: tab, newline, carriage return and backslash
    /// escaped as `\t`, `\n`, `\r` and `\\`, every other character as it is.
    public static func tsv(_ hits: [SearchHit], columns: [String], headers: Bool = true) -> String {
        tsv(hits, columns: columns, options: DelimitedOptions(headers: headers))
    }

    /// Tab-separated values, escaped as ``tsv(_:columns:headers:)`` says,
    /// and with `visibleControls` other controls as `\xHH` and bidi controls
    /// as `\u{HHHH}`; line breaks are always escaped, so `visibleLineBreaks`
    /// changes nothing.
    public static func tsv(_ hits: [SearchHit], columns: [String], options: DelimitedOptions) -> String {
        delimited(hits, columns: columns, options: options, separator: UInt8(ascii: "\t"), lineEnd: "\n") { text in
            let field = tsvField(text, visibleControls: options.visibleControls)
            return options.formulaSafe && startsFormula(field) ? "'" + field : field
        }
    }

    /// Rows of `columns`, each cell written by `field` (an empty one as
    /// nothing: `field("")` is `""` in every delimited format).
    ///
    /// A row costs one step per column plus one per member of its record;
    /// the empty cells of a wide, sparse table cost a separator each.
    private static func delimited(
        _ hits: [SearchHit],
        columns: [String],
        options: DelimitedOptions,
        separator: UInt8,
        lineEnd: String,
        field: (String) -> String
    ) -> String {
        // Bytes, not a String: a separator is one byte to append, where a
        // String append costs a capacity and uniqueness check each.
        var out: [UInt8] = []
        if options.headers {
            for (index, column) in columns.enumerated() {
                if index > 0 { out.append(separator) }
                out.append(contentsOf: field(column).utf8)
            }
            out.append(contentsOf: lineEnd.utf8)
        }
        var picker = FieldPicker(columns)
        for hit in hits {
            picker.fill(from: hit.record.object)
            for index in columns.indices {
                if index > 0 { out.append(separator) }
                let text = picker.text(at: index, of: hit)
                if !text.isEmpty { out.append(contentsOf: field(text).utf8) }
            }
            picker.clear()
            out.append(contentsOf: lineEnd.utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A GitHub pipe table of KIND, NAME and the row's details, each labelled
    /// with its column's header (`PRICE: $4.99 · RATING: ★★★☆☆ 3.0`), or of
    /// `fields`; with `groupByKind`, a `##` heading per kind over a table of
    /// NAME and the kind's own columns (or of `fields`).
    public static func markdown(_ hits: [SearchHit], fields: [String]? = nil, groupByKind: Bool = false) -> String {
        guard groupByKind else { return terminated(markdownTable(hits, fields: fields)) }
        var order: [String] = []
        var byKind: [String: [SearchHit]] = [:]
        for hit in hits {
            if byKind[hit.kind.name] == nil { order.append(hit.kind.name) }
            byKind[hit.kind.name, default: []].append(hit)
        }
        let sections = order.compactMap { name -> String? in
            guard let hits = byKind[name], let kind = hits.first?.kind else { return nil }
            let heading = "## \(markdownHeading(kind.plural)) (\(hits.count))\n\n"
            if let fields { return heading + markdownTable(hits, fields: fields) }
            // Every column of the kind, as the table keeps them, a value missing shown as `–`.
            let cells = hits.map { hit in TableOutput.shown(hit.row.detailCells).map { $0.lines.joined(separator: " ") }
            }
            let headers = ["NAME"] + kind.columns.map { $0.header.uppercased() }
            let rows = zip(hits, cells).map { hit, cells in
                [hit.row.name] + kind.columns.indices.map { $0 < cells.count ? cells[$0] : "" }
            }
            return heading + TableRenderer.markdown(headers: headers, rows: rows)
        }
        return terminated(sections.joined(separator: "\n"))
    }

    /// The merged pipe table of `hits`, or the table of `fields`.
    private static func markdownTable(_ hits: [SearchHit], fields: [String]?) -> String {
        if let fields {
            let picker = FieldPicker(fields)
            return TableRenderer.markdown(headers: fields, rows: hits.map { picker.texts(of: $0) })
        }
        let rows = hits.map { hit in
            let columns = hit.kind.columns
            let details = hit.row.detailCells.enumerated().compactMap { index, cell -> String? in
                let text = cell.lines.joined(separator: " ")
                guard !text.isEmpty else { return nil }
                return index < columns.count ? "\(columns[index].header.uppercased()): \(text)" : text
            }
            return [hit.kind.name, hit.row.name, details.joined(separator: " · ")]
        }
        return TableRenderer.markdown(headers: ["KIND", "NAME", "DETAILS"], rows: rows)
    }

    /// A heading's text, made safe: no line breaks, no markup that starts a link or HTML.
    private static func markdownHeading(_ text: String) -> String {
        var result = ""
        for character in TerminalText.sanitize(text) {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|": result += "\\\(character)"
            default: result.append(character)
            }
        }
        return result
    }

    /// The text ending in exactly one newline.
    static func terminated(_ text: String) -> String {
        text.hasSuffix("\n") ? text : text + "\n"
    }

    /// A CSV field: the text as it is, quoted when it holds a comma, a
    /// quote or a line break (RFC 4180). CSV has no escapes, so with
    /// `visibleControls` (for a terminal) controls, escape sequences and
    /// bidi controls are made visible (`ESC` as `^[`), as in the table, tabs
    /// staying and line breaks too unless `visibleLineBreaks`, which shows
    /// them as `^M` and `^J`.
    static func csvField(
        _ raw: String, visibleLineBreaks: Bool = false, formulaSafe: Bool = false, visibleControls: Bool = false
    ) -> String {
        var text = ""
        if formulaSafe && startsFormula(raw) { text = "'" }
        if visibleControls {
            var run = String.UnicodeScalarView()
            func flush() {
                if !run.isEmpty { text += TerminalText.sanitize(String(run)) }
                run.removeAll()
            }
            for scalar in raw.unicodeScalars {
                if scalar == "\t" || (!visibleLineBreaks && (scalar == "\n" || scalar == "\r")) {
                    flush()
                    text.unicodeScalars.append(scalar)
                } else {
                    run.append(scalar)
                }
            }
            flush()
        } else if visibleLineBreaks {
            for scalar in raw.unicodeScalars {
                if scalar == "\n" || scalar == "\r" {
                    text += TerminalText.sanitize(String(scalar))
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        } else {
            text += raw
        }
        // Scalars, not Characters: "\r\n" is one Character but needs quoting too.
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        // By scalars too: a quote followed by a combining mark is one
        // Character that is not a quote, and would go undoubled.
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in text.unicodeScalars {
            quoted.append(scalar)
            if scalar == "\"" { quoted.append("\"") }
        }
        quoted.append("\"")
        return String(quoted)
    }

    /// Whether a spreadsheet would read `text` as a formula: it starts with
    /// `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP's list) and is
    /// not a plain number such as `-5` or `+1.5e3`.
    static func startsFormula(_ text: String) -> Bool {
        guard let first = text.utf8.first, "=+-@\t\r".utf8.contains(first) else { return false }
        return !isPlainNumber(text)
    }

    /// A decimal number: an optional sign, digits with an optional fraction,
    /// and an optional exponent; nothing a spreadsheet would compute.
    static func isPlainNumber(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { (0x30...0x39).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var count = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            count += digits()
        }
        guard count > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                bytes = bytes.dropFirst()
            }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// A TSV field: tab, line feed, carriage return and backslash escaped
    /// (`\t`, `\n`, `\r`, `\\`, the common convention); with
    /// `visibleControls` (for a terminal), other controls as `\xHH` and bidi
    /// controls as `\u{HHHH}` too.
    static func tsvField(_ text: String, visibleControls: Bool = false) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default:
                guard visibleControls else {
                    out.unicodeScalars.append(scalar)
                    continue
                }
                // Other controls as \xHH or \u{HHHH}, so output that reaches a
                // terminal never carries a raw escape sequence.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\x" + (hex.count < 2 ? "0" : "") + hex
                } else if (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

/// Picks given fields out of records in time linear in the fields plus the
/// records' members: each record is walked once, whatever the number of
/// fields, instead of being searched once per field.
struct FieldPicker {
    let fields: [String]
    /// For each field asked for, its slot in ``values`` (a field asked for
    /// twice has one slot).
    let slots: [Int]
    /// For each field asked for, what it is, decided once rather than per cell.
    private let roles: [Role]
    private enum Role {
        case kind, name, field
    }
    private let slotOfField: [String: Int]
    /// The values of the record last filled in, by slot.
    private(set) var values: [JSONValue?]
    /// The slots ``fill(from:)`` set, for ``clear()``.
    private var filled: [Int] = []

    init(_ fields: [String]) {
        var slotOfField: [String: Int] = [:]
        slotOfField.reserveCapacity(fields.count)
        self.slots = fields.map { field in
            if let slot = slotOfField[field] { return slot }
            let slot = slotOfField.count
            slotOfField[field] = slot
            return slot
        }
        self.slotOfField = slotOfField
        self.fields = fields
        self.roles = fields.map { $0 == "kind" ? .kind : $0 == "name" ? .name : .field }
        self.values = Array(repeating: nil, count: slotOfField.count)
    }

    /// Takes the fields' values from `object` (the last member of a
    /// repeated key, as `JSONObject`'s subscript does). Call ``clear()``
    /// before the next record.
    mutating func fill(from object: JSONObject) {
        for member in object.members {
            if let slot = slotOfField[member.key] {
                values[slot] = member.value
                filled.append(slot)
            }
        }
    }

    /// Forgets the values of the last record, in time linear in its members.
    mutating func clear() {
        for slot in filled { values[slot] = nil }
        filled.removeAll(keepingCapacity: true)
    }

    /// The values of `object`'s fields, by slot.
    func values(of object: JSONObject) -> [JSONValue?] {
        var copy = self
        copy.clear()
        copy.fill(from: object)
        return copy.values
    }

    /// Field `index` of the filled record, `hit`, as ``RecordOutput/text(of:in:)`` gives it.
    func text(at index: Int, of hit: SearchHit) -> String {
        switch roles[index] {
        case .kind: hit.kind.name
        case .name: hit.row.name
        case .field:
            if let declared = RecordOutput.declared(fields[index], of: hit) {
                declared.value(hit.record.object).map(RecordOutput.text(of:)) ?? ""
            } else {
                values[slots[index]].map(RecordOutput.text(of:)) ?? RecordOutput.computed(fields[index], of: hit) ?? ""
            }
        }
    }

    /// Each field of `hit` as ``RecordOutput/text(of:in:)`` gives it.
    func texts(of hit: SearchHit) -> [String] {
        var copy = self
        copy.clear()
        copy.fill(from: hit.record.object)
        return fields.indices.map { copy.text(at: $0, of: hit) }
    }
}
