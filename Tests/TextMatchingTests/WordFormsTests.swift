import TestSupport
import Testing

@testable import TextMatching

/// The forms people type a word in (issue #42): connectors, Roman numerals, vulgar fractions.
@Suite struct WordFormsTests {
    let matcher = TextMatcher()

    /// A query word as the parser makes it, standing between two others.
    func between(_ word: String) -> MatchPattern {
        MatchPattern(word).withForms(betweenWords: true, withOtherWords: true)
    }

    /// A query word with other words, not between two.
    func withOthers(_ word: String) -> MatchPattern {
        MatchPattern(word).withForms(betweenWords: false, withOtherWords: true)
    }

    // MARK: Connectors

    @Test(arguments: [
        ("and", "Love & Basketball"), ("and", "Black White + Gray"), ("and", "Pete 'n' Tillie"),
        ("and", "Pete \u{2019}n\u{2019} Tillie"), ("and", "Rock'n'Roll"), ("and", "Rock 'n Roll"),
        ("and", "Guns n' Roses"), ("and", "R&B"), ("&", "Lost and Found"), ("+", "Benny & Joon"),
        ("'n'", "Love + Basketball"), ("n", "Love & Basketball"), ("and", "Amélie & Nino"),
        ("and", "Москва & Петербург"), ("&", "Война и мир and more"),
    ])
    func aConnectorBetweenWordsMatchesAnyOther(word: String, text: String) throws {
        let match = try #require(matcher.match(between(word), in: text))
        #expect(match.tier <= .wordPrefix)
        #expect(match.wholeWord)
    }

    @Test func theConnectorIsWhatIsShown() throws {
        #expect(try #require(matcher.match(between("and"), in: "Love & Basketball")).positions == [5])
        #expect(try #require(matcher.match(between("and"), in: "Pete 'n' Tillie")).positions == [5, 6, 7])
    }

    /// `and` alone, or at either end of the query, is the word: `search and` does not put every
    /// `&` first; and a text's `&` or `+` that is not between words is no connector.
    @Test(arguments: [
        ("and", "Love & Basketball", false), ("and", "GTK+ GUI", true), ("and", "C++ & more", true),
        ("and", "& Sons", true), ("and", "Tom &", true), ("and", "Tom & ", true), ("and", "a &- b", true),
        ("and", "Rock n Roll", true), ("and", "Y & 2", false), ("or", "Love & Basketball", true),
    ])
    func noConnectorWhereThereIsNone(word: String, text: String, betweenWords: Bool) {
        let pattern = MatchPattern(word).withForms(betweenWords: betweenWords, withOtherWords: true)
        #expect(matcher.match(pattern, in: text) == nil)
    }

    @Test func theWordAsTypedRanksBeforeAnotherConnector() throws {
        let typed = try #require(matcher.match(between("and"), in: "Rocco and His Brothers"))
        let other = try #require(matcher.match(between("and"), in: "Rocco & His Brothers"))
        #expect(typed.quality > other.quality)
    }

    @Test(arguments: [
        ("love and basketball", "Love & Basketball"), ("pete and tillie", "Pete 'n' Tillie"),
        ("black white and gray", "Black White + Gray"), ("his & hers", "His and Hers"),
        ("lost + found", "Lost & Found"), ("rock 'n' roll", "Rock and Roll"),
    ])
    func aPhraseMatchesWithAnyConnector(phrase: String, text: String) throws {
        #expect(try #require(matcher.match(MatchPattern(phrase), in: text)).tier == .exact)
    }

    /// Not at either end of a phrase, and only the four connectors (`love or hate` is a typo of
    /// "Love & Hate" at most, as of any text two edits away).
    @Test(arguments: [("and basketball", "& Basketball"), ("love and", "Love &"), ("love or hate", "Love & Hate")])
    func aPhraseConnectorIsOnlyBetweenWords(phrase: String, text: String) {
        #expect((matcher.match(MatchPattern(phrase), in: text)?.tier ?? .fuzzy) >= .typo)
    }

    @Test func theMatcherAndTheWordStructureFindTheSameConnectors() {
        #expect(WordStructure("Love & Basketball").connectors == [5..<6])
        #expect(WordStructure("Pete 'n' Tillie and R&B").connectors == [5..<8, 16..<19, 21..<22])
        #expect(WordStructure("GTK+ GUI, & Sons").connectors.isEmpty)
    }

    // MARK: Roman numerals

    @Test(arguments: [
        ("2", "Bad Boys II"), ("3", "Mission: Impossible III"), ("ii", "Leprechaun 2"), ("iv", "Rocky 4"),
        ("20", "Part XX"), ("xx", "Part 20"), ("9", "Chapter IX"), ("5", "Henry V"), ("2", "OBD-II"),
        ("iii", "dBase 3 files"),
    ])
    func aNumeralMatchesItsNumberAsAWholeWord(word: String, text: String) throws {
        let match = try #require(matcher.match(withOthers(word), in: text))
        #expect(match.tier <= .wordPrefix)
        #expect(match.wholeWord)
    }

    @Test(arguments: [
        ("2", "Hawaii"), ("2", "IIs"), ("ii", "2001"), ("ii", "12"), ("2", "Bad Boys IIx"), ("i", "Rocky 1"),
        ("1", "I, Robot"), ("21", "XXI"), ("02", "II"), ("xxi", "21"), ("3", "mp3"),
    ])
    func noNumeralWhereThereIsNone(word: String, text: String) {
        let match = matcher.match(withOthers(word), in: text)
        #expect(match == nil || match?.positions.map { Array(text)[$0] }.contains("i") == false)
    }

    /// `ii` alone is the letters, not a number.
    @Test func aNumeralAloneIsItsLetters() {
        #expect(
            matcher.match(MatchPattern("ii").withForms(betweenWords: false, withOtherWords: false), in: "Leprechaun 2")
                == nil)
        #expect(
            matcher.match(MatchPattern("2").withForms(betweenWords: false, withOtherWords: false), in: "Bad Boys II")
                == nil)
        #expect(WordForms.numeralForm(of: MatchPattern("i").units) == nil)
        #expect(WordForms.numeralForm(of: MatchPattern("1").units) == nil)
    }

    @Test(arguments: [("bad boys 2", "Bad Boys II"), ("leprechaun ii", "Leprechaun 2"), ("rocky iv", "Rocky 4")])
    func aPhraseMatchesWithEitherNumber(phrase: String, text: String) throws {
        #expect(try #require(matcher.match(MatchPattern(phrase), in: text)).tier == .exact)
    }

    @Test func theNumberAsTypedRanksFirst() throws {
        let typed = try #require(matcher.match(MatchPattern("bad boys 2"), in: "Bad Boys 2"))
        let other = try #require(matcher.match(MatchPattern("bad boys 2"), in: "Bad Boys II"))
        #expect(typed.tier == other.tier && typed.quality > other.quality)
    }

    // MARK: Fractions

    @Test(arguments: [
        ("1/2", "½ cup"), ("½", "1/2 cup"), ("8½", "8 1/2"), ("1/3", "Naked Gun 33⅓"), ("⅞", "7/8 inch"),
        ("3/4", "¾ time"), ("1½", "1 1/2 cups"),
    ])
    func aFractionMatchesItsOtherSpelling(word: String, text: String) throws {
        #expect(try #require(matcher.match(MatchPattern(word), in: text)).tier <= .substring)
    }

    @Test(arguments: [
        ("8 1/2", "8½", MatchTier.exact), ("8 1/2", "8 ½", .exact),
        ("naked gun 33 1/3", "Naked Gun 33⅓: The Final Insult", .prefix),
        ("1 1/2", "1½", .exact),
    ])
    func aPhraseMatchesWithEitherFraction(phrase: String, text: String, tier: MatchTier) throws {
        #expect(try #require(matcher.match(MatchPattern(phrase), in: text)).tier == tier)
    }

    /// A fraction's other spelling is matched whole: no typo of it, and `1/4` is not `½`.
    @Test(arguments: [("½", "1/3"), ("1/2", "¼"), ("⅓", "1/2"), ("8½", "8 1/3"), ("2/2", "1"), ("1/1", "¹")])
    func noFractionWhereThereIsNone(word: String, text: String) {
        #expect(matcher.match(MatchPattern(word), in: text) == nil)
    }

    /// Every vulgar fraction of Unicode (whose name says so), each with its value.
    @Test func everyVulgarFractionIsKnown() {
        var named: Set<UInt32> = []
        for value in UInt32(0)...0x1_FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.name?.hasPrefix("VULGAR FRACTION") == true
            else { continue }
            named.insert(value)
        }
        #expect(Set(WordForms.vulgarFractions.map(\.scalar.value)) == named)
        for fraction in WordForms.vulgarFractions {
            #expect(
                fraction.scalar.properties.numericValue == Double(fraction.numerator) / Double(fraction.denominator))
        }
    }

    // MARK: Fragments

    /// Phrases and words of connectors, numbers, numerals and fractions, in random texts of the
    /// same pieces: whenever the matcher finds one (as a phrase, or as a word between others or
    /// with others), an ASCII text holds a fragment it gives.
    @Test(arguments: [31, 32])
    func everyTextAFormMatchesHoldsAFragment(seed: UInt64) {
        var random = SplitMix64(state: seed)
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let pieces = [
            "and", "&", "+", "'n'", "n", "ii", "2", "xii", "12", "1/2", "½", "tea", "cup", "8", "8½", "-", "r&b",
        ]
        var matched = 0
        for _ in 0..<20_000 {
            let words = (0..<(1 + below(3))).map { _ in pieces[below(pieces.count)] }
            let textWords = (0..<(1 + below(5))).map { _ in pieces[below(pieces.count)] }
            let text = textWords.joined(separator: [" ", " ", "", "-"][below(4)])
            let patterns =
                words.count > 1
                ? [MatchPattern(words.joined(separator: " "))]
                : [MatchPattern(words[0]), between(words[0]), withOthers(words[0])]
            for pattern in patterns {
                guard matcher.match(pattern, in: text) != nil else { continue }
                matched += 1
                guard text.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
                let folded = Array(text.lowercased().utf8)
                for fragments in pattern.requiredFragmentSets() {
                    let found = fragments.contains { fragment in
                        folded.indices.contains { start in
                            start + fragment.count <= folded.count
                                && zip(folded[start...], fragment).allSatisfy { $0 == $1 || $1 == MatchPattern.anyByte }
                        }
                    }
                    #expect(found, "\(pattern.term) matched \(text) without any of \(fragments)")
                }
            }
        }
        #expect(matched > 2_000)
    }

    /// A word that may be a connector gives no fragments (`&` is one byte); a numeral's and a
    /// fraction's forms are fragments of their own, or none when not ASCII.
    @Test func formsKeepTheFragmentPromise() {
        #expect(between("and").requiredFragmentSets().isEmpty)
        #expect(withOthers("2").requiredFragmentSets().isEmpty)
        #expect(withOthers("xii").requiredFragments() == [Array("xii".utf8), Array("12".utf8)])
        #expect(MatchPattern("1/2").requiredFragments() == [Array("1/2".utf8)])
        #expect(MatchPattern("½").requiredFragments() == [Array("1/2".utf8)])
    }
}
