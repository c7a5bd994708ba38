import RawBytes
import Testing

/// A string's UTF-8 lent as a span: every byte, in order, for small
/// strings held in the value, large ones on the heap, and substrings.
@Suite struct StringUTF8BytesTests {
    static let texts = [
        "", "a", "short", "fifteen bytes!!", "sixteen bytes!!!", String(repeating: "long text ", count: 20),
        "café", "東京都", "👩‍👩‍👧‍👦 family", "\u{0}\u{1B}[31m\u{7F}",
    ]

    @Test(arguments: texts)
    func aStringLendsItsOwnBytes(text: String) {
        let bytes = text.withUTF8Bytes { span in (0..<span.count).map { span[$0] } }
        #expect(bytes == Array(text.utf8))
    }

    @Test(arguments: texts)
    func aSubstringLendsOnlyItsOwnBytes(text: String) {
        guard text.count > 2 else { return }
        let middle = text.dropFirst().dropLast()
        let bytes = middle.withUTF8Bytes { span in (0..<span.count).map { span[$0] } }
        #expect(bytes == Array(middle.utf8))
        #expect(bytes.count < text.utf8.count)
    }
}
