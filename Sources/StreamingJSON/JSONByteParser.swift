/// One parse over a buffer of bytes: the cursor and the explicit stacks that
/// replace recursion.
///
/// Nested containers are parsed with a stack of frames, so input nested
/// 200,000 deep costs a few stack pushes before the depth limit stops it,
/// never a stack overflow. Finished elements and members wait on two shared
/// stacks; when a container closes, its elements are moved (not copied) into
/// an array of exactly the right size. It is a view of the input, and lasts
/// no longer than the bytes it reads.
struct JSONByteParser: ~Copyable, ~Escapable {
    /// An open array or object.
    struct Frame {
        /// Whether this frame is an object (else an array).
        var isObject: Bool
        /// Where this container's elements or members start on their stack.
        var start: Int
    }

    /// The input.
    let bytes: Span<UInt8>
    /// The index of the next byte to read.
    var position: Int
    /// The deepest nesting of arrays and objects allowed.
    let maxDepth: Int

    private var frames: MoveStack<Frame>
    private var elements: MoveStack<JSONValue>
    /// Members of open objects. The member being parsed is pushed with its
    /// key and a `null` value, which is replaced when the value is complete.
    private var members: MoveStack<JSONObject.Member>
    /// Bytes of a string that holds escapes, reused from string to string.
    var scratch: [UInt8] = []
    /// Short strings made by earlier parses, when the caller keeps them.
    var cache: ShortStringCache?

    /// Starts a parse at the first byte of `bytes`, with stacks that start in
    /// the given storage and move to the heap if they outgrow it.
    @_lifetime(copy bytes)
    init(
        bytes: Span<UInt8>,
        maxDepth: Int,
        frameStorage: UnsafeMutableBufferPointer<Frame>,
        elementStorage: UnsafeMutableBufferPointer<JSONValue>,
        memberStorage: UnsafeMutableBufferPointer<JSONObject.Member>
    ) {
        self.bytes = bytes
        self.position = 0
        self.maxDepth = maxDepth
        self.frames = MoveStack(borrowing: frameStorage)
        self.elements = MoveStack(borrowing: elementStorage)
        self.members = MoveStack(borrowing: memberStorage)
    }

    /// The number of bytes in the input.
    var count: Int {
        @inline(__always) get { bytes.count }
    }

    /// Runs `body` with a parser over `bytes`, whose stacks start in
    /// temporary (stack) memory.
    static func withParser<Result>(
        over bytes: Span<UInt8>,
        maxDepth: Int,
        cache: ShortStringCache? = nil,
        _ body: (inout JSONByteParser) throws(JSONParseError) -> Result
    ) throws(JSONParseError) -> Result {
        guard !bytes.isEmpty else {
            throw JSONParseError(offset: 0, reason: "unexpected end of input")
        }
        return try withUnsafeTemporaryAllocation(of: Frame.self, capacity: 16) { frames throws(JSONParseError) in
            try withUnsafeTemporaryAllocation(of: JSONValue.self, capacity: 32) { elements throws(JSONParseError) in
                // 24 members (40 bytes each) stay within the 1 KiB that is
                // allocated on the stack; 32 went to the heap on every parse.
                try withUnsafeTemporaryAllocation(of: JSONObject.Member.self, capacity: 24) {
                    members throws(JSONParseError) in
                    var parser = JSONByteParser(
                        bytes: bytes,
                        maxDepth: maxDepth,
                        frameStorage: frames,
                        elementStorage: elements,
                        memberStorage: members
                    )
                    parser.cache = cache
                    return try body(&parser)
                }
            }
        }
    }

    // MARK: Whole documents

    /// Parses one value that must fill the whole input, apart from a leading
    /// byte-order mark and surrounding whitespace.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipByteOrderMark()
        let value = try parseValue(depthLimit: maxDepth)
        try expectEndOfInput()
        return value
    }

    /// Parses a top-level array, handing each element to `body` with the
    /// offset of its first byte as soon as the element is complete.
    mutating func parseArrayElements(_ body: (JSONValue, Int) -> Void) throws(JSONParseError) {
        skipByteOrderMark()
        skipWhitespace()
        guard position < count else {
            throw JSONParseError(offset: position, reason: "unexpected end of input")
        }
        guard bytes[position] == ASCII.openBracket else {
            throw JSONParseError(offset: position, reason: "expected '[' to start an array")
        }
        guard maxDepth >= 1 else {
            throw JSONParseError(offset: position, reason: "nesting deeper than \(maxDepth)")
        }
        position += 1
        skipWhitespace()
        if position < count, bytes[position] == ASCII.closeBracket {
            position += 1
        } else {
            while true {
                skipWhitespace()
                let start = position
                body(try parseValue(depthLimit: maxDepth - 1), start)
                skipWhitespace()
                guard position < count else {
                    throw JSONParseError(offset: position, reason: "unexpected end of input")
                }
                let byte = bytes[position]
                position += 1
                if byte == ASCII.comma { continue }
                if byte == ASCII.closeBracket { break }
                throw unexpected(byte, at: position - 1, expected: "',' or ']' after array element")
            }
        }
        try expectEndOfInput()
    }

    private mutating func skipByteOrderMark() {
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
        }
    }

    private mutating func expectEndOfInput() throws(JSONParseError) {
        skipWhitespace()
        if position < count {
            throw unexpected(bytes[position], at: position, expected: "end of input after the JSON value")
        }
    }

    // MARK: Values

    /// Parses one value starting at the cursor (after optional whitespace),
    /// with at most `depthLimit` arrays and objects nested inside each other.
    mutating func parseValue(depthLimit: Int) throws(JSONParseError) -> JSONValue {
        let bottom = frames.count
        // Each pass of the outer loop parses one value at the cursor: a
        // scalar, an empty container, or the opening of a container (which
        // pushes a frame and goes round again for its first child).
        nextValue: while true {
            skipWhitespace()
            guard position < count else {
                throw JSONParseError(offset: position, reason: "unexpected end of input")
            }
            var value: JSONValue
            let byte = bytes[position]
            switch byte {
            case 0x22:  // "
                value = .string(try parseString())
            case 0x7B:  // {
                guard frames.count - bottom < depthLimit else {
                    throw JSONParseError(offset: position, reason: "nesting deeper than \(maxDepth)")
                }
                position += 1
                skipWhitespace()
                if position < count, bytes[position] == ASCII.closeBrace {
                    position += 1
                    value = .object(JSONObject())
                } else {
                    frames.append(Frame(isObject: true, start: members.count))
                    members.append(JSONObject.Member(key: try parseKey(), value: .null))
                    continue nextValue
                }
            case 0x5B:  // [
                guard frames.count - bottom < depthLimit else {
                    throw JSONParseError(offset: position, reason: "nesting deeper than \(maxDepth)")
                }
                position += 1
                skipWhitespace()
                if position < count, bytes[position] == ASCII.closeBracket {
                    position += 1
                    value = .array([])
                } else {
                    frames.append(Frame(isObject: false, start: elements.count))
                    continue nextValue
                }
            case 0x2D, 0x30...0x39:  // - 0-9
                let start = position
                position = try JSONNumberGrammar.scan(bytes, from: start)
                value = .number(makeString(start..<position))
            case 0x74:  // t
                try expectLiteral(.true)
                value = .bool(true)
            case 0x66:  // f
                try expectLiteral(.false)
                value = .bool(false)
            case 0x6E:  // n
                try expectLiteral(.null)
                value = .null
            default:
                throw unexpected(byte, at: position, expected: "a value")
            }

            // A value is complete: add it to the open container, closing
            // every container that ends right after it.
            while frames.count > bottom {
                let top = frames.last
                skipWhitespace()
                guard position < count else {
                    throw JSONParseError(offset: position, reason: "unexpected end of input")
                }
                let next = bytes[position]
                position += 1
                if top.isObject {
                    members.last.value = consume value
                    if next == ASCII.comma {
                        skipWhitespace()
                        members.append(JSONObject.Member(key: try parseKey(), value: .null))
                        continue nextValue
                    }
                    guard next == ASCII.closeBrace else {
                        throw unexpected(next, at: position - 1, expected: "',' or '}' after object member")
                    }
                    value = .object(JSONObject(members.popArray(from: top.start)))
                } else {
                    elements.append(consume value)
                    if next == ASCII.comma {
                        continue nextValue
                    }
                    guard next == ASCII.closeBracket else {
                        throw unexpected(next, at: position - 1, expected: "',' or ']' after array element")
                    }
                    value = .array(elements.popArray(from: top.start))
                }
                frames.removeLast()
            }
            return value
        }
    }

    /// Parses `"key"` and the `:` after it, leaving the cursor after the colon.
    private mutating func parseKey() throws(JSONParseError) -> String {
        guard position < count else {
            throw JSONParseError(offset: position, reason: "unexpected end of input")
        }
        guard bytes[position] == ASCII.quote else {
            throw unexpected(bytes[position], at: position, expected: "'\"' to start an object key")
        }
        let key = try parseString()
        skipWhitespace()
        guard position < count else {
            throw JSONParseError(offset: position, reason: "unexpected end of input")
        }
        guard bytes[position] == ASCII.colon else {
            throw unexpected(bytes[position], at: position, expected: "':' after object key")
        }
        position += 1
        return key
    }

    /// Checks that `literal` (`true`, `false` or `null`) is at the cursor,
    /// and moves past it.
    @inline(__always)
    private mutating func expectLiteral(_ literal: JSONLiteralGrammar.Literal) throws(JSONParseError) {
        position = try JSONLiteralGrammar.scan(literal, bytes, from: position)
    }

    // MARK: Helpers

    /// Moves the cursor past JSON whitespace.
    @inline(__always)
    mutating func skipWhitespace() {
        while position < count, ASCII.isWhitespace(bytes[position]) {
            position += 1
        }
    }

    /// The error for `byte` at `offset` where `expected` should have been.
    func unexpected(_ byte: UInt8, at offset: Int, expected: String) -> JSONParseError {
        JSONParseError.unexpected(byte, at: offset, expected: expected)
    }
}
