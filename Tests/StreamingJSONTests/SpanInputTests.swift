import StreamingJSON
import Testing

/// The parser and the field scanner read a `Span<UInt8>` and nothing past
/// its end, even where the bytes after it would finish what the span cut
/// short (a literal, a number, a string's closing quote, a `\u` escape, a
/// UTF-8 sequence, a key that eight-byte loads read at once). The span
/// forms, the pointer forms over the same bytes, and a parse of a copy of
/// just those bytes must all agree.
@Suite("Span input")
struct SpanInputTests {
    /// A text and where to cut it: the input is `text`'s first `cut` bytes,
    /// inside a buffer that goes on with the rest.
    struct Cut: CustomTestStringConvertible, Sendable {
        var text: String
        var cut: Int

        var testDescription: String { "\(text.debugDescription) cut at \(cut)" }
    }

    static let cuts: [Cut] = [
        Cut(text: "[true]", cut: 3),
        Cut(text: "{\"kind\":null}", cut: 10),
        Cut(text: "false", cut: 4),
        Cut(text: "123456789", cut: 4),
        Cut(text: "{\"price\":12.5}", cut: 12),
        Cut(text: "{\"price\":1e+7}", cut: 12),
        Cut(text: "{\"name\":\"abcdefghijklmnopqrstuvwxyz\"}", cut: 20),
        Cut(text: "\"abcdefghijklmnopqrstuvwxyz\"", cut: 27),
        Cut(text: "\"\\u0041\"", cut: 5),
        Cut(text: "{\"k\":\"\\ud83d\\ude00\"}", cut: 14),
        Cut(text: "\"caf\u{E9}\"", cut: 5),
        Cut(text: "\"\u{1F600}\"", cut: 4),
        Cut(text: "\u{FEFF}{}", cut: 2),
        Cut(text: "{\"description\":\"a\",\"kind\":\"b\"}", cut: 9),
        Cut(text: "{\"description\":\"a\",\"kind\":\"b\"}", cut: 26),
        Cut(text: "[1,2,3]", cut: 4),
        Cut(text: "[[1],[2]]", cut: 8),
        Cut(text: "{\"a\":1}  x", cut: 9),
    ]

    static let keys = ["kind", "description", "name", "price", "k"]

    @Test("the parser reads only its span", arguments: cuts)
    func parserReadsOnlyItsSpan(_ cut: Cut) {
        let whole = Array(cut.text.utf8)
        let alone = Array(whole[..<cut.cut])
        let expected = parseResult(alone)
        let fromSpan = Result { () throws(JSONParseError) -> JSONValue in
            try JSONParser().parse(whole.span.extracting(0..<cut.cut))
        }
        let fromPointer = whole.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) -> JSONValue in
                try JSONParser().parse(UnsafeRawBufferPointer(rebasing: buffer[..<cut.cut]))
            }
        }
        #expect(fromSpan == expected)
        #expect(fromPointer == expected)
    }

    @Test("the field scanner reads only its span", arguments: cuts)
    func scannerReadsOnlyItsSpan(_ cut: Cut) {
        let whole = Array(cut.text.utf8)
        let alone = Array(whole[..<cut.cut])
        let scanner = JSONFieldScanner(keys: Self.keys)
        var values: [JSONValue?] = [.null]
        let fromSpan = Result { () throws(JSONParseError) -> ScanOutcome in
            let isObject = try scanner.scan(whole.span.extracting(0..<cut.cut), into: &values)
            return ScanOutcome(isObject: isObject, values: values)
        }
        #expect(fromSpan == scanResult(alone, keys: Self.keys))
        #expect(fromSpan == parsedOutcome(alone, keys: Self.keys))
    }

    @Test("array elements come from the span alone", arguments: cuts)
    func arrayElementsReadOnlyTheirSpan(_ cut: Cut) {
        let whole = Array(cut.text.utf8)
        let alone = Array(whole[..<cut.cut])
        func elements(_ parse: ((JSONValue, Int) -> Void) throws(JSONParseError) -> Void) -> String {
            var seen: [String] = []
            do throws(JSONParseError) {
                try parse { value, offset in seen.append("\(offset):\(JSONWriter.string(value))") }
            } catch {
                seen.append("error: \(error)")
            }
            return seen.joined(separator: " ")
        }
        let expected = alone.withUnsafeBytes { buffer in
            elements { body throws(JSONParseError) in try JSONParser().parseArrayElements(buffer, body) }
        }
        let fromSpan = elements { body throws(JSONParseError) in
            try JSONParser().parseArrayElements(whole.span.extracting(0..<cut.cut), body)
        }
        #expect(fromSpan == expected)
    }

    /// The cuts are worth making: each changes what the whole text gives.
    @Test func everyCutChangesTheAnswer() {
        for cut in Self.cuts {
            let whole = Array(cut.text.utf8)
            #expect(parseResult(Array(whole[..<cut.cut])) != parseResult(whole), "\(cut.testDescription)")
        }
    }
}
