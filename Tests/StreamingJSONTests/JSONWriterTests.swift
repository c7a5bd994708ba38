import StreamingJSON
import Testing

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test("writes compact JSON with members in order, duplicates kept and numbers as written")
    func compactOutput() throws {
        let input = #"{ "b" : 1.50 , "a" : [ true , null, -0, 1E+400 ] , "b" : { } , "c": [ ], "d": "x" }"#
        let value = try JSONParser().parse(input)
        #expect(JSONWriter.string(value) == #"{"b":1.50,"a":[true,null,-0,1E+400],"b":{},"c":[],"d":"x"}"#)
    }

    @Test("appends to what is already in the output")
    func appends() {
        var output = Array("prefix ".utf8)
        JSONWriter.write(.array([.string("a"), .null]), into: &output)
        #expect(String(decoding: output, as: UTF8.self) == #"prefix ["a",null]"#)
    }

    static let escapes: [(text: String, json: String)] = [
        ("plain", #""plain""#),
        ("a\"b\\c/d", #""a\"b\\c/d""#),
        ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{1}\u{1B}[31m\u{1F}", #""\u0000\u0001\u001b[31m\u001f""#),
        ("\u{7F}\u{80}\u{9B}\u{9F}\u{A0}", "\"\\u007f\\u0080\\u009b\\u009f\u{A0}\""),
        ("\u{2027}\u{2028}\u{2029}\u{202A}", "\"\u{2027}\\u2028\\u2029\\u202a\""),
        ("\u{200D}\u{200E}\u{202E}\u{2066}\u{2069}\u{206A}", "\"\u{200D}\\u200e\\u202e\\u2066\\u2069\u{206A}\""),
        ("café 東京 👍🏽", "\"café 東京 👍🏽\""),
        ("", #""""#),
    ]

    @Test("escapes quotes, backslashes, control characters and line separators", arguments: escapes)
    func escaping(_ text: String, _ json: String) {
        #expect(JSONWriter.string(.string(text)) == json)
        #expect(JSONWriter.string(JSONValue.object(JSONObject([.init(key: text, value: .null)]))) == "{\(json):null}")
    }

    @Test("never writes a raw control character, and reads back every scalar")
    func everyScalarRoundTrips() throws {
        var scalars = String.UnicodeScalarView()
        for value in UInt32(0)...0x10FFFF {
            if let scalar = Unicode.Scalar(value) {
                scalars.append(scalar)
            }
        }
        let text = String(scalars)
        var output: [UInt8] = []
        JSONWriter.write(.string(text), into: &output)

        var rawControls = 0
        for index in output.indices {
            let byte = output[index]
            if byte < 0x20 || byte == 0x7F { rawControls += 1 }
            if byte == 0xC2, index + 1 < output.count, (0x80...0x9F).contains(output[index + 1]) { rawControls += 1 }
            if byte == 0xE2, index + 2 < output.count, output[index + 1] == 0x80,
                output[index + 2] == 0xA8 || output[index + 2] == 0xA9
            {
                rawControls += 1
            }
        }
        #expect(rawControls == 0)
        let back = try JSONParser().parse(output)
        #expect(back.stringValue.map { Array($0.unicodeScalars) } == Array(text.unicodeScalars))
    }

    @Test(
        "writes number text that is not a JSON number as a string, so output stays valid",
        arguments: [
            ("12", "12"), ("-0.5e-3", "-0.5e-3"), ("1e400", "1e400"),
            ("abc", #""abc""#), ("", #""""#), ("nan", #""nan""#), ("01", #""01""#), ("1 ", #""1 ""#),
        ])
    func numberText(_ text: String, _ json: String) throws {
        #expect(JSONWriter.string(.number(text)) == json)
        #expect(try JSONParser().parse(JSONWriter.string(.array([.number(text)]))) != .null)
    }

    @Test("parse, write, parse gives the same value", arguments: JSONParserTests.accepted)
    func roundTrip(_ testCase: AcceptCase) throws {
        let value = try JSONParser().parse(testCase.input)
        let written = JSONWriter.string(value)
        #expect(try JSONParser().parse(written) == value)
        // Writing is stable: the second write is the same text.
        #expect(JSONWriter.string(try JSONParser().parse(written)) == written)
    }

    @Test("writes 512 levels of nesting")
    func deepValue() throws {
        let text = String(repeating: #"{"a":["#, count: 256) + "0" + String(repeating: "]}", count: 256)
        #expect(JSONWriter.string(try JSONParser().parse(text)) == text)
    }
}
