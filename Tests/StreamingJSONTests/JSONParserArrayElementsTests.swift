import StreamingJSON
import Testing

/// The elements and offsets that `parseArrayElements` hands over, and its
/// error if any.
func streamElements(
    _ text: String,
    maxDepth: Int = 512
) -> (elements: [JSONValue], offsets: [Int], error: JSONParseError?) {
    var elements: [JSONValue] = []
    var offsets: [Int] = []
    var failure: JSONParseError?
    Array(text.utf8).withUnsafeBytes { buffer in
        do throws(JSONParseError) {
            try JSONParser(maxDepth: maxDepth).parseArrayElements(buffer) { value, offset in
                elements.append(value)
                offsets.append(offset)
            }
        } catch {
            failure = error
        }
    }
    return (elements, offsets, failure)
}

@Suite("JSONParser.parseArrayElements")
struct JSONParserArrayElementsTests {
    @Test("hands over each element with the offset where it starts")
    func elementsAndOffsets() {
        let result = streamElements(#"[ 1, {"a":2} ,"x" ,[true]]"#)
        #expect(result.error == nil)
        #expect(result.elements == [.number("1"), object(["a": .number("2")]), .string("x"), .array([.bool(true)])])
        #expect(result.offsets == [2, 5, 14, 19])
    }

    @Test("an empty array hands over nothing")
    func emptyArray() {
        let result = streamElements(" [ ] ")
        #expect(result.error == nil)
        #expect(result.elements.isEmpty)
    }

    @Test("offsets count a leading byte-order mark")
    func byteOrderMark() {
        let result = streamElements("\u{FEFF}[10,20]")
        #expect(result.error == nil)
        #expect(result.offsets == [4, 7])
    }

    @Test("elements before a syntax error are handed over, then it throws")
    func errorAfterSomeElements() {
        let result = streamElements(#"[{"a":1}, {"b":2}, {"c" 3}]"#)
        #expect(result.elements == [object(["a": .number("1")]), object(["b": .number("2")])])
        #expect(result.error == JSONParseError(offset: 24, reason: "expected ':' after object key, found '3'"))
    }

    @Test(
        "rejects what parse rejects",
        arguments: [
            ("{}", JSONParseError(offset: 0, reason: "expected '[' to start an array")),
            ("", JSONParseError(offset: 0, reason: "unexpected end of input")),
            ("[1,]", JSONParseError(offset: 3, reason: "expected a value, found ']'")),
            ("[1 2]", JSONParseError(offset: 3, reason: "expected ',' or ']' after array element, found '2'")),
            ("[1", JSONParseError(offset: 2, reason: "unexpected end of input")),
            ("[1] [2]", JSONParseError(offset: 4, reason: "expected end of input after the JSON value, found '['")),
            ("[[[1]]]", JSONParseError(offset: 2, reason: "nesting deeper than 2")),
        ])
    func rejects(_ text: String, _ error: JSONParseError) {
        #expect(streamElements(text, maxDepth: 2).error == error)
    }

    @Test("a 200,000-deep element is an error, not a crash")
    func deepElement() {
        let result = streamElements("[1," + String(repeating: "[", count: 200_000))
        #expect(result.elements == [.number("1")])
        #expect(result.error == JSONParseError(offset: 3 + 511, reason: "nesting deeper than 512"))
    }
}
