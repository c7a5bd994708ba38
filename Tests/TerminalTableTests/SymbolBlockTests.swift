import TestSupport
import Testing

@testable import TerminalTable

/// Widths of punctuation, arrows, stars and card suits come from a table
/// made once; text of any of them, mixed with anything else, measures as
/// looking each code point up in the range tables does.
@Suite struct SymbolBlockTests {
    /// ``DisplayWidth/printableWidth(_:)`` as it reads without the table.
    static func reference(_ text: String) -> Int? {
        var total = 0
        var joins = false
        for scalar in text.unicodeScalars {
            if TerminalText.needsEscape(scalar) { return nil }
            switch scalar.value {
            case 0x200D, 0xFE0F, 0x20E3, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF: joins = true
            default: break
            }
            total += DisplayWidth.of(scalar)
        }
        return joins ? text.reduce(0) { $0 + DisplayWidth.of($1) } : total
    }

    @Test func everyCodePointOfTheBlockAndAroundItMeasuresAsBefore() {
        for value in UInt32(0x1F00)..<0x2D00 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "a\(scalar)b", "\(scalar)\u{FE0F}", "\u{1F468}\u{200D}\(scalar)"] {
                #expect(DisplayWidth.printableWidth(text) == Self.reference(text), "U+\(String(value, radix: 16))")
            }
        }
    }

    @Test(arguments: 0..<4)
    func mixedTextMeasuresAsBefore(seed: UInt64) {
        var random = SplitMix64(state: 90 + seed)
        let pieces = [
            "★", "☆", "♠", "♥", "→", "—", "\u{200D}", "\u{2028}", "\u{2066}", "é", "日", "🦊", "4.4", " ", "\u{FE0F}",
        ]
        for _ in 0..<500 {
            let text = (0..<Int(random.next() % 8)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            #expect(DisplayWidth.printableWidth(text) == Self.reference(text), "\(text.unicodeScalars.map(\.value))")
        }
    }
}
