package import StreamingJSON

/// A record's id in the cluster, which also chooses its shard: its id
/// field (`id`, or the field `--id-field` names) when it has one, else its
/// content. Records with different ids are never merged; the same record
/// loaded twice keeps one id.
///
/// - An id field that holds a whole number from 1 to 2⁶³−1 is that number.
/// - Any other id value (text, a larger number) is a hash of its JSON.
/// - Without one, a hash of the record's canonical JSON: its members sorted
///   by key at every depth, so that key order does not make two records.
///
/// Hashes are 63 bits (never 0): two records that hash alike would be
/// merged; among a billion records that happens with odds of about 1 in 20.
package enum RecordIdentity {
    /// The id of `object`, read from `idField` when it has one.
    package static func id(of object: JSONObject, idField: String) -> UInt64 {
        if let value = object[idField], value != .null {
            if case .number(let text) = value, let number = UInt64(text), number >= 1, number <= UInt64(Int64.max) {
                return number
            }
            return hash("id\u{0}", canonical(value))
        }
        return hash("record\u{0}", canonical(.object(object)))
    }

    /// Whether `object` has an id of its own in `idField` (else its content is its id).
    package static func hasIDField(_ object: JSONObject, idField: String) -> Bool {
        object[idField].map { $0 != .null } ?? false
    }

    /// `value` with every object's members sorted by key (stably: a
    /// repeated key keeps its members' order).
    static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            let members = object.members.enumerated().sorted { a, b in
                a.element.key.utf8.lexicographicallyPrecedes(b.element.key.utf8)
                    || (a.element.key.utf8.elementsEqual(b.element.key.utf8) && a.offset < b.offset)
            }
            return .object(JSONObject(members.map { .init(key: $0.element.key, value: canonical($0.element.value)) }))
        case .array(let elements):
            return .array(elements.map(canonical))
        default:
            return value
        }
    }

    /// The hash of `label` and the JSON of `value`, its UTF-8 bytes written
    /// straight after the label's.
    private static func hash(_ label: String, _ value: JSONValue) -> UInt64 {
        var bytes = Array(label.utf8)
        JSONWriter.write(value, into: &bytes)
        return hash(bytes)
    }

    private static func hash(_ bytes: [UInt8]) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        value ^= value >> 33
        value = value &* 0xff51_afd7_ed55_8ccd
        value ^= value >> 33
        let id = value & UInt64(Int64.max)
        return id == 0 ? 1 : id
    }
}
