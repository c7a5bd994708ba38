import TestSupport
import Testing

@testable import TerminalTable

/// The width of text with nothing to escape is read from its UTF-8, eight
/// ASCII bytes at a time and decoded by hand past them: it measures as
/// looking each code point up does, wherever a multi-byte or escaped code
/// point falls.
@Suite struct PrintableWidthTests {
    /// Code points of one to four UTF-8 bytes, some escaped (controls, C1,
    /// bidi, invisible), some joining emoji, some wide.
    static let pieces = [
        "a", " ", "~", "\u{7F}", "\u{1B}", "\t", "é", "\u{85}", "\u{AD}", "ß", "日", "★", "–", "\u{2066}", "\u{200B}",
        "\u{FEFF}", "ｆ", "\u{1F98A}", "\u{1F44D}\u{1F3FD}", "\u{1F1EF}\u{1F1F5}", "\u{200D}", "\u{FE0F}", "\u{E0041}",
    ]

    @Test func everyPieceAtEveryPositionOfALongerLineMeasuresAsByCodePoint() {
        for piece in Self.pieces {
            for position in 0...17 {
                let text =
                    String(repeating: "x", count: position) + piece + String(repeating: "y", count: 17 - position)
                #expect(DisplayWidth.printableWidth(text) == SymbolBlockTests.reference(text), "\(position) \(piece)")
            }
        }
    }

    @Test(arguments: 0..<4)
    func randomTextMeasuresAsByCodePoint(seed: UInt64) {
        var random = SplitMix64(state: 700 + seed)
        for _ in 0..<2_000 {
            let text = (0..<Int(random.next() % 24)).map { _ in
                Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
            }
            .joined()
            #expect(
                DisplayWidth.printableWidth(text) == SymbolBlockTests.reference(text),
                "\(text.unicodeScalars.map(\.value))")
        }
    }
}
