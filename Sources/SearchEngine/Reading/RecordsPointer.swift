/// Where in a JSON document its records are, as a JSON Pointer (RFC 6901)
/// such as `/hits/hits`: given by `--records`, or found by the reader (the
/// array a response wraps its records in). The command parses the pointer;
/// the reader follows its tokens.
public struct RecordsPointer: Sendable, Equatable, CustomStringConvertible {
    /// The reference tokens, unescaped: `/a~1b` is `["a/b"]`.
    public let tokens: [String]
    /// The pointer as written: `/hits/hits`, or `""` for the whole document.
    public let description: String

    /// A pointer with these tokens, written as `description`.
    public init(tokens: [String], description: String) {
        self.tokens = tokens
        self.description = description
    }

    /// The pointer to the whole document.
    static let document = RecordsPointer(tokens: [], description: "")

    /// The pointer with `token` appended, `~` and `/` escaped in it.
    func appending(_ token: String) -> RecordsPointer {
        let escaped = token.replacing("~", with: "~0").replacing("/", with: "~1")
        return RecordsPointer(tokens: tokens + [token], description: description + "/" + escaped)
    }

    /// The array index a token names (`0`, `12`; not `01` or `-`), if any.
    static func index(_ token: String) -> Int? {
        let utf8 = token.utf8
        guard let first = utf8.first, utf8.count <= 18, utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            first != 0x30 || utf8.count == 1
        else { return nil }
        return Int(token)
    }
}
