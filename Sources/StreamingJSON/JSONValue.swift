/// A JSON value that keeps everything a record said: member order, duplicate
/// keys and the exact text of numbers, so that output can round-trip input.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its literal text (for example `4.99` or `1e400`).
    case number(String)
    /// A string, with its escapes decoded.
    case string(String)
    /// An array, elements in order.
    case array([JSONValue])
    /// An object, members in order.
    case object(JSONObject)
}

/// A JSON object whose members keep their input order.
///
/// Lookup by key returns the last member with that key, as most JSON
/// parsers do; all members are kept for output.
public struct JSONObject: Sendable, Hashable {
    /// One `"key": value` pair.
    public struct Member: Sendable, Hashable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue

        /// Creates a member.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// Every member in input order, duplicate keys included.
    public var members: [Member]

    /// Creates an object with `members`, in order.
    public init(_ members: [Member] = []) {
        self.members = members
    }

    /// Creates an object from a literal list of pairs, in order (duplicate
    /// keys are kept).
    public init(_ pairs: KeyValuePairs<String, JSONValue>) {
        self.members = pairs.map { Member(key: $0.key, value: $0.value) }
    }

    /// The value of the last member named `key`, or `nil`.
    public subscript(key: String) -> JSONValue? {
        guard let wanted = SmallASCIIKey(key) else {
            return members.last(where: { $0.key == key })?.value
        }
        // Most keys are short ASCII strings, held in place: two of them are
        // equal exactly when their bits are, so no comparison is called.
        // Any other key is compared as always (it may be canonically
        // equivalent to an ASCII one, as `\u{212A}ind` is to `Kind`).
        let members = members.span
        for index in members.indices.reversed() {
            switch wanted.matches(members[index].key) {
            case true?: return members[index].value
            case false?: continue
            case nil: if members[index].key == key { return members[index].value }
            }
        }
        return nil
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
