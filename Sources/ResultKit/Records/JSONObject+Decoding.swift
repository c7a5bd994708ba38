public import StreamingJSON

/// Typed field access for kind decoders, with errors that name the field.
extension JSONObject {
    /// The string at `key`, or an error naming the field.
    public func requiredString(_ key: String) throws(RecordDecodingError) -> String {
        guard let value = self[key] else { throw RecordDecodingError("missing field \"\(key)\"") }
        guard case .string(let text) = value else {
            throw RecordDecodingError("field \"\(key)\" must be a string, not \(value.typeName)")
        }
        return text
    }

    /// The string at `key`; `nil` when absent or null.
    public func optionalString(_ key: String) throws(RecordDecodingError) -> String? {
        switch self[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let value?: throw RecordDecodingError("field \"\(key)\" must be a string, not \(value.typeName)")
        }
    }

    /// The number at `key`; `nil` when absent or null. Numeric strings are
    /// accepted too, since CSV input has no other kind of value.
    public func optionalNumber(_ key: String) throws(RecordDecodingError) -> Double? {
        switch self[key] {
        case nil, .null?:
            return nil
        case .number(let text)?:
            guard let number = Double(text), number.isFinite else {
                throw RecordDecodingError("field \"\(key)\": \(text) is out of range")
            }
            return number
        case .string(let text)?:
            let trimmed = text.trimmingSpaces
            if trimmed.isEmpty { return nil }
            guard let number = Double(trimmed), number.isFinite else {
                throw RecordDecodingError("field \"\(key)\" must be a number, not \"\(text)\"")
            }
            return number
        case let value?:
            throw RecordDecodingError("field \"\(key)\" must be a number, not \(value.typeName)")
        }
    }
}

extension JSONValue {
    /// The JSON type's name, for messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let scalars = self[...]
        guard let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        guard let end = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return Substring(scalars[start...end])
    }
}
