import TestSupport
import Testing

@testable import TextMatching

/// ``TextMatcher/isASCII(_:)``, which decides whether a text that nothing matched is spelled out by
/// its emoji names, answers as the byte-by-byte rule does: for a byte from 0x80 at every position
/// (eight bytes at a time, then the tail), and on texts that only look like emoji names.
@Suite struct TextMatcherASCIICheckTests {
    @Test func aNonASCIIByteIsFoundAtEveryPosition() {
        for length in 0..<40 {
            let plain = String(repeating: "a1:-_ Z", count: 6).prefix(length)
            #expect(TextMatcher.isASCII(String(plain)))
            for position in 0...length {
                for insert in ["é", "♥", "🦊", "\u{80}", "\u{FE0F}"] {
                    var text = String(plain)
                    text.insert(contentsOf: insert, at: text.index(text.startIndex, offsetBy: position))
                    #expect(!TextMatcher.isASCII(text), "\(text)")
                }
            }
        }
    }

    @Test func randomTextsAgreeWithTheByteRule() {
        var random = SplitMix64(state: 0xA5C1)
        let pieces = [
            "fox", ":fox:", ":smile:", "heart", "heart suit", "Q", "10", "♥", "Q♥", "🦊🐾.ws", "paw prints", "é",
            "\r\n", "\t", "  ", "COFFEE", "cofee", "x", "#", "☕", "coffee", "\u{7F}", "\u{0}",
        ]
        for _ in 0..<5_000 {
            let text = (0..<Int(random.next() % 8)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            #expect(TextMatcher.isASCII(text) == text.utf8.allSatisfy { $0 < 0x80 }, "\(text)")
        }
    }

    /// ``ASCIISubject/firstIndex(ofUnit:from:below:)`` finds what comparing the folded unit at
    /// each index finds, for every unit an ASCII text can hold and some it cannot (capitals,
    /// which fold away, and non-ASCII), from every start to every end, in texts of letters in both
    /// cases, their neighbours `@`, `[`, `` ` `` and `{` (one bit away from a letter), digits and
    /// punctuation.
    @Test func theFirstIndexOfAUnitIsFoundAsComparingEachUnitFindsIt() {
        var random = SplitMix64(state: 0xF1F5)
        let alphabet = Array("aAzZ@[`{qQeE0 9-_.:~\t\u{7F}\u{1}fF".utf8)
        let units: [UInt32] = (0..<0x80).map { UInt32($0) } + [0xE9, 0x2665, 0x1F98A]
        var mismatches: [String] = []
        for _ in 0..<300 {
            let text = (0..<Int(random.next() % 40)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let subject = ASCIISubject(bytes: text.span)
            for unit in units {
                for start in 0...text.count {
                    for end in [text.count, max(0, text.count - 3), start, start / 2] {
                        var expected = start
                        while expected < end && subject.unit(at: expected) != unit { expected += 1 }
                        let found = subject.firstIndex(ofUnit: unit, from: start, below: end)
                        if found != expected, mismatches.count < 5 {
                            mismatches.append("\(text) \(unit) \(start)..<\(end): \(found)")
                        }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// ASCII texts that spell emoji names or their shortcodes match by their letters only; a symbol
    /// is found by its name only where the text holds it.
    @Test func asciiTextsAreNotSpelledOut() throws {
        let matcher = TextMatcher()
        #expect(matcher.match(MatchPattern("fox"), in: ":fox: 10")?.tier == .wordPrefix)
        #expect(matcher.match(MatchPattern("heart"), in: "Q hearts")?.tier == .wordPrefix)
        #expect(matcher.match(MatchPattern("paw"), in: ":smile: fx") == nil)
        #expect(matcher.match(MatchPattern("heart"), in: "Q♥")?.positions == [1])
        #expect(matcher.match(MatchPattern("fox"), in: "🦊🐾.ws")?.positions == [0])
    }
}
