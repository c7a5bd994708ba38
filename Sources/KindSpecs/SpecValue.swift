import ResultKit
import StreamingJSON

/// How a spec reads a value from a record, the same for columns, search
/// fields, templates and filters: absent, null and blank are all missing;
/// a pointer with `*` gathers what it matches; an array of scalars is
/// written joined with `, `.
enum SpecValue {
    /// The most values of an array joined into one text.
    static let maxJoined = 1_000

    /// The value at `pointer`, or `nil` when it is missing (absent, null,
    /// a blank string, an empty array). With a wildcard, the values matched,
    /// arrays among them flattened, as one array.
    static func value(at pointer: JSONPointer, in object: JSONObject) -> JSONValue? {
        guard pointer.hasWildcard else {
            guard let value = pointer.resolve(in: object), !isMissing(value) else { return nil }
            return value
        }
        var gathered: [JSONValue] = []
        for match in pointer.matches(in: object) {
            if case .array(let elements) = match {
                gathered += elements.lazy.filter { !isMissing($0) }.prefix(maxJoined - gathered.count)
            } else if !isMissing(match) {
                gathered.append(match)
            }
            if gathered.count >= maxJoined { break }
        }
        return gathered.isEmpty ? nil : .array(gathered)
    }

    /// The text at `pointer`, as a column of type string shows it; `nil`
    /// when missing or when it is not text (an object).
    static func text(at pointer: JSONPointer, in object: JSONObject) -> String? {
        value(at: pointer, in: object).flatMap(text(of:))
    }

    /// A scalar as written, or an array of scalars joined with `, `; `nil`
    /// for an object, or an array holding one.
    static func text(of value: JSONValue) -> String? {
        if let text = value.scalarText { return text }
        guard case .array(let elements) = value, elements.count <= maxJoined else { return nil }
        var parts: [String] = []
        for element in elements where !isMissing(element) {
            guard let text = element.scalarText else { return nil }
            parts.append(text)
        }
        return parts.joined(separator: ", ")
    }

    /// Whether a value counts as no value: null, a blank string (as CSV
    /// writes a missing one), or an empty array.
    static func isMissing(_ value: JSONValue) -> Bool {
        switch value {
        case .null: true
        case .string(let text): text.trimmingSpaces.isEmpty
        case .array(let elements): elements.isEmpty
        case .bool, .number, .object: false
        }
    }

    /// A value for filters and `--sort`: a scalar as it is, an array of
    /// scalars as its joined text (what the column shows), an object as it
    /// is (which the engine refuses to compare, naming its type).
    static func fieldValue(_ value: JSONValue) -> JSONValue {
        if case .array = value, let text = text(of: value) { return .string(text) }
        return value
    }
}
