import KindSpecs
import ResultKit
import StreamingJSON
import Testing

/// NAME templates: placeholders by field or pointer, braces, and the error a
/// record gets when a placeholder has no value.
struct NameTemplateTests {
    static func object(_ text: String) throws -> JSONObject {
        try #require(try JSONParser().parse(text).objectValue)
    }

    @Test func placeholdersAreFilledFromFieldsAndPointers() throws {
        let template = try NameTemplate(parsing: "{rank} of {suit} {{{/deck/name}}}")
        let record = try Self.object(#"{"rank": "Queen", "suit": "Hearts", "deck": {"name": 7}}"#)
        #expect(try template.render(record) == "Queen of Hearts {7}")
        #expect(template.fieldLabels == ["rank", "suit", "/deck/name"])
    }

    @Test(arguments: [
        (#"{"rank": "Queen"}"#, #"missing field "suit""#),
        (#"{"rank": "Queen", "suit": null}"#, #"missing field "suit""#),
        (#"{"rank": "Queen", "suit": ["Hearts"]}"#, #"field "suit" must be text or a number, not an array"#),
    ])
    func aMissingValueRejectsTheRecordNamingTheField(record: String, reason: String) throws {
        let template = try NameTemplate(parsing: "{rank} of {suit}")
        #expect(throws: RecordDecodingError(reason)) { try template.render(try Self.object(record)) }
    }

    @Test(arguments: [
        ("{}", #"empty placeholder "{}" at character 1"#),
        ("{/a~9}", #"placeholder {/a~9}: "/a~9": "~" must be followed by 0 or 1 ("~0" is "~", "~1" is "/")"#),
        ("plain", #""plain" has no placeholder such as {name}"#),
        (String(repeating: "{a}", count: 400), "longer than 1000 characters"),
    ])
    func mistakesInTemplatesAreExplained(text: String, reason: String) {
        #expect(throws: NameTemplate.SyntaxError(reason: reason)) { try NameTemplate(parsing: text) }
    }

    /// 333 placeholders over a 1 MB field build at most the cap, not 333 MB.
    @Test func aFilledTemplateStopsAtTheCapWithAnEllipsis() throws {
        let template = try NameTemplate(parsing: String(repeating: "{x}", count: 333))
        let field = String(repeating: "é", count: 500_000)
        let record = JSONObject([JSONObject.Member(key: "x", value: .string(field))])
        let name = try template.render(record)
        #expect(name.hasSuffix("…"))
        #expect(name.utf8.count <= NameTemplate.maxOutputBytes + "…".utf8.count)
        #expect(name.utf8.count > NameTemplate.maxOutputBytes - 2)
        #expect(name.dropLast().allSatisfy { $0 == "é" })
    }

    @Test func aPlaceholderPastTheCapIsStillChecked() throws {
        let template = try NameTemplate(parsing: "{x} {y}")
        let record = JSONObject([JSONObject.Member(key: "x", value: .string(String(repeating: "a", count: 10_000)))])
        #expect(throws: RecordDecodingError(#"missing field "y""#)) { try template.render(record) }
    }

    @Test func aTemplateUnderTheCapIsWhole() throws {
        let template = try NameTemplate(parsing: "{x}!")
        let text = String(repeating: "b", count: NameTemplate.maxOutputBytes - 1)
        let record = JSONObject([JSONObject.Member(key: "x", value: .string(text))])
        #expect(try template.render(record) == text + "!")
    }
}
