import TestSupport
import Testing
import TextMatching

/// `requiredFragments` is a promise the search relies on to skip records
/// unread: every text the matcher accepts (below the fuzzy tier) holds one.
@Suite struct MatchPatternFragmentsTests {
    @Test func aShortPatternIsItsOwnFragment() {
        #expect(MatchPattern("1940").requiredFragments() == [Array("1940".utf8)])
        #expect(MatchPattern("Ab").requiredFragments() == [Array("ab".utf8)])
    }

    /// `teh` finds "the" and `kign` finds "King" (short-word typos), so lines
    /// holding those must pass the prefilter.
    @Test func shortWordsKeepTheirTypos() {
        let three = MatchPattern("teh").requiredFragments()?.map { String(decoding: $0, as: UTF8.self) }
        #expect(three == ["teh", "the"])
        let four = MatchPattern("Kign").requiredFragments()?.map { String(decoding: $0, as: UTF8.self) }
        #expect(four == ["kig", "ki\0n", "k\0gn", "kgin", "kinG".lowercased()])
    }

    @Test func oneTypoSplitsThePatternInTwoAndAddsTheSwapAcrossTheCut() {
        let fragments = MatchPattern("garden").requiredFragments()?.map { String(decoding: $0, as: UTF8.self) }
        #expect(fragments == ["gar", "den", "gadren"])
    }

    @Test func aSwapThatChangesNothingAddsNothing() {
        let fragments = MatchPattern("coffee").requiredFragments()?.map { String(decoding: $0, as: UTF8.self) }
        #expect(fragments == ["cof", "fee"])
    }

    @Test func twoTyposSplitInThreeWithEverySwap() {
        let fragments = MatchPattern("chocolate").requiredFragments()?.map { String(decoding: $0, as: UTF8.self) }
        #expect(fragments == ["cho", "col", "ate", "chcool", "coalte", "chcooalte"])
    }

    @Test func everyCutIsOffered() {
        let sets = MatchPattern("cofee").requiredFragmentSets().map { $0.map { String(decoding: $0, as: UTF8.self) } }
        #expect(sets == [["co", "fee", "cfoee"], ["cof", "ee", "coefe"]])
        // Two cuts with every piece at least 2 long: ten pairs, the even 3/6 first.
        let chocolate = MatchPattern("chocolate").requiredFragmentSets()
        #expect(chocolate.count == 10)
        #expect(chocolate.first == MatchPattern("chocolate").requiredFragments())
    }

    /// A phrase is cut like a word, its space one more byte.
    @Test func aPhraseIsCutLikeAWord() {
        let fragments = MatchPattern("green  tea").requiredFragments()?.map { String(decoding: $0, as: UTF8.self) }
        #expect(fragments == ["gre", "en ", "tea", "ent ea", "greent ea"])
    }

    /// Phrases of random words mutated by up to two edits (a space may be
    /// inserted, dropped, doubled or swapped like a letter) inside random
    /// texts; whenever the matcher accepts the text, a fragment occurs in it.
    @Test(arguments: [5, 6, 7])
    func everyTextAPhraseMatchesHoldsAFragment(seed: UInt64) {
        let matcher = TextMatcher()
        var random = SplitMix64(state: seed)
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let letters = Array("abcdo ".utf8)
        var accepted = 0
        var typoMatches = 0
        for _ in 0..<30_000 {
            let words = (0..<(2 + below(2))).map { _ in (0..<(1 + below(5))).map { _ in letters[below(5)] } }
            let pattern = Array(words.joined(separator: [0x20]))
            var text = pattern
            for _ in 0..<below(3) {
                let position = below(text.count + 1)
                switch below(4) {
                case 0: text.insert(letters[below(letters.count)], at: position)
                case 1: if position < text.count { text.remove(at: position) }
                case 2: if position < text.count { text[position] = letters[below(letters.count)] }
                default: if position + 1 < text.count { text.swapAt(position, position + 1) }
                }
            }
            let subject = ["x", "y-", "the "][below(3)] + String(decoding: text, as: UTF8.self).uppercased()
            let patternText = String(decoding: pattern, as: UTF8.self)
            guard let match = matcher.match(MatchPattern(patternText), in: subject) else { continue }
            accepted += 1
            if match.tier == .typo { typoMatches += 1 }
            let folded = Array(subject.lowercased().utf8)
            for fragments in MatchPattern(patternText).requiredFragmentSets() {
                let found = fragments.contains { fragment in
                    folded.indices.contains { start in
                        start + fragment.count <= folded.count
                            && zip(folded[start...], fragment).allSatisfy { $0 == $1 || $1 == MatchPattern.anyByte }
                    }
                }
                #expect(found, "\(patternText) matched \(subject) (\(match.tier)) without any of \(fragments)")
            }
        }
        #expect(accepted > 10_000)
        #expect(typoMatches > 1_000)
    }

    @Test(arguments: ["日本", "x", ""])
    func patternsWithoutAPromiseHaveNoFragments(term: String) {
        #expect(MatchPattern(term).requiredFragments() == nil)
    }

    /// Mutates patterns by up to two random edits (insertions, deletions,
    /// substitutions, adjacent swaps) inside random texts; whenever the
    /// matcher accepts the text, a fragment must occur in it.
    @Test(arguments: [1, 2, 3, 4])
    func everyAcceptedTextHoldsAFragment(seed: UInt64) {
        let matcher = TextMatcher()
        var random = SplitMix64(state: seed)
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let letters = Array("abcdefgo".utf8)
        var accepted = 0
        var typoMatches = 0
        for _ in 0..<30_000 {
            let length = 2 + below(11)
            var pattern = (0..<length).map { _ in letters[below(letters.count)] }
            var text = pattern
            for _ in 0..<below(3) {
                let position = below(text.count + 1)
                switch below(4) {
                case 0: text.insert(letters[below(letters.count)], at: position)
                case 1: if position < text.count { text.remove(at: position) }
                case 2: if position < text.count { text[position] = letters[below(letters.count)] }
                default: if position + 1 < text.count { text.swapAt(position, position + 1) }
                }
            }
            if below(2) == 0 { pattern[0] = pattern[0] &- 0x20 }  // case must not matter
            let words = ["x", "y-", "the "]
            let subject = words[below(3)] + String(decoding: text, as: UTF8.self) + words[below(3)]
            let patternText = String(decoding: pattern, as: UTF8.self)
            guard let match = matcher.match(MatchPattern(patternText), in: subject) else { continue }
            accepted += 1
            if match.tier == .typo { typoMatches += 1 }
            let folded = Array(subject.lowercased().utf8)
            // Every way to cut the pattern keeps the promise, not only the first.
            for fragments in MatchPattern(patternText).requiredFragmentSets() {
                let found = fragments.contains { fragment in
                    folded.indices.contains { start in folded[start...].starts(with: fragment) }
                }
                #expect(found, "\(patternText) matched \(subject) (\(match.tier)) without any of \(fragments)")
            }
        }
        // The generator must exercise the typo tier, or the test proves little.
        #expect(accepted > 10_000)
        #expect(typoMatches > 1_000)
    }
}
