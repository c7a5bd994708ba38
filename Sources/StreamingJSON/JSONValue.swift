/// A JSON value that keeps everything a record said: member order, duplicate
/// keys and the exact text of numbers, so that output can round-trip input.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, kept as its literal text (for example `4.99` or `1e400`).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// A JSON object whose members keep their input order.
///
/// Lookup by key returns the last member with that key, as most JSON
/// parsers do; all members are kept for output.
public struct JSONObject: Sendable, Hashable {
    /// One `"key": value` pair.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public var members: [Member]

    public init(_ members: [Member] = []) {
        self.members = members
    }

    public init(_ pairs: KeyValuePairs<String, JSONValue>) {
        self.members = pairs.map { Member(key: $0.key, value: $0.value) }
    }

    /// The value of the last member named `key`, or `nil`.
    public subscript(key: String) -> JSONValue? {
        members.last(where: { $0.key == key })?.value
    }

    /// The keys in input order, each once.
    public var keys: [String] {
        var seen = Set<String>()
        return members.compactMap { seen.insert($0.key).inserted ? $0.key : nil }
    }
}

extension JSONValue {
    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The number as a `Double`, if this is a number that fits one.
    public var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// The object, if this is an object.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The text of a scalar as a person would read it: strings as they are,
    /// numbers as written, `true`/`false`; `nil` for null, arrays and objects.
    public var scalarText: String? {
        switch self {
        case .string(let s): s
        case .number(let n): n
        case .bool(let b): b ? "true" : "false"
        case .null, .array, .object: nil
        }
    }
}
