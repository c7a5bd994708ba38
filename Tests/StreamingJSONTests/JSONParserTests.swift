import StreamingJSON
import Testing

@Suite("JSONParser")
struct JSONParserTests {
    static let accepted: [AcceptCase] = [
        // Structure and whitespace.
        AcceptCase("[]", .array([])),
        AcceptCase("{}", .object(JSONObject())),
        AcceptCase("[[]]", .array([.array([])])),
        AcceptCase(" \t\r\n[ 1 , 2 ]\n", .array([.number("1"), .number("2")])),
        AcceptCase(#"{ "a" : [ ] , "b" : { } }"#, object(["a": .array([]), "b": .object(JSONObject())])),
        AcceptCase("[1,[2,[3]]]", .array([.number("1"), .array([.number("2"), .array([.number("3")])])])),
        AcceptCase(#"{"":0}"#, object(["": .number("0")])),
        AcceptCase(#"{"a":1,"a":2}"#, object(["a": .number("1"), "a": .number("2")])),
        AcceptCase(#"{"b":1,"a":2}"#, object(["b": .number("1"), "a": .number("2")])),
        AcceptCase("[[] ]", .array([.array([])])),
        AcceptCase(#"{"\u0000":1}"#, object(["\u{0}": .number("1")])),
        // Top-level scalars.
        AcceptCase("true", .bool(true)),
        AcceptCase("false", .bool(false)),
        AcceptCase("null", .null),
        AcceptCase(#""x""#, .string("x")),
        AcceptCase(" 7 ", .number("7")),
        // Numbers keep their text.
        AcceptCase("-0", .number("-0")),
        AcceptCase("0.5", .number("0.5")),
        AcceptCase("1E+2", .number("1E+2")),
        AcceptCase("1e-2", .number("1e-2")),
        AcceptCase("-1.5e10", .number("-1.5e10")),
        AcceptCase("1e400", .number("1e400")),
        AcceptCase("[1.0e-0]", .array([.number("1.0e-0")])),
        AcceptCase("-123456789012345678901234567890", .number("-123456789012345678901234567890")),
        AcceptCase("123456789.123456789e-999", .number("123456789.123456789e-999")),
        AcceptCase(
            "[1E22, -0.0, 123e-10000000]", .array([.number("1E22"), .number("-0.0"), .number("123e-10000000")])),
        // Strings and escapes.
        AcceptCase(#""\"\\\/\b\f\n\r\t""#, .string("\"\\/\u{8}\u{C}\n\r\t")),
        AcceptCase(#""\u0000""#, .string("\u{0}")),
        AcceptCase(#""\u00e9\u00E9""#, .string("\u{E9}\u{E9}")),
        AcceptCase(#""\u6771\u4eac""#, .string("東京")),
        AcceptCase(#""\ud834\udd1e""#, .string("\u{1D11E}")),
        AcceptCase(#""\uD83D\uDC4D""#, .string("👍")),
        AcceptCase(#""\uDBFF\uDFFF""#, .string("\u{10FFFF}")),
        AcceptCase(#""\u0061\u30af""#, .string("aク")),
        AcceptCase(#""a\nb""#, .string("a\nb")),
        AcceptCase(
            #""plain text that is longer than eight bytes""#, .string("plain text that is longer than eight bytes")),
        AcceptCase("\"caf\u{E9} \u{6771}\u{4EAC} \u{1F44D}\u{1F3FD}\"", .string("café 東京 👍🏽")),
        AcceptCase("\"\u{7F}\u{2028}\u{2029}\"", .string("\u{7F}\u{2028}\u{2029}")),
        // Lone surrogates become U+FFFD.
        AcceptCase(#""\ud800""#, .string("\u{FFFD}")),
        AcceptCase(#""\udc00""#, .string("\u{FFFD}")),
        AcceptCase(#""\ud800\u0041""#, .string("\u{FFFD}A")),
        AcceptCase(#""\ud800x""#, .string("\u{FFFD}x")),
        AcceptCase(#""\ud800\ud800\udc00""#, .string("\u{FFFD}\u{10000}")),
        AcceptCase(#""\udc00\ud800""#, .string("\u{FFFD}\u{FFFD}")),
        // A byte-order mark may start the input.
        AcceptCase(bytes: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8), .array([.number("1")])),
        AcceptCase(bytes: [0xEF, 0xBB, 0xBF] + Array(" {} ".utf8), .object(JSONObject())),
    ]

    @Test("accepts valid JSON with the right value", arguments: accepted)
    func accepts(_ testCase: AcceptCase) {
        #expect(parseResult(testCase.input) == .success(testCase.expected))
    }

    static let rejected: [RejectCase] = [
        // Empty and truncated input.
        RejectCase("", at: 0, "unexpected end of input"),
        RejectCase("   ", at: 3, "unexpected end of input"),
        RejectCase("[", at: 1, "unexpected end of input"),
        RejectCase("[1,2", at: 4, "unexpected end of input"),
        RejectCase(#"{"a":"#, at: 5, "unexpected end of input"),
        RejectCase(#"{"a""#, at: 4, "unexpected end of input"),
        RejectCase("tru", at: 3, "unexpected end of input"),
        // Structure.
        RejectCase("[1,]", at: 3, "expected a value, found ']'"),
        RejectCase("[,1]", at: 1, "expected a value, found ','"),
        RejectCase("[1 2]", at: 3, "expected ',' or ']' after array element, found '2'"),
        RejectCase("[1,,2]", at: 3, "expected a value, found ','"),
        RejectCase("{,}", at: 1, "expected '\"' to start an object key, found ','"),
        RejectCase(#"{"a":}"#, at: 5, "expected a value, found '}'"),
        RejectCase(#"{"a" "b"}"#, at: 5, "expected ':' after object key, found '\"'"),
        RejectCase(#"{"a":1}{"b":2}"#, at: 7, "expected end of input after the JSON value, found '{'"),
        RejectCase("[\u{A0}1]", at: 1, "expected a value, found byte 0xC2"),
        RejectCase("[1}", at: 2, "expected ',' or ']' after array element, found '}'"),
        RejectCase(#"{"a" 1}"#, at: 5, "expected ':' after object key, found '1'"),
        RejectCase(#"{"a":1,}"#, at: 7, "expected '\"' to start an object key, found '}'"),
        RejectCase("{'a':1}", at: 1, "expected '\"' to start an object key, found '''"),
        RejectCase("{a:1}", at: 1, "expected '\"' to start an object key, found 'a'"),
        RejectCase(#"{"a":1 "b":2}"#, at: 7, "expected ',' or '}' after object member, found '\"'"),
        RejectCase(#"{"a":1]"#, at: 6, "expected ',' or '}' after object member, found ']'"),
        RejectCase("[1]]", at: 3, "expected end of input after the JSON value, found ']'"),
        RejectCase("[1] x", at: 4, "expected end of input after the JSON value, found 'x'"),
        RejectCase("1 2", at: 2, "expected end of input after the JSON value, found '2'"),
        RejectCase("[1] // comment", at: 4, "expected end of input after the JSON value, found '/'"),
        RejectCase("[\u{1}]", at: 1, "expected a value, found control character U+0001"),
        // Literals.
        RejectCase("[tRue]", at: 1, "invalid literal, expected 'true'"),
        RejectCase("[nulL]", at: 1, "invalid literal, expected 'null'"),
        RejectCase("trux", at: 0, "invalid literal, expected 'true'"),
        RejectCase("nul", at: 3, "unexpected end of input"),
        RejectCase("[fals]", at: 1, "invalid literal, expected 'false'"),
        RejectCase("True", at: 0, "expected a value, found 'T'"),
        RejectCase("NaN", at: 0, "expected a value, found 'N'"),
        RejectCase("undefined", at: 0, "expected a value, found 'u'"),
        // Numbers.
        RejectCase("01", at: 0, "leading zero in number"),
        RejectCase("-01", at: 1, "leading zero in number"),
        RejectCase("-", at: 1, "expected digit after '-'"),
        RejectCase("-Infinity", at: 1, "expected digit after '-'"),
        RejectCase("1.", at: 2, "expected digit after '.' in number"),
        RejectCase("1.e3", at: 2, "expected digit after '.' in number"),
        RejectCase(".5", at: 0, "expected a value, found '.'"),
        RejectCase("1e", at: 2, "expected digit in exponent"),
        RejectCase("1e+", at: 3, "expected digit in exponent"),
        RejectCase("[1E-x]", at: 4, "expected digit in exponent"),
        RejectCase("[--1]", at: 2, "expected digit after '-'"),
        RejectCase("[1.2.3]", at: 4, "expected ',' or ']' after array element, found '.'"),
        RejectCase("[1e1.0]", at: 4, "expected ',' or ']' after array element, found '.'"),
        RejectCase("[0e]", at: 3, "expected digit in exponent"),
        RejectCase("[2.e3]", at: 3, "expected digit after '.' in number"),
        RejectCase("+1", at: 0, "expected a value, found '+'"),
        RejectCase("0x10", at: 1, "expected end of input after the JSON value, found 'x'"),
        RejectCase("1 000", at: 2, "expected end of input after the JSON value, found '0'"),
        // Strings.
        RejectCase(#""abc"#, at: 0, "unterminated string"),
        RejectCase(#"["abc]"#, at: 1, "unterminated string"),
        RejectCase(#""ab\"#, at: 0, "unterminated string"),
        RejectCase(#""a\"#, at: 0, "unterminated string"),
        RejectCase(#"["\a"]"#, at: 2, #"invalid escape '\a'"#),
        RejectCase(#"["a\u"]"#, at: 3, #"invalid \u escape, expected four hex digits"#),
        RejectCase(#""\x""#, at: 1, #"invalid escape '\x'"#),
        RejectCase(#""\U0041""#, at: 1, #"invalid escape '\U'"#),
        RejectCase(#""ab\'""#, at: 3, #"invalid escape '\''"#),
        RejectCase(#""\u12""#, at: 1, #"invalid \u escape, expected four hex digits"#),
        RejectCase(#""\u12G4""#, at: 1, #"invalid \u escape, expected four hex digits"#),
        RejectCase(#""\ud800\u12""#, at: 7, #"invalid \u escape, expected four hex digits"#),
        RejectCase("\"a\tb\"", at: 2, "unescaped control character U+0009 in string"),
        RejectCase("\"a\nb\"", at: 2, "unescaped control character U+000A in string"),
        RejectCase("\"\\n\u{1F}\"", at: 3, "unescaped control character U+001F in string"),
        // NUL bytes, anywhere.
        RejectCase(bytes: [0], at: 0, "unexpected NUL byte, expected a value"),
        RejectCase(bytes: Array(#""a"#.utf8) + [0, 0x22], at: 2, "unexpected NUL byte in string"),
        RejectCase(bytes: Array("[1,".utf8) + [0] + Array("]".utf8), at: 3, "unexpected NUL byte, expected a value"),
        RejectCase(
            bytes: Array("[1]".utf8) + [0], at: 3, "unexpected NUL byte, expected end of input after the JSON value"),
        RejectCase(
            bytes: Array("[1".utf8) + [0], at: 2, "unexpected NUL byte, expected ',' or ']' after array element"),
        // A byte-order mark only at the very start.
        RejectCase(
            bytes: Array("[".utf8) + [0xEF, 0xBB, 0xBF] + Array("]".utf8), at: 1, "expected a value, found byte 0xEF"),
        RejectCase(
            bytes: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("[]".utf8), at: 3, "expected a value, found byte 0xEF"),
    ]

    @Test("rejects invalid JSON at the right offset", arguments: rejected)
    func rejects(_ testCase: RejectCase) {
        #expect(
            parseResult(testCase.input) == .failure(JSONParseError(offset: testCase.offset, reason: testCase.reason)))
    }

    /// Invalid UTF-8 inside strings, with the offset of the bad sequence's
    /// first byte.
    static let invalidUTF8: [(bytes: [UInt8], offset: Int)] = [
        ([0x22, 0x80, 0x22], 1),  // lone continuation byte
        ([0x22, 0x61, 0xFF, 0x22], 2),  // never valid
        ([0x22, 0xC3, 0x22], 1),  // truncated by the closing quote
        ([0x22, 0xC0, 0xAF, 0x22], 1),  // overlong '/'
        ([0x22, 0xC1, 0xBF, 0x22], 1),  // overlong
        ([0x22, 0xE0, 0x80, 0xAF, 0x22], 1),  // overlong, three bytes
        ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // encoded surrogate U+D800
        ([0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], 1),  // overlong, four bytes
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // above U+10FFFF
        ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 1),  // never valid lead
        ([0x22, 0xE2, 0x82, 0x22], 1),  // truncated three-byte sequence
        ([0x22, 0xE2, 0x82], 1),  // truncated by the end of input
        (Array(#"["ok", "caf"#.utf8) + [0xE9, 0x22, 0x5D], 11),  // Latin-1 é
        (Array(#"{"k\n": "abcdefghijklmnop"#.utf8) + [0xF0, 0x9F, 0x98, 0x22, 0x7D], 25),  // after an escape
    ]

    @Test("rejects invalid UTF-8 at the offset of the bad sequence", arguments: invalidUTF8)
    func rejectsInvalidUTF8(_ bytes: [UInt8], _ offset: Int) {
        #expect(parseResult(bytes) == .failure(JSONParseError(offset: offset, reason: "invalid UTF-8")))
    }

    @Test("rejects non-ASCII bytes outside strings, naming the byte")
    func rejectsNonASCIIOutsideStrings() {
        #expect(
            parseResult([0x5B, 0xC3, 0xA9, 0x5D])
                == .failure(JSONParseError(offset: 1, reason: "expected a value, found byte 0xC3"))
        )
    }

    @Test("accepts every valid UTF-8 length and boundary")
    func acceptsUTF8Boundaries() throws {
        let scalars: [Unicode.Scalar] = [
            "\u{80}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}",
        ]
        for scalar in scalars {
            let text = String(scalar)
            #expect(parseResult(Array("\"\(text)\"".utf8)) == .success(.string(text)), "U+\(scalar.value)")
        }
    }

    /// Openers repeated 200,000 times, with the offset of the 513th
    /// opening bracket, where the error must point.
    static let deepInputs: [(opener: String, offset: Int)] = [
        ("[", 512),
        (#"{"a":"#, 512 * 5),
        (#"[{"a":"#, 256 * 6),
    ]

    @Test("nesting 200,000 deep is an error, not a crash", arguments: deepInputs)
    func deepNestingIsAnError(_ opener: String, _ offset: Int) {
        let input = Array(String(repeating: opener, count: 200_000).utf8)
        #expect(parseResult(input) == .failure(JSONParseError(offset: offset, reason: "nesting deeper than 512")))
    }

    @Test("nesting exactly at the limit is accepted, one more is not")
    func depthLimitIsExact() throws {
        let atLimit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var value = try JSONParser().parse(atLimit)
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            value = elements.first ?? .null
        }
        #expect(depth == 512)
        let beyond = "[" + atLimit + "]"
        #expect(
            parseResult(Array(beyond.utf8)) == .failure(JSONParseError(offset: 512, reason: "nesting deeper than 512"))
        )
        #expect(
            parseResult(Array("[[{}]]".utf8), maxDepth: 2)
                == .failure(JSONParseError(offset: 2, reason: "nesting deeper than 2"))
        )
        #expect(parseResult(Array("[[1]]".utf8), maxDepth: 2) == .success(.array([.array([.number("1")])])))
    }

    @Test("a 10 MB string parses whole, with and without escapes")
    func tenMegabyteString() throws {
        let chunk = "0123456789 café 東京 👍🏽 "  // 40 bytes of UTF-8
        let repeats = 10_000_000 / chunk.utf8.count
        let text = String(repeating: chunk, count: repeats)
        let plain = try JSONParser().parse("\"" + text + "\"")
        #expect(plain.stringValue?.utf8.count == repeats * chunk.utf8.count)
        #expect(plain.stringValue == text)

        let escapedChunk = #"line\n\"quoted\"\t\u00e9\ud83d\udc4d "#
        let escaped = try JSONParser().parse("\"" + String(repeating: escapedChunk, count: 250_000) + "\"")
        #expect(escaped.stringValue == String(repeating: "line\n\"quoted\"\t\u{E9}👍 ", count: 250_000))
    }

    @Test("the three entry points agree")
    func entryPointsAgree() throws {
        let text = #"{"name":"café","tags":["a","b"],"n":-1.5e3}"#
        let parser = JSONParser()
        let fromString = try parser.parse(text)
        let fromArray = try parser.parse(Array(text.utf8))
        let fromBuffer = try Array(text.utf8).withUnsafeBytes { buffer in try parser.parse(buffer) }
        #expect(fromString == fromArray)
        #expect(fromString == fromBuffer)
        #expect(fromString.objectValue?["name"] == .string("café"))
    }

    @Test("error descriptions name the reason and the byte")
    func errorDescription() {
        #expect(
            JSONParseError(offset: 12, reason: "unterminated string").description == "unterminated string at byte 12")
    }
}
