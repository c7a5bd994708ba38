/// One generated record: its kind, its name and its other fields in order,
/// written as one line of NDJSON.
public struct GeneratedRecord: Sendable, Equatable {
    /// A field's value.
    public enum Value: Sendable, Equatable {
        /// A JSON string.
        case string(String)
        /// A JSON number, as the literal text to write (`4.99`, `12`).
        case number(String)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
    }

    /// The `kind` field.
    public var kind: String
    /// The `name` field.
    public var name: String
    /// The other fields, written after `kind` and `name` in this order.
    public var fields: [Field]

    /// A field name and its value.
    public struct Field: Sendable, Equatable {
        /// The key.
        public var key: String
        /// The value.
        public var value: Value

        /// A field `key: value`.
        public init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// A record of `kind` named `name` with `fields` after them.
    public init(kind: String, name: String, fields: [Field]) {
        self.kind = kind
        self.name = name
        self.fields = fields
    }

    /// The value of `key`, or `nil` when the record has no such field.
    public subscript(key: String) -> Value? {
        fields.first { $0.key == key }?.value
    }

    /// The text a table shows for `key`: strings as they are, numbers as
    /// written, booleans as `true`/`false`, and `–` for null or missing.
    public func text(_ key: String) -> String {
        switch self[key] {
        case .string(let text)?: text
        case .number(let literal)?: literal
        case .bool(let flag)?: flag ? "true" : "false"
        case .null?, nil: "–"
        }
    }

    /// Appends the record as one JSON object and a newline.
    public func appendLine(to output: inout [UInt8]) {
        output.append(contentsOf: #"{"kind":"#.utf8)
        Self.appendString(kind, to: &output)
        output.append(contentsOf: #","name":"#.utf8)
        Self.appendString(name, to: &output)
        for field in fields {
            output.append(UInt8(ascii: ","))
            Self.appendString(field.key, to: &output)
            output.append(UInt8(ascii: ":"))
            switch field.value {
            case .string(let text): Self.appendString(text, to: &output)
            case .number(let literal): output.append(contentsOf: literal.utf8)
            case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
            case .null: output.append(contentsOf: "null".utf8)
            }
        }
        output.append(contentsOf: "}\n".utf8)
    }

    /// Appends `text` as a JSON string literal, escaping what JSON requires.
    static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                output.append(UInt8(ascii: "\\"))
                output.append(byte)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: #"\u00"#.utf8)
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
