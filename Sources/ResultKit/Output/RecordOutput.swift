import StreamingJSON
import TerminalTable
import TextMatching

/// The machine-readable formats: JSON, JSON lines, CSV, TSV, and the
/// Markdown table. Each keeps every record whole or lists its fields.
public enum RecordOutput {
    /// The JSON document:
    /// `{"version":1,"query":…,"total":…,"results":[{"kind":…,"score":…,"tier":…,"field":…,"positions":[…],"record":{…}}]}`.
    ///
    /// `positions` are offsets in Unicode extended grapheme clusters
    /// (user-perceived characters) of the matched field's text.
    public static func json(_ hits: [SearchHit], query: String, total: Int) -> String {
        let document = JSONValue.object(
            JSONObject([
                "version": .number("1"),
                "query": .string(query),
                "total": .number(String(total)),
                "results": .array(hits.map(result)),
            ])
        )
        return JSONWriter.string(document) + "\n"
    }

    /// One result object per line, as in ``json(_:query:total:)``.
    public static func jsonLine(_ hit: SearchHit) -> String {
        JSONWriter.string(result(hit)) + "\n"
    }

    /// A result as JSON: kind, score, tier, field, positions, record.
    static func result(_ hit: SearchHit) -> JSONValue {
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
        members.append(.init(key: "record", value: .object(hit.record.object)))
        return .object(JSONObject(members))
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
    /// escaped as `\t`, `\n`, `\r` and `\\`.
    public static func tsv(_ hits: [SearchHit], columns: [String], headers: Bool = true) -> String {
        var lines: [String] = headers ? [columns.map(tsvField).joined(separator: "\t")] : []
        for hit in hits {
            lines.append(columns.map { tsvField(text(of: $0, in: hit)) }.joined(separator: "\t"))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// A GitHub pipe table of KIND, NAME and the row's details.
    public static func markdown(_ hits: [SearchHit]) -> String {
        let rows = hits.map { hit in
            [
                hit.kind.name, hit.row.name,
                hit.row.detailCells.map { $0.lines.joined(separator: " ") }.filter { !$0.isEmpty }.joined(
                    separator: " · "),
            ]
        }
        return TableRenderer.markdown(headers: ["KIND", "NAME", "DETAILS"], rows: rows)
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
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
            default: out.unicodeScalars.append(scalar)
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
