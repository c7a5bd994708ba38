import RawBytes

/// A strict JSON parser (RFC 8259) that reads UTF-8 bytes without Foundation.
///
/// It keeps everything the input said: member order, duplicate keys and the
/// exact text of numbers (`1e400` stays `1e400`). It rejects what RFC 8259
/// rejects, including invalid UTF-8, raw control characters in strings and
/// NUL bytes, each with the byte offset of the problem. A `\u` escape of a
/// lone surrogate becomes U+FFFD.
///
/// Nesting is handled with an explicit stack, not recursion, so no input can
/// overflow the call stack; input nested deeper than `maxDepth` is an error.
///
/// ```swift
/// let value = try JSONParser().parse(#"{"name": "example.com", "price": 12.99}"#)
/// ```
public struct JSONParser: Sendable {
    /// The deepest nesting of arrays and objects that `parse` accepts.
    ///
    /// Keep it modest: destroying or comparing a `JSONValue` recurses once
    /// per level of nesting.
    public var maxDepth: Int

    /// Creates a parser.
    /// - Parameter maxDepth: The deepest nesting of arrays and objects to
    ///   accept; a top-level `[]` is depth 1.
    public init(maxDepth: Int = 512) {
        self.maxDepth = maxDepth
    }

    /// Parses exactly one JSON value.
    ///
    /// Whitespace may surround the value, and a UTF-8 byte-order mark may
    /// start the input. Anything else after the value is an error.
    /// - Parameter bytes: UTF-8 JSON text.
    /// - Returns: The value.
    /// - Throws: `JSONParseError` at the first problem, with its byte offset
    ///   into `bytes`.
    public func parse(_ bytes: Span<UInt8>) throws(JSONParseError) -> JSONValue {
        try JSONByteParser.withParser(over: bytes, maxDepth: maxDepth) { parser throws(JSONParseError) in
            try parser.parseDocument()
        }
    }

    /// Parses exactly one JSON value as ``parse(_:)-(Span<UInt8>)`` does,
    /// taking short strings from `cache` and remembering new ones: a loop
    /// over many similar records makes each of their common keys and values
    /// once.
    package func parse(_ bytes: Span<UInt8>, cache: ShortStringCache) throws(JSONParseError) -> JSONValue {
        try JSONByteParser.withParser(over: bytes, maxDepth: maxDepth, cache: cache) { parser throws(JSONParseError) in
            try parser.parseDocument()
        }
    }

    /// ``parse(_:)-(Span<UInt8>)`` for bytes lent as a pointer, for the
    /// callers that still hold one.
    public func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        try parse(bytes.assumingMemoryBound(to: UInt8.self).span)
    }

    /// ``parse(_:cache:)-(Span<UInt8>,_)`` for bytes lent as a pointer, for
    /// the callers that still hold one.
    package func parse(_ bytes: UnsafeRawBufferPointer, cache: ShortStringCache) throws(JSONParseError) -> JSONValue {
        try parse(bytes.assumingMemoryBound(to: UInt8.self).span, cache: cache)
    }

    /// Parses exactly one JSON value from an array of UTF-8 bytes.
    /// - Parameter bytes: UTF-8 JSON text.
    /// - Returns: The value.
    /// - Throws: `JSONParseError` at the first problem, with its byte offset.
    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try parse(bytes.span)
    }

    /// Parses exactly one JSON value from text.
    /// - Parameter text: JSON text.
    /// - Returns: The value.
    /// - Throws: `JSONParseError` at the first problem, with its offset in
    ///   `text.utf8`.
    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        let result = text.withUTF8Bytes { bytes in
            Result { () throws(JSONParseError) -> JSONValue in try parse(bytes) }
        }
        return try result.get()
    }

    /// Parses a top-level array one element at a time.
    ///
    /// `body` gets each element as soon as it is complete, with the byte
    /// offset where the element starts, so that a caller can report
    /// locations and never holds every element twice. Elements before a
    /// syntax error have already been handed over when the error is thrown.
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text whose top-level value is an array.
    ///   - body: Called with each element and the offset of its first byte.
    /// - Throws: `JSONParseError` at the first problem, including a top-level
    ///   value that is not an array.
    public func parseArrayElements(
        _ bytes: Span<UInt8>,
        _ body: (JSONValue, Int) -> Void
    ) throws(JSONParseError) {
        try JSONByteParser.withParser(over: bytes, maxDepth: maxDepth) { parser throws(JSONParseError) in
            try parser.parseArrayElements(body)
        }
    }

    /// ``parseArrayElements(_:_:)-(Span<UInt8>,_)`` for bytes lent as a
    /// pointer, for the callers that still hold one.
    public func parseArrayElements(
        _ bytes: UnsafeRawBufferPointer,
        _ body: (JSONValue, Int) -> Void
    ) throws(JSONParseError) {
        try parseArrayElements(bytes.assumingMemoryBound(to: UInt8.self).span, body)
    }
}
