import StreamingJSON
import Testing

/// Input that must parse, and the value it must give.
struct AcceptCase: Sendable, CustomTestStringConvertible {
    var input: [UInt8]
    var expected: JSONValue
    var testDescription: String { String(decoding: input, as: UTF8.self) }

    init(_ text: String, _ expected: JSONValue) {
        self.input = Array(text.utf8)
        self.expected = expected
    }

    init(bytes: [UInt8], _ expected: JSONValue) {
        self.input = bytes
        self.expected = expected
    }
}

/// Input that must be rejected, with where and why.
struct RejectCase: Sendable, CustomTestStringConvertible {
    var input: [UInt8]
    var offset: Int
    var reason: String
    var testDescription: String { String(decoding: input, as: UTF8.self).debugDescription }

    init(_ text: String, at offset: Int, _ reason: String) {
        self.input = Array(text.utf8)
        self.offset = offset
        self.reason = reason
    }

    init(bytes: [UInt8], at offset: Int, _ reason: String) {
        self.input = bytes
        self.offset = offset
        self.reason = reason
    }
}

/// Parses `bytes`, turning the error into a value for `#expect`.
func parseResult(_ bytes: [UInt8], maxDepth: Int = 512) -> Result<JSONValue, JSONParseError> {
    Result { () throws(JSONParseError) -> JSONValue in try JSONParser(maxDepth: maxDepth).parse(bytes) }
}

/// Builds an object value from pairs, keeping order and duplicates.
func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
    .object(JSONObject(pairs))
}
