public import StreamingJSON

/// A JSON Pointer (RFC 6901), such as `/name` or `/capital/0/city`, that
/// names one value inside a record.
///
/// `~1` stands for `/` and `~0` for `~` inside a token. An array element is
/// named by its decimal index without leading zeros.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The most tokens a pointer in a kind spec may have.
    public static let maxTokens = 32

    /// The reference tokens, unescaped.
    public let tokens: [String]

    /// The pointer as written, such as `/a~1b/0`.
    public let description: String

    /// Parses a pointer.
    /// - Parameter text: The pointer text; it must be empty or start with `/`.
    /// - Throws: ``JSONPointer/SyntaxError`` saying what is wrong.
    public init(parsing text: String) throws(SyntaxError) {
        guard !text.isEmpty else {
            self.tokens = []
            self.description = ""
            return
        }
        guard text.hasPrefix("/") else { throw SyntaxError(reason: "\"\(text)\" is not a JSON Pointer") }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard tokens.count < Self.maxTokens else {
                throw SyntaxError(reason: "\"\(text)\" has more than \(Self.maxTokens) tokens")
            }
            var token = ""
            var escaping = false
            for character in raw {
                if escaping {
                    switch character {
                    case "0": token.append("~")
                    case "1": token.append("/")
                    default:
                        throw SyntaxError(
                            reason: "\"\(text)\": \"~\" must be followed by 0 or 1 (\"~0\" is \"~\", \"~1\" is \"/\")")
                    }
                    escaping = false
                } else if character == "~" {
                    escaping = true
                } else {
                    token.append(character)
                }
            }
            if escaping {
                throw SyntaxError(
                    reason: "\"\(text)\": \"~\" must be followed by 0 or 1 (\"~0\" is \"~\", \"~1\" is \"/\")")
            }
            tokens.append(token)
        }
        self.tokens = tokens
        self.description = text
    }

    /// The pointer to a top-level field: `/key`, with `~` and `/` escaped.
    public init(field key: String) {
        var escaped = ""
        for character in key {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        self.tokens = [key]
        self.description = "/" + escaped
    }

    /// The key when the pointer names a top-level field (`/key`), else `nil`.
    public var topLevelKey: String? {
        tokens.count == 1 && !hasWildcard ? tokens[0] : nil
    }

    /// The token that stands for every element of an array, or every
    /// member of an object, in a kind spec: `/authors/*/name`.
    public static let wildcard = "*"

    /// Whether a token is ``wildcard``: the pointer may name several values.
    public var hasWildcard: Bool { tokens.contains(Self.wildcard) }

    /// The most values a pointer with a wildcard gathers from one record.
    public static let maxMatches = 1_000

    /// Every value the pointer names in `object`, in order: one at most
    /// without a wildcard; with one, each element (or member) the wildcard
    /// stands for that holds the rest of the pointer, up to ``maxMatches``.
    public func matches(in object: JSONObject) -> [JSONValue] {
        guard hasWildcard else { return resolve(in: object).map { [$0] } ?? [] }
        var found: [JSONValue] = []
        Self.collect(tokens[...], in: .object(object), into: &found)
        return found
    }

    private static func collect(_ tokens: ArraySlice<String>, in value: JSONValue, into found: inout [JSONValue]) {
        guard found.count < maxMatches else { return }
        guard let index = tokens.firstIndex(of: wildcard) else {
            if let match = resolve(tokens, in: value) { found.append(match) }
            return
        }
        guard let container = resolve(tokens[tokens.startIndex..<index], in: value) else { return }
        let rest = tokens[(index + 1)...]
        switch container {
        case .array(let elements):
            for element in elements where found.count < maxMatches { collect(rest, in: element, into: &found) }
        case .object(let object):
            for member in object.members where found.count < maxMatches {
                collect(rest, in: member.value, into: &found)
            }
        case .null, .bool, .number, .string:
            return
        }
    }

    /// The JSON Pointer a path written in another notation means, for a
    /// hint: `$.a.b`, `.a.b` (jq) and `a.b` are `/a/b`, `$.a[0].b` is
    /// `/a/0/b`, `a/b` is `/a/b`; `nil` when the text reads as none of them.
    public static func suggestion(for text: String) -> String? {
        var rest = Substring(text)
        if rest.hasPrefix("$") { rest = rest.dropFirst() }
        if rest.hasPrefix(".") { rest = rest.dropFirst() }
        guard !rest.isEmpty, !rest.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        var token = ""
        var characters = rest[...]
        func endToken() -> Bool {
            guard !token.isEmpty else { return false }
            tokens.append(token)
            token = ""
            return true
        }
        while let character = characters.popFirst() {
            switch character {
            case ".", "/":
                guard endToken() else { return nil }
            case "[":
                if !token.isEmpty { _ = endToken() }
                guard let close = characters.firstIndex(of: "]") else { return nil }
                var inside = characters[..<close]
                characters = characters[characters.index(after: close)...]
                if let quote = inside.first, quote == "'" || quote == "\"", inside.count >= 2, inside.last == quote {
                    inside = inside.dropFirst().dropLast()
                }
                guard !inside.isEmpty else { return nil }
                tokens.append(String(inside))
                if characters.first == "." { characters = characters.dropFirst() }
            default:
                token.append(character)
            }
        }
        if !token.isEmpty { tokens.append(token) }
        guard !tokens.isEmpty, tokens.count <= maxTokens else { return nil }
        return tokens.map { JSONPointer(field: $0).description }.joined()
    }

    /// The value the pointer names in `object`, or `nil` when there is none.
    public func resolve(in object: JSONObject) -> JSONValue? {
        guard let first = tokens.first else { return .object(object) }
        guard let value = object[first] else { return nil }
        return tokens.count == 1 ? value : Self.resolve(tokens.dropFirst(), in: value)
    }

    /// The value the pointer names in `value`, or `nil` when there is none.
    public func resolve(in value: JSONValue) -> JSONValue? {
        Self.resolve(tokens[...], in: value)
    }

    private static func resolve(_ tokens: ArraySlice<String>, in value: JSONValue) -> JSONValue? {
        var current = value
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Self.arrayIndex(token), index < elements.count else { return nil }
                current = elements[index]
            case .null, .bool, .number, .string:
                return nil
            }
        }
        return current
    }

    /// An array index token: decimal digits, no leading zero (except `0`).
    private static func arrayIndex(_ token: String) -> Int? {
        let utf8 = token.utf8
        guard let first = utf8.first, utf8.count <= 18, utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return nil
        }
        if first == 0x30 && utf8.count > 1 { return nil }
        return Int(token)
    }

    /// Why a text is not a JSON Pointer.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, quoting the text.
        public var reason: String

        /// Creates an error with `reason`.
        public init(reason: String) {
            self.reason = reason
        }

        /// The reason.
        public var description: String { reason }
    }
}
