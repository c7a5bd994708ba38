import TestSupport
import Testing
import TextMatching

/// Long patterns are found in time linear in the text; they must be found exactly where comparing
/// at every position finds them.
@Suite struct TextMatcherContiguousTests {
    /// Starts where `pattern` occurs in `text` (both lowercase ASCII), comparing at every position.
    static func naiveOccurrences(of pattern: [UInt8], in text: [UInt8]) -> [Int] {
        guard pattern.count <= text.count else { return [] }
        return (0...(text.count - pattern.count)).filter { start in
            text[start..<start + pattern.count].elementsEqual(pattern)
        }
    }

    @Test func everyOccurrenceOfALongPatternIsFoundOverlappingOnesIncluded() {
        var random = SplitMix64(state: 16)
        var found = 0
        for _ in 0..<3_000 {
            // Two letters, so that long patterns occur, overlapping, and nearly occur.
            let text = (0..<Int(random.next() % 300)).map { _ in random.next() % 10 == 0 ? "b" : "a" as Character }
            let pattern = (0..<(17 + Int(random.next() % 24))).map { _ in
                random.next() % 20 == 0 ? "b" : "a" as Character
            }
            let expected = Self.naiveOccurrences(of: Array(String(pattern).utf8), in: Array(String(text).utf8))
            let starts = TextMatcher.occurrences(of: MatchPattern(String(pattern)), in: String(text))
            #expect(starts == expected, "\(String(pattern)) in \(String(text))")
            found += expected.count
        }
        #expect(found > 1_000)
    }

    @Test func aLongPatternMatchesAsAShortOneDoes() {
        let matcher = TextMatcher()
        let word = String(repeating: "a", count: 30) + "b"
        #expect(matcher.match(MatchPattern(word), in: word)?.tier == .exact)
        #expect(matcher.match(MatchPattern(word), in: word + " tail")?.tier == .prefix)
        #expect(matcher.match(MatchPattern(word), in: "x aa" + word)?.tier == .substring)
        let match = matcher.match(MatchPattern(word), in: "aaaa " + word)
        #expect(match?.tier == .wordPrefix)
        #expect(match?.positions == Array(5..<36))
        // No occurrence: at best a typo (the missing "b").
        #expect(matcher.match(MatchPattern(word), in: String(repeating: "a", count: 500))?.tier == .typo)
    }
}
