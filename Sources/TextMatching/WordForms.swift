/// The other ways people type a word of a title or a name, which match as the word does:
///
/// - **Connectors.** Between words, `and`, `&`, `+` and `'n'` stand for one another
///   (`love and basketball` finds "Love & Basketball", `pete and tillie` "Pete 'n' Tillie").
///   A query word is a connector only between two other words: `and` alone is the word.
/// - **Roman numerals.** II to XX are the numbers 2 to 20, as whole words, both ways
///   (`bad boys 2` finds "Bad Boys II", `leprechaun ii` "Leprechaun 2"), when the query has other
///   words: `ii` alone is not a number, and `i` is never 1.
/// - **Vulgar fractions.** `½` is `1/2`, `⅓` is `1/3` (every fraction that NFKC spells with a
///   fraction slash), both ways, and a whole number before one is a mixed number
///   (`8 1/2` finds "8½", `33⅓` finds "33 1/3").
///
/// The forms of a word are other spellings of its ``MatchPattern`` (its
/// ``MatchPattern/alternatives``), each with the ``MatchPattern/Rule`` it matches by; a phrase has
/// its forms from the start, and a single query word gets them from where it stands
/// (``MatchPattern/withForms(betweenWords:withOtherWords:)``).
package enum WordForms {
    /// The folded connectors a query word may be between two other words: `and`, `&`, `+`,
    /// `'n'` (with straight or curly apostrophes) and `n`, as `'n'` is typed without them.
    static let connectorWords: Set<[UInt32]> = [
        units("and"), units("&"), units("+"), units("n"), units("'n'"), units("\u{2019}n\u{2019}"),
    ]

    /// The connectors a phrase's word may be spelled as, in a phrase.
    static let connectorSpellings = ["and", "&", "+", "'n'"]

    /// The Roman numerals II to XX, folded, for the numbers 2 to 20.
    static let romanNumerals = [
        "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv", "xvi", "xvii",
        "xviii", "xix", "xx",
    ]

    /// The numbers 2 to 20 that a Roman numeral stands for.
    static let smallestNumeral = 2

    /// The vulgar fractions, each with the numerator and denominator that its compatibility
    /// decomposition (NFKC) spells with a fraction slash.
    package static let vulgarFractions: [(scalar: Unicode.Scalar, numerator: Int, denominator: Int)] = [
        ("\u{BC}", 1, 4), ("\u{BD}", 1, 2), ("\u{BE}", 3, 4), ("\u{2150}", 1, 7), ("\u{2151}", 1, 9),
        ("\u{2152}", 1, 10), ("\u{2153}", 1, 3), ("\u{2154}", 2, 3), ("\u{2155}", 1, 5), ("\u{2156}", 2, 5),
        ("\u{2157}", 3, 5), ("\u{2158}", 4, 5), ("\u{2159}", 1, 6), ("\u{215A}", 5, 6), ("\u{215B}", 1, 8),
        ("\u{215C}", 3, 8), ("\u{215D}", 5, 8), ("\u{215E}", 7, 8), ("\u{2189}", 0, 3),
    ]

    private static func units(_ text: String) -> [UInt32] { MatchPattern(plain: text).units }

    /// Whether the folded word is a connector.
    package static func isConnector(_ word: [UInt32]) -> Bool { connectorWords.contains(word) }

    /// The other spelling of a number from 2 to 20 or a Roman numeral from II to XX (folded),
    /// or nil.
    package static func numeralForm(of word: [UInt32]) -> String? {
        let text = String(String.UnicodeScalarView(word.compactMap(Unicode.Scalar.init)))
        if let index = romanNumerals.firstIndex(of: text) { return String(index + smallestNumeral) }
        guard text.first != "0", text.utf8.allSatisfy({ $0 &- 0x30 < 10 }), let number = Int(text),
            number >= smallestNumeral, number - smallestNumeral < romanNumerals.count
        else { return nil }
        return romanNumerals[number - smallestNumeral]
    }

    /// The other spellings of a fraction or mixed number (folded): `½` and `1/2`, `8½` and
    /// `8 1/2`; empty for any other word.
    package static func fractionForms(of word: [UInt32]) -> [String] {
        guard let last = word.last else { return [] }
        let whole = word.dropLast()
        if let fraction = vulgarFractions.first(where: { $0.scalar.value == last }) {
            guard whole.allSatisfy({ $0 &- 0x30 < 10 }) else { return [] }
            let digits = String(String.UnicodeScalarView(whole.compactMap(Unicode.Scalar.init)))
            return [(digits.isEmpty ? "" : digits + " ") + "\(fraction.numerator)/\(fraction.denominator)"]
        }
        guard let slash = word.firstIndex(of: 0x2F), slash > 0, slash < word.count - 1,
            word.allSatisfy({ $0 == 0x2F || $0 &- 0x30 < 10 })
        else { return [] }
        let numerator = Int(String(String.UnicodeScalarView(word[..<slash].compactMap(Unicode.Scalar.init))))
        let denominator = Int(String(String.UnicodeScalarView(word[(slash + 1)...].compactMap(Unicode.Scalar.init))))
        guard
            let fraction = vulgarFractions.first(where: { $0.numerator == numerator && $0.denominator == denominator })
        else { return [] }
        return [String(fraction.scalar)]
    }

    /// Whether a query word (as typed) matches more when other words stand around it: a
    /// connector, or a number from 2 to 20 or a Roman numeral from II to XX
    /// (``MatchPattern/withForms(betweenWords:withOtherWords:)``). A search that reuses an
    /// earlier query's matches for a longer one must not, when the earlier had such a word.
    package static func dependsOnOtherWords(_ word: String) -> Bool {
        let folded = units(word)
        return isConnector(folded) || numeralForm(of: folded) != nil
    }

    /// The most spellings a phrase is tried in: a phrase of many connectors and numbers is
    /// tried in its first this many.
    static let maximumPhraseSpellings = 16

    /// The other spellings of a phrase of several words, as typed: each connector between two
    /// words as each other connector, each number from 2 to 20 as its Roman numeral and back, a
    /// fraction `1/2` as `½` (joined to a whole number before it, or not) and back. Empty when the
    /// phrase has none of these.
    static func phraseSpellings(of words: [String]) -> [String] {
        guard words.count > 1 else { return [] }
        // Each word's spellings, and whether it joins the word before it without a space.
        var choices: [[(text: String, joined: Bool)]] = []
        for (index, word) in words.enumerated() {
            let folded = units(word)
            var options = [(text: word, joined: false)]
            if index > 0, index < words.count - 1, isConnector(folded) {
                options += connectorSpellings.filter { units($0) != folded }.map { ($0, false) }
            }
            if let numeral = numeralForm(of: folded) { options.append((numeral, false)) }
            for form in fractionForms(of: folded) {
                options.append((form, false))
                // A fraction after a whole number joins it: `8 1/2` is "8½".
                if index > 0, form.unicodeScalars.count == 1, units(words[index - 1]).allSatisfy({ $0 &- 0x30 < 10 }) {
                    options.append((form, true))
                }
            }
            choices.append(options)
        }
        guard choices.contains(where: { $0.count > 1 }) else { return [] }
        var spellings = [""]
        for (index, options) in choices.enumerated() {
            var next: [String] = []
            for spelling in spellings {
                for option in options {
                    next.append(index == 0 ? option.text : spelling + (option.joined ? "" : " ") + option.text)
                    if next.count > maximumPhraseSpellings { break }
                }
                if next.count > maximumPhraseSpellings { break }
            }
            spellings = Array(next.prefix(maximumPhraseSpellings + 1))
        }
        // The first is the phrase as typed.
        return Array(spellings.dropFirst().prefix(maximumPhraseSpellings))
    }
}
