/// The three literal names of JSON (`true`, `false`, `null`), checked the
/// same way by the parser and the field scanner.
enum JSONLiteralGrammar {
    /// Checks that `literal` is at `start`, whose first byte the caller has
    /// already matched.
    /// - Parameters:
    ///   - literal: `true`, `false` or `null`.
    ///   - base: The first byte of the input.
    ///   - start: The index of the literal's first byte.
    ///   - count: The number of bytes in the input.
    /// - Returns: The index just past the literal.
    /// - Throws: A `JSONParseError` at the end of input, or at `start` when
    ///   another byte breaks the literal.
    @inline(__always)
    static func scan(
        _ literal: StaticString,
        _ base: UnsafePointer<UInt8>,
        from start: Int,
        count: Int
    ) throws(JSONParseError) -> Int {
        let bytes = literal.utf8Start
        let length = literal.utf8CodeUnitCount
        var index = 1  // The caller has seen the first byte.
        while index < length {
            guard start + index < count else {
                throw JSONParseError.endOfInput(at: start + index)
            }
            guard base[start + index] == bytes[index] else {
                throw JSONParseError(offset: start, reason: "invalid literal, expected '\(literal)'")
            }
            index += 1
        }
        return start + length
    }
}
