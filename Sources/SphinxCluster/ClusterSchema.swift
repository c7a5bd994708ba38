package import ResultKit
package import StreamingJSON

/// How records are stored in the cluster's one real-time index, for every
/// kind alike:
///
/// - `f0` … `f7`: full-text fields holding the kind's search fields, folded,
///   strongest first (a kind with more than eight puts the rest in `f7`);
/// - `seq`: the record's position in the load, so that equal matches rank
///   in the order a file would give;
/// - `len0` … `len7`: each full-text field's length in characters as the
///   record has it, so that shorter fields, which our ranking prefers among
///   equal matches, are fetched first;
/// - `wt0` … `wt7`: the weight of the kind's search field in each, so that
///   a one-word search orders its candidates across fields as our ranking
///   does (0 where the record has no text);
/// - `kind_name` and `name`: string attributes, the kind and what the NAME
///   column shows;
/// - `record`: the whole record as JSON text, exactly as it is returned;
/// - `attrs`: the record as a JSON attribute, for filters and sorting.
///
/// A record's id is its `id` field when that is a whole number from 1 to
/// 2⁶³−1, else a hash of its kind and name; it decides the shard.
package enum ClusterSchema {
    /// How many full-text fields a record has.
    package static let fieldCount = 8

    /// The full-text fields, by name.
    package static var fieldNames: [String] { (0..<fieldCount).map { "f\($0)" } }

    /// The columns a `REPLACE` names, in order.
    package static let columns =
        ["id"] + fieldNames + ["seq"] + (0..<fieldCount).map { "len\($0)" } + (0..<fieldCount).map { "wt\($0)" }
        + ["kind_name", "name", "record", "attrs"]

    /// The columns a search reads back.
    package static let selected = "id, seq, kind_name, record"

    /// `kind`'s search fields, strongest first (equal weights in declared order).
    package static func orderedFields(of kind: ResultKind) -> [SearchField] {
        kind.searchFields.enumerated().sorted { a, b in
            a.element.weight != b.element.weight ? a.element.weight > b.element.weight : a.offset < b.offset
        }.map(\.element)
    }

    /// The texts of `f0` … `f7` for a record of `kind`, their lengths in
    /// characters as the record has them (the longest, in `f7`), and their
    /// fields' weights (the heaviest, in `f7`; 0 where there is no text).
    package static func fieldTexts(of object: JSONObject, fields: [SearchField])
        -> (texts: [String], lengths: [Int], weights: [Int])
    {
        var texts = [String](repeating: "", count: fieldCount)
        var lengths = [Int](repeating: 0, count: fieldCount)
        var weights = [Int](repeating: 0, count: fieldCount)
        for (index, field) in fields.enumerated() {
            guard let text = field.text(object) else { continue }
            let slot = min(index, fieldCount - 1)
            let indexed = SphinxQLText.indexedText(text)
            texts[slot] = texts[slot].isEmpty ? indexed : texts[slot] + " " + indexed
            lengths[slot] = max(lengths[slot], text.count)
            weights[slot] = max(weights[slot], min(max(field.weight, 0), maxWeight))
        }
        return (texts, lengths, weights)
    }

    /// The heaviest weight stored: a kind's weights run from 1 to 100.
    package static let maxWeight = 127

    /// The record's id: its `id` field when a whole number from 1 to 2⁶³−1,
    /// else a hash of the kind and name (FNV-1a, 63 bits, never 0).
    package static func id(of object: JSONObject, kind: String, name: String) -> UInt64 {
        if case .number(let text)? = object["id"], let value = UInt64(text), value >= 1, value <= UInt64(Int64.max) {
            return value
        }
        if case .string(let text)? = object["id"], !text.isEmpty {
            return hash("id\u{0}" + text)
        }
        return hash("kind\u{0}" + kind.lowercased() + "\u{0}" + name)
    }

    private static func hash(_ text: String) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        let id = value & UInt64(Int64.max)
        return id == 0 ? 1 : id
    }

    /// The record for filters: each top-level text that reads as a number
    /// (as `" 4.50"` from a CSV file) made a number, as our filters read it.
    package static func attributes(of object: JSONObject) -> JSONObject {
        var members = object.members
        for index in members.indices {
            guard case .string(let text) = members[index].value, let number = number(text) else { continue }
            members[index].value = .number("\(number)")
        }
        return JSONObject(members)
    }

    /// The number a text spells, spaces around it ignored; `nil` for any
    /// other text, and for texts too long to be one.
    private static func number(_ text: String) -> Double? {
        let bytes = text.utf8
        guard bytes.count <= 64, let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 }),
            (0x30...0x39).contains(first) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
                || first == UInt8(ascii: ".") || first == UInt8(ascii: "i") || first == UInt8(ascii: "n")
        else { return nil }
        let trimmed = String(decoding: bytes.filter { $0 != 0x20 && $0 != 0x09 }, as: UTF8.self)
        guard let number = Double(trimmed), number.isFinite else { return nil }
        return number
    }

    /// The values of one row for `REPLACE INTO index (columns) VALUES …`.
    /// - Parameter storedKind: The kind name stored, which a search passes
    ///   back as the kind of a record that names none: empty when the record
    ///   had no kind at all.
    ///   - fields: The record's kind's search fields, strongest first (``orderedFields(of:)``).
    ///   - name: The record's name.
    package static func rowValues(
        id: UInt64, seq: Int, fields searchFields: [SearchField], name: String, storedKind: String, object: JSONObject
    ) -> String {
        let json = JSONWriter.string(.object(object))
        var values = ["\(id)"]
        let fields = fieldTexts(of: object, fields: searchFields)
        values += fields.texts.map { "'\(SphinxQLText.sqlString($0))'" }
        values.append("\(seq)")
        values += fields.lengths.map { "\(min($0, Int(UInt32.max)))" }
        values += fields.weights.map { "\($0)" }
        values.append("'\(SphinxQLText.sqlString(storedKind.lowercased()))'")
        values.append("'\(SphinxQLText.sqlString(name))'")
        values.append("'\(SphinxQLText.sqlString(json))'")
        values.append("'\(SphinxQLText.sqlString(JSONWriter.string(.object(attributes(of: object)))))'")
        return "(" + values.joined(separator: ",") + ")"
    }
}
