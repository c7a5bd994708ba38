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
            if let number = Self.shortDecimal(text) { return number }
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

extension JSONObject {
    /// Powers of ten that a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }

    /// The value of a JSON number written as at most 15 digits with an
    /// optional minus sign and decimal point (`4.99`, `-12`, `156000`);
    /// `nil` for any other form, which the general conversion reads.
    ///
    /// Such a number is an integer below 2⁵³ divided by a power of ten up
    /// to 10²², both exact in a `Double`, so one division gives the
    /// correctly rounded value, as the general conversion does, at a
    /// fraction of its cost.
    package static func shortDecimal(_ text: String) -> Double? {
        guard text.isContiguousUTF8 else { return nil }
        return shortDecimal(text.utf8.span)
    }

    private static func shortDecimal(_ bytes: Span<UInt8>) -> Double? {
        // One pass, each byte asked first whether it is a digit (one
        // subtraction and one compare): a price is read for every record of
        // a sort, and most of its bytes are digits.
        guard !bytes.isEmpty else { return nil }
        let negative = bytes[0] == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var point = false
        while index < bytes.count {
            let byte = bytes[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                // Past 15 digits the value is thrown away (below), so
                // wrapping does no harm.
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits &+= 1
                if point { fractionDigits &+= 1 }
            } else if byte == UInt8(ascii: "."), !point, digits > 0 {
                // A point needs a digit before it, once.
                point = true
            } else {
                return nil
            }
            index &+= 1
        }
        // A digit after the point too.
        guard digits > 0, digits <= 15, !point || fractionDigits > 0 else { return nil }
        let value = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return negative ? -value : value
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
    package var trimmingSpaces: Substring {
        let scalars = self[...]
        guard let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        guard let end = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return Substring(scalars[start...end])
    }
}
