import KindSpecs
import ResultKit
import StreamingJSON
import Testing

/// RFC 6901 pointers: parsing, escapes, and resolution in objects and arrays.
struct JSONPointerTests {
    static let document = #"""
        {"a": {"b": [10, {"c": "deep"}]}, "x/y": 1, "m~n": 2, "": 3, "01": 4}
        """#

    @Test(arguments: [
        ("/a/b/0", "10"), ("/a/b/1/c", "deep"), ("/x~1y", "1"), ("/m~0n", "2"), ("/", "3"), ("/01", "4"),
    ])
    func pointersResolveAsRFC6901Says(pointer: String, expected: String) throws {
        let value = try JSONParser().parse(Self.document)
        #expect(try JSONPointer(parsing: pointer).resolve(in: value)?.scalarText == expected)
    }

    @Test(arguments: ["/a/b/2", "/a/b/01", "/a/b/-", "/a/b/x", "/nope", "/a/b/1/c/d", "/a/b/99999999999999999999"])
    func pointersToNothingResolveToNil(pointer: String) throws {
        let value = try JSONParser().parse(Self.document)
        #expect(try JSONPointer(parsing: pointer).resolve(in: value) == nil)
    }

    @Test func theEmptyPointerIsTheWholeDocument() throws {
        let object = try #require(try JSONParser().parse(Self.document).objectValue)
        #expect(try JSONPointer(parsing: "").resolve(in: object) == .object(object))
        #expect(try JSONPointer(parsing: "/x~1y").resolve(in: object) == .number("1"))
    }

    @Test func aFieldPointerEscapesItsKey() throws {
        let pointer = JSONPointer(field: "x/y~")
        #expect(pointer.description == "/x~1y~0")
        #expect(try JSONPointer(parsing: pointer.description).tokens == ["x/y~"])
        #expect(pointer.topLevelKey == "x/y~")
    }

    @Test func tooManyTokensIsAnError() {
        let text = String(repeating: "/a", count: JSONPointer.maxTokens + 1)
        #expect(throws: JSONPointer.SyntaxError.self) { try JSONPointer(parsing: text) }
    }
}
