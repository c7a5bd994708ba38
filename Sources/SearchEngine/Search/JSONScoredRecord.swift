import ResultKit
import StreamingJSON

/// A parsed record as the scorer reads it: its kind's search fields' texts, computed when asked,
/// and its values as written.
struct JSONScoredRecord: ScoredRecord {
    /// The record, or the fields of it that the search reads.
    let object: JSONObject
    /// Its kind's search fields.
    let fields: [SearchField]
    /// The fields its kind declares deeper in the record (`born` for
    /// `/author/born`), read before the record's top-level key.
    var declared: [KindField] = []

    var fieldCount: Int { fields.count }

    func fieldName(at index: Int) -> String { fields[index].name }

    func fieldWeight(at index: Int) -> Int { fields[index].weight }

    func fieldText(at index: Int) -> String? { fields[index].text(object) }

    /// A search field by name, its number read from the record's own value when that is one;
    /// else a field the kind declares; else a top-level field of the record.
    func value(of field: String) -> FieldValue? {
        if let index = fields.firstIndex(where: { $0.name == field }), let text = fieldText(at: index) {
            return FieldValue(text: text, number: object[field]?.doubleValue ?? Double(text))
        }
        if !declared.isEmpty, let named = declared.first(where: { $0.name == field }) {
            return FieldValue(named.value(object))
        }
        return FieldValue(object[field])
    }
}
