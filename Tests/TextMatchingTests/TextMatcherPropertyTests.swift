import TestSupport
import Testing
import TextMatching

/// Random texts and patterns: the ASCII fast path and the Unicode path agree, and every match is
/// well-formed.
@Suite struct TextMatcherPropertyTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct Generator {
        var random: SplitMix64

        init(state: UInt64) {
            random = SplitMix64(state: state)
        }

        mutating func next(below bound: Int) -> Int {
            Int(random.next() % UInt64(bound))
        }

        mutating func string(from alphabet: [Character], maximumLength: Int) -> String {
            String((0..<next(below: maximumLength + 1)).map { _ in alphabet[next(below: alphabet.count)] })
        }
    }

    static let alphabet = Array("aabbcceeoofFCOE -._/@19")

    @Test(arguments: [false, true])
    func asciiAndUnicodePathsAgree(fuzzy: Bool) {
        let matcher = TextMatcher(allowFuzzy: fuzzy)
        var generator = Generator(state: fuzzy ? 1 : 2)
        var matches = 0
        for _ in 0..<20_000 {
            let text = generator.string(from: Self.alphabet, maximumLength: 24)
            let pattern = MatchPattern(generator.string(from: Self.alphabet, maximumLength: 10))
            let ascii = matcher.match(pattern, in: text)
            // A combining acute accent joins the last character and folds away: same characters,
            // same words, but the text now takes the Unicode path.
            let unicode = matcher.match(pattern, in: text + "\u{301}")
            guard ascii == unicode else {
                Issue.record(
                    "'\(pattern.term)' in '\(text)': \(String(describing: ascii)) != \(String(describing: unicode))")
                return
            }
            guard let ascii else { continue }
            matches += 1
            let positions = ascii.positions
            #expect(!positions.isEmpty)
            #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 })
            #expect(positions.allSatisfy { (0..<text.count).contains($0) })
            if ascii.tier <= .substring, let first = positions.first, let last = positions.last {
                // A contiguous match: its characters spell the pattern, spaces collapsed.
                let characters = Array(text)
                let spelled = String(positions.map { characters[$0] })
                let term = pattern.term.split(separator: " ").joined(separator: " ")
                #expect(last - first + 1 == positions.count)
                #expect(TextNormalizer.fold(spelled) == TextNormalizer.fold(term))
            }
        }
        #expect(matches > 1000)
    }

    @Test func unicodeMatchesAreWellFormed() {
        let alphabet = Array("aeEsSé ßẞ東京-İı\u{301}\u{3099}カが👍🏽\r\nΣς")
        let matcher = TextMatcher(allowFuzzy: true)
        var generator = Generator(state: 3)
        var matches = 0
        for _ in 0..<20_000 {
            let text = generator.string(from: alphabet, maximumLength: 16)
            let pattern = MatchPattern(generator.string(from: alphabet, maximumLength: 6))
            guard let match = matcher.match(pattern, in: text) else { continue }
            matches += 1
            let positions = match.positions
            #expect(!positions.isEmpty)
            #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 })
            #expect(positions.allSatisfy { (0..<text.count).contains($0) }, "'\(pattern.term)' in '\(text)'")
        }
        #expect(matches > 1000)
    }

    /// A matcher told the worst tier its caller can use gives the match it
    /// gives without it when that is of the tier (or substring: the
    /// contiguous tiers come together) or better, and nothing otherwise: on ASCII, on folded text, and on emoji that match by name
    /// only where no tier did.
    @Test(arguments: [false, true])
    func aWorstTierLeavesOnlyTheTiersThatCanCount(fuzzy: Bool) {
        let matcher = TextMatcher(allowFuzzy: fuzzy)
        var generator = Generator(state: fuzzy ? 3 : 4)
        var cut = 0
        for index in 0..<20_000 {
            var text = generator.string(from: Self.alphabet, maximumLength: 24)
            // Every other text holds a typo of the pattern `coffee`, or a fuzzy match of it.
            let typos = ["cofee", "coffe", "cfofee", "koffee", "c o f f e e", "cxofxfxexe"]
            if index % 2 == 0 { text += " " + typos[generator.next(below: typos.count)] }
            if index % 3 == 1 { text += "\u{301}" }
            if index % 7 == 2 { text += " ☕" }
            let pattern = MatchPattern(
                index % 2 == 0 ? "coffee" : generator.string(from: Self.alphabet, maximumLength: 10))
            let unlimited = matcher.match(pattern, in: text)
            for worst in MatchTier.allCases {
                let limited = matcher.match(pattern, in: text, worstTier: worst)
                let expected = unlimited.flatMap { $0.tier <= max(worst, .substring) ? $0 : nil }
                guard limited == expected else {
                    let found = "\(String(describing: limited)) != \(String(describing: expected))"
                    Issue.record("'\(pattern.term)' in '\(text)' up to \(worst): \(found)")
                    return
                }
                if unlimited != nil, expected == nil { cut += 1 }
            }
        }
        #expect(cut > 1000)
    }
}
