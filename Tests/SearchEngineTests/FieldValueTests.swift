import ResultKit
import StreamingJSON
import Testing

@testable import SearchEngine

/// Filters and `--sort` read a field's number from its text: the text
/// without spaces and tabs at its ends, whether or not it needs trimming.
@Suite struct FieldValueTests {
    @Test(arguments: [
        "5", " 5", "5 ", "\t5\t", "  4.99  ", "", " ", "\t", "é", " \u{301}5", "5 \u{301}", "1e999", "-0", "\u{A0}5",
        "nan", "inf", "0x10",
    ])
    func aTextReadsAsTheNumberItsTrimmedTextIs(text: String) {
        let expected = Double(text.trimmingSpaces).flatMap { $0.isFinite ? $0 : nil }
        #expect(FieldValue(.string(text))?.number == expected)
        #expect(FieldValue(.number(text))?.number == expected)
    }
}
