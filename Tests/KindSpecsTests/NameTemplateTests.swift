import KindSpecs
import ResultKit
import StreamingJSON
import Testing

/// NAME templates: placeholders by field or pointer, braces, and what a
/// placeholder without a value gives.
struct NameTemplateTests {
    static func object(_ text: String) throws -> JSONObject {
        try #require(try JSONParser().parse(text).objectValue)
    }

    @Test func placeholdersAreFilledFromFieldsAndPointers() throws {
        let template = try NameTemplate(parsing: "{rank} of {suit} {{{/deck/name}}}")
        let record = try Self.object(#"{"rank": "Queen", "suit": "Hearts", "deck": {"name": 7}}"#)
        #expect(template.render(record) == "Queen of Hearts {7}")
        #expect(template.fieldLabels == ["rank", "suit", "/deck/name"])
    }

    /// A placeholder without a value gives its missing text, or nothing; an
    /// array is joined as columns join it; the record is never rejected.
    @Test(arguments: [
        (#"{"rank": "Queen"}"#, "{rank} of {suit}", "Queen of "),
        (#"{"rank": "Queen", "suit": null}"#, "{rank} of {suit|?}", "Queen of ?"),
        (#"{"rank": "Queen", "suit": "  "}"#, "{rank} of {suit|?}", "Queen of ?"),
        (#"{"rank": "Queen", "suit": ["Hearts", "Spades"]}"#, "{rank} of {suit}", "Queen of Hearts, Spades"),
        (#"{"rank": "Queen", "suit": {"a": 1}}"#, "{rank} of {suit|-}", "Queen of -"),
        (#"{"authors": [{"n": "A"}, {"n": "B"}, {}]}"#, "by {/authors/*/n|nobody}", "by A, B"),
        (#"{"authors": []}"#, "by {/authors/*/n|nobody}", "by nobody"),
    ])
    func aPlaceholderWithoutAValueGivesItsMissingText(record: String, template: String, expected: String) throws {
        #expect(try NameTemplate(parsing: template).render(try Self.object(record)) == expected)
    }

    @Test(arguments: [
        ("{}", #"empty placeholder "{}" at character 1"#),
        ("{|x}", #"placeholder {|x} names no field before "|""#),
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
        let name = template.render(record)
        #expect(name.hasSuffix("…"))
        #expect(name.utf8.count <= NameTemplate.maxOutputBytes + "…".utf8.count)
        #expect(name.utf8.count > NameTemplate.maxOutputBytes - 2)
        #expect(name.dropLast().allSatisfy { $0 == "é" })
    }

    @Test func aTemplateUnderTheCapIsWhole() throws {
        let template = try NameTemplate(parsing: "{x}!")
        let text = String(repeating: "b", count: NameTemplate.maxOutputBytes - 1)
        let record = JSONObject([JSONObject.Member(key: "x", value: .string(text))])
        #expect(template.render(record) == text + "!")
    }
}
