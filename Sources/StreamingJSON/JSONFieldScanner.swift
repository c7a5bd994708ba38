/// Validates one JSON text and, when its top level is an object, extracts the
/// values of a fixed set of top-level keys without building anything else.
///
/// Everything it skips is still fully validated (structure, UTF-8, escapes,
/// number grammar, depth limit, no NUL or raw control characters in strings)
/// exactly as ``JSONParser`` does, so a text is accepted by the scanner if and
/// only if `JSONParser.parse` accepts it, and a rejected text gets the same
/// ``JSONParseError`` (offset and reason).
///
/// Skipped strings never become `String`s. A member key without escapes is
/// matched on its raw bytes against the precomputed UTF-8 of the wanted keys;
/// a key with escapes (`"n\u0061me"` is `name`) or with non-ASCII text is
/// decoded and compared as a `String`, so that matching follows the same
/// rule as ``JSONObject``'s subscript, canonical equivalence included.
///
/// The value of a wanted key is built in full, even when it is an array or
/// an object.
///
/// ```swift
/// let scanner = JSONFieldScanner(keys: ["kind", "name"])
/// var values: [JSONValue?] = []
/// let isObject = try scanner.scan(line.span, into: &values)
/// // values[0] is the kind, values[1] the name; nil when absent.
/// ```
///
/// It is an immutable class: a search calls it once per line, and using a
/// class costs one reference count where a struct's arrays cost one each.
public final class JSONFieldScanner: Sendable {
    /// Where one wanted key's UTF-8 sits in `keyBytes`.
    struct KeySpan: Sendable {
        /// The index of its first byte.
        var start: Int
        /// The number of bytes.
        var length: Int
        /// The first eight bytes (fewer when shorter), little-endian and
        /// zero-padded, compared before anything else.
        var prefix: UInt64
        /// Whether every byte is ASCII.
        var isASCII: Bool
    }

    /// The top-level keys whose values `scan` extracts, in the order of the
    /// values it returns.
    public let keys: [String]
    /// The deepest nesting of arrays and objects that `scan` accepts; a
    /// top-level `{}` is depth 1.
    public let maxDepth: Int
    /// The UTF-8 of every key, one after another.
    let keyBytes: [UInt8]
    /// Where each key is in `keyBytes`, in the order of `keys`.
    let keySpans: [KeySpan]
    /// Whether every key is ASCII, so that a member key of plain ASCII is
    /// matched on its bytes alone.
    let allKeysASCII: Bool
    /// Bit `n` is set when a key is `n` bytes long (bit 63 for 63 and more).
    let keyLengths: UInt64
    /// For each key, the index of the next key equal to it, or -1: a member
    /// that matches one key matches every key equal to it.
    let nextEqualKey: [Int]

    /// Creates a scanner for `keys`.
    /// - Parameters:
    ///   - keys: The top-level keys to extract. A key may appear twice; both
    ///     places then get the same value.
    ///   - maxDepth: The deepest nesting of arrays and objects to accept, as
    ///     ``JSONParser/maxDepth``.
    public init(keys: [String], maxDepth: Int = 512) {
        self.keys = keys
        self.maxDepth = maxDepth
        var bytes: [UInt8] = []
        var spans: [KeySpan] = []
        for key in keys {
            let utf8 = Array(key.utf8)
            let prefix = Self.prefix(utf8.span, from: 0, length: min(utf8.count, 8))
            spans.append(
                KeySpan(start: bytes.count, length: utf8.count, prefix: prefix, isASCII: utf8.allSatisfy { $0 < 0x80 })
            )
            bytes.append(contentsOf: utf8)
        }
        self.keyBytes = bytes
        self.keySpans = spans
        self.allKeysASCII = spans.allSatisfy(\.isASCII)
        self.keyLengths = spans.reduce(0) { $0 | 1 << UInt64(min($1.length, 63)) }
        self.nextEqualKey = keys.indices.map { index in
            keys[(index + 1)...].firstIndex(of: keys[index]) ?? -1
        }
    }

    /// Validates one JSON text and extracts the values of ``keys`` from its
    /// top-level object.
    ///
    /// Whitespace may surround the value, and a UTF-8 byte-order mark may
    /// start the input, as for ``JSONParser``.
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text.
    ///   - values: Resized to `keys.count`; on success `values[i]` is the value
    ///     of the last top-level member named `keys[i]`, or `nil` when there is
    ///     none (the "last wins" rule of ``JSONObject``'s subscript). When the
    ///     scan throws, or the top level is not an object, every value is `nil`.
    /// - Returns: `true` when the top level is an object, `false` for any
    ///   other valid JSON value.
    /// - Throws: The `JSONParseError` that `JSONParser.parse` would throw for
    ///   `bytes`, with the same offset and reason.
    public func scan(_ bytes: Span<UInt8>, into values: inout [JSONValue?]) throws(JSONParseError) -> Bool {
        if values.count != keys.count {
            values = Array(repeating: nil, count: keys.count)
        } else {
            for index in values.indices {
                values[index] = nil
            }
        }
        guard !bytes.isEmpty else {
            throw JSONParseError.endOfInput(at: 0)
        }
        var cursor = JSONSkipCursor(bytes: bytes, maxDepth: maxDepth)
        do throws(JSONParseError) {
            var found = values.mutableSpan
            return try scanDocument(&cursor, into: &found)
        } catch {
            for index in values.indices {
                values[index] = nil
            }
            throw error
        }
    }

    /// ``scan(_:into:)-(Span<UInt8>,_)`` for bytes lent as a pointer, for the
    /// callers that still hold one.
    public func scan(_ bytes: UnsafeRawBufferPointer, into values: inout [JSONValue?]) throws(JSONParseError) -> Bool {
        try scan(bytes.assumingMemoryBound(to: UInt8.self).span, into: &values)
    }
}
