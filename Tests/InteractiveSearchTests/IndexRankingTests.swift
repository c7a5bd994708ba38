import InteractiveSearch
import TestSupport
import Testing
import TextMatching

/// The index's scan never promises less than the matcher gives: the band it
/// bounds a word's occurrence by is never worse than the band of the
/// matcher's best match, and it finds a word exactly where the matcher does.
@Suite struct IndexRankingTests {
    /// Texts of letters in both cases, digits, spaces, punctuation and
    /// controls, where words start and end in every way the matcher knows.
    static func texts(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(state: seed)
        let pieces = [
            "a", "b", "ab", "A", "B", "Ab", "aB", "1", "2", "a1", "1a", " ", "  ", "-", ".", "/", "@", "_", "'", "\t",
            "ba", "s", "es", "\u{7F}", "é", "(", "AB", "Bab", "Aaab", "Ba",
        ]
        return (0..<count).map { _ in
            (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
    }

    @Test func theScanBoundsTheMatchersBand() {
        let matcher = TextMatcher()
        let words = ["a", "b", "ab", "ba", "1", "a1", "1a", "b2", "-a", "a.", "aa", "s"]
        var compared = 0
        for text in Self.texts(count: 4000, seed: 22) where text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            for word in words {
                for weight in [100, 10] {
                    let pattern = MatchPattern(word)
                    // As the scorer takes it: a weak field matches by its words only.
                    let actual = matcher.match(pattern, in: text).flatMap { match in
                        match.tier == .substring && weight < MatchStrength.strongFieldWeight
                            ? nil : MatchStrength(match, fieldWeight: weight).band
                    }
                    let (wordBytes, field) = (Array(word.utf8), Array(text.utf8))
                    let bound = IndexRanking.bestBand(of: wordBytes.span, in: field.span, weight: weight)
                    compared += 1
                    guard let actual else {
                        #expect(bound == IndexRanking.noMatch, "\(word) in \(text.debugDescription)")
                        continue
                    }
                    #expect(bound != IndexRanking.noMatch, "\(word) in \(text.debugDescription)")
                    #expect(Int(bound) <= actual, "\(word) in \(text.debugDescription): \(bound) > \(actual)")
                }
            }
        }
        #expect(compared > 50_000)
    }

    /// Fragments are found wherever they occur, ignoring case, a zero byte
    /// standing for any byte: as a plain search of every position finds them.
    /// A text of a block ends at its first zero byte, found eight bytes at
    /// a time as a byte-by-byte walk finds it: from every start, with the
    /// zero at every place of a word, next to the bytes that borrow in a
    /// word's arithmetic (1, 0x80, 0xFF), and with none before the end.
    @Test func aTextEndsAtItsFirstZeroByte() {
        var random = SplitMix64(state: 31)
        let pieces: [UInt8] = [0, 0x01, 0x80, 0x81, 0xFF, 0x41, 0x61, 0x7F]
        var compared = 0
        for length in 0..<40 {
            for _ in 0..<30 {
                let texts = (0..<length).map { _ in pieces.randomElement(using: &random)! }
                for start in 0...length {
                    let expected = texts[start...].firstIndex(of: 0) ?? length
                    #expect(SearchTextIndex.textEnd(in: texts.span, from: start) == expected, "\(texts) from \(start)")
                    compared += 1
                }
            }
        }
        #expect(compared > 20000)
    }

    @Test func fragmentsAreFoundWhereTheyOccur() {
        var random = SplitMix64(state: 5)
        let letters = Array("ab1 -".utf8) + [MatchPattern.anyByte]
        var found = 0
        for text in Self.texts(count: 3000, seed: 23) where text.utf8.allSatisfy({ $0 < 0x80 }) {
            let fragments = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                (0..<Int.random(in: 1...3, using: &random)).map { _ in letters.randomElement(using: &random)! }
            }
            let bytes = Array(text.utf8)
            let expected = fragments.contains { fragment in
                bytes.indices.contains { start in
                    start + fragment.count <= bytes.count
                        && fragment.indices.allSatisfy { offset in
                            fragment[offset] == MatchPattern.anyByte
                                || IndexRanking.fold(bytes[start + offset]) == fragment[offset]
                        }
                }
            }
            let occur = IndexRanking.Fragments(fragments).occur(in: bytes.span)
            #expect(occur == expected, "\(fragments) in \(text.debugDescription)")
            if expected { found += 1 }
        }
        #expect(found > 300)
    }
}

/// The filters the index keeps per record, against what they stand for.
@Suite struct SearchTextIndexFilterTests {
    /// A one-character word's band from the table of every letter and digit
    /// is the band ``IndexRanking/bestBand(of:in:weight:)`` gives it.
    @Test func theTableOfOneCharacterBandsIsTheScansBand() {
        var compared = 0
        for text in IndexRankingTests.texts(count: 3000, seed: 24) where text.utf8.allSatisfy({ $0 < 0x80 }) {
            for weight in [100, 30, 10] {
                var bands = InlineArray<36, UInt8>(repeating: IndexRanking.noMatch)
                let bytes = Array(text.utf8)
                IndexRanking.symbolBands(in: bytes.span, weight: weight, into: &bands)
                for byte in Array("abs1eAB29z".utf8) {
                    let word = [IndexRanking.fold(byte)]
                    let expected = IndexRanking.bestBand(of: word.span, in: bytes.span, weight: weight)
                    #expect(
                        bands[SearchTextIndex.symbol(byte)!] == expected,
                        "\(Character(UnicodeScalar(byte))) in \(text.debugDescription), weight \(weight)")
                    compared += 1
                }
            }
        }
        #expect(compared > 50_000)
    }

    /// A text that holds a fragment holds every pair of adjacent bytes of
    /// it, as bits, so that the pairs rule out only texts without it.
    @Test func aTextHoldsThePairsOfEveryFragmentItHolds() {
        var random = SplitMix64(state: 6)
        let letters = Array("ab1 -S".utf8) + [MatchPattern.anyByte]
        var held = 0
        var ruledOut = 0
        for text in IndexRankingTests.texts(count: 4000, seed: 25) where text.utf8.allSatisfy({ $0 < 0x80 }) {
            let fragment = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                IndexRanking.fold(letters.randomElement(using: &random)!)
            }
            var words = [UInt64](repeating: 0, count: SearchTextIndex.pairWords)
            let bytes = Array(text.utf8)
            SearchTextIndex.addPairs(of: bytes.span, to: &words, from: 0)
            let wanted = IndexRanking.pairMask(of: fragment)
            let passes = zip(wanted, words).allSatisfy { $0 & ~$1 == 0 }
            let occurs = IndexRanking.Fragments([fragment]).occur(in: bytes.span)
            if occurs {
                #expect(passes, "\(fragment) in \(text.debugDescription)")
                held += 1
            } else if !passes {
                ruledOut += 1
            }
        }
        // Both sides are exercised: texts that hold the fragment, and texts the pairs rule out.
        #expect(held > 200)
        #expect(ruledOut > 200)
    }
}
