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
    public static func json(_ hits: [SearchHit], query: String, total: Int, fields: [String]? = nil) -> String {
        let document = JSONValue.object(
            JSONObject([
                "version": .number("1"),
                "query": .string(query),
                "total": .number(String(total)),
                "results": .array(hits.map { result($0, fields: fields) }),
            ])
        )
        return JSONWriter.string(document) + "\n"
    }

    /// One result object per line, as in ``json(_:query:total:fields:)``.
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
        return JSONObject(
            fields.map { field in
                switch field {
                case "kind": .init(key: field, value: .string(hit.kind.name))
                case "name" where hit.record.object["name"] == nil: .init(key: field, value: .string(hit.row.name))
                default: .init(key: field, value: hit.record.object[field] ?? .null)
                }
            }
        )
    }

    /// A plain table of exactly `fields`, for `--fields` with the table format.
    public static func fieldTable(_ hits: [SearchHit], fields: [String], options: RenderOptions) -> String {
        let columns = fields.map { Column($0.uppercased()) }
        let rows = hits.map { hit in Row(fields.map { Cell(text(of: $0, in: hit)) }) }
        return TableRenderer.render([Section(title: nil, columns: columns, rows: rows)], options: options)
    }

    /// The columns of the delimited formats: `kind`, `name`, then every
    /// record field in the order first seen, or exactly `fields` when given.
    public static func columns(for hits: [SearchHit], fields: [String]? = nil) -> [String] {
        if let fields { return fields }
        var columns = ["kind", "name"]
        var seen = Set(columns)
        for hit in hits {
            for key in hit.record.object.keys where seen.insert(key).inserted {
                columns.append(key)
            }
        }
        return columns
    }

    /// A field of a hit as text: `kind` and `name` as shown, other fields as
    /// written, arrays and objects as compact JSON, null and missing empty.
    public static func text(of column: String, in hit: SearchHit) -> String {
        switch column {
        case "kind": return hit.kind.name
        case "name": return hit.row.name
        default:
            guard let value = hit.record.object[column] else { return "" }
            switch value {
            case .null: return ""
            case .array, .object: return JSONWriter.string(value)
            case .bool, .number, .string: return value.scalarText ?? ""
            }
        }
    }

    /// RFC 4180 CSV with a header row (unless `headers` is false), CRLF line ends.
    public static func csv(_ hits: [SearchHit], columns: [String], headers: Bool = true) -> String {
        var lines: [String] = headers ? [columns.map(csvField).joined(separator: ",")] : []
        for hit in hits {
            lines.append(columns.map { csvField(text(of: $0, in: hit)) }.joined(separator: ","))
        }
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// Tab-separated values: tab, newline, carriage return and backslash
    /// escaped as `\t`, `\n`, `\r` and `\\`; other controls as `\xHH`, and
    /// bidi controls as `\u{HHHH}`.
    public static func tsv(_ hits: [SearchHit], columns: [String], headers: Bool = true) -> String {
        var lines: [String] = headers ? [columns.map(tsvField).joined(separator: "\t")] : []
        for hit in hits {
            lines.append(columns.map { tsvField(text(of: $0, in: hit)) }.joined(separator: "\t"))
        }
        return lines.map { $0 + "\n" }.joined()
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
            // The kind's columns, less those that show no value in any row, as the table drops them.
            let cells = hits.map { hit in hit.row.detailCells.map { $0.lines.joined(separator: " ") } }
            let kept = kind.columns.indices.filter { column in
                cells.contains { column < $0.count && !isMissing($0[column]) }
            }
            let headers = ["NAME"] + kept.map { kind.columns[$0].header.uppercased() }
            let rows = zip(hits, cells).map { hit, cells in
                [hit.row.name] + kept.map { $0 < cells.count ? cells[$0] : "" }
            }
            return heading + TableRenderer.markdown(headers: headers, rows: rows)
        }
        return terminated(sections.joined(separator: "\n"))
    }

    /// The merged pipe table of `hits`, or the table of `fields`.
    private static func markdownTable(_ hits: [SearchHit], fields: [String]?) -> String {
        if let fields {
            return TableRenderer.markdown(
                headers: fields, rows: hits.map { hit in fields.map { text(of: $0, in: hit) } })
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

    /// Whether a cell shows no value: empty, or the missing-value mark `–`.
    private static func isMissing(_ text: String) -> Bool {
        let trimmed = text.filter { $0 != " " }
        return trimmed.isEmpty || trimmed == "–"
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

    /// CSV has no escapes, so controls, escape sequences and bidi controls
    /// in data are made visible (`ESC` as `^[`), as in the table: output that
    /// reaches a terminal never carries a raw escape sequence. Tabs and line
    /// breaks stay, inside quotes.
    static func csvField(_ raw: String) -> String {
        var text = ""
        var run = String.UnicodeScalarView()
        func flush() {
            if !run.isEmpty { text += TerminalText.sanitize(String(run)) }
            run.removeAll()
        }
        for scalar in raw.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" {
                flush()
                text.unicodeScalars.append(scalar)
            } else {
                run.append(scalar)
            }
        }
        flush()
        // Scalars, not Characters: "\r\n" is one Character but needs quoting too.
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }

    static func tsvField(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default:
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

extension String {
    /// The string with every `target` replaced, without Foundation.
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        out.reserveCapacity(count)
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
