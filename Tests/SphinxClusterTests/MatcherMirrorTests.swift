import Foundation
import TestSupport
import Testing
import TextMatching

@testable import SphinxCluster

/// The cluster's copy of the matcher holds: whenever ``TextMatcher``
/// matches a pattern in a text, the text's tokens (``FieldTokens``) satisfy
/// the expression the cluster asks for that pattern in that class of match
/// (``PatternTokens``), and the match's quality is within the ceiling the
/// cluster orders by (``QualityCeiling``). Checked without `searchd`, by
/// evaluating the expressions over the tokens, on thousands of texts and
/// patterns of many scripts.
///
/// When a rule of the matcher changes (a new way to match, a typo that
/// touches the first letter), this fails with the text and the pattern:
/// mirror the rule in `FieldTokens` and `PatternTokens` (see docs/cluster.md).
@Suite struct MatcherMirrorTests {
    static let texts = [
        "CoffeeHouse Roasters", "coffee-break", "The King's Speech", "King Kong (2005)", "Brokeback Mountain",
        "Hindenburg", "Unforgiven", "Zürich Café", "Straße der Einheit", "尼泊尔 Nepal", "東京タワー",
        "ภาษาไทย ประเทศไทย", "हिन्दी शब्दकोश", "한국어 사전", "Ελλάδα", "Москва-река", "🦊🐾.ws", "Queen of ♠ Spades",
        "xn--90amdjbi3c0ec.xn--p1ai", "zettlmeißl.de", "iPhone 15 Pro Max", "b42 jet", "  padded  text  ",
        "Donaudampfschifffahrtsgesellschaftskapitän", "a", "McDonald's", "Diamonds", "coffee3d.com", "O'Brien",
        "中华人民共和国国务院办公厅秘书局", "kingsville king",
        // Word starts close to one another, inside words and after spaces.
        "Keystone Tiny Coffee", "cof fee mug", "Iced Coffee Cake", "coffee715.app", "CoffeeHouse", "a b c d e f",
        "BlueBottle Coffee Co", "x-ray vision", "Mc Donald", "coffee-wine.co", "coffee3.nl", "co-ffee", "cof.fee",
        "Cofe Mug", "c offee 2", "kin gkong", "unforgive n",
    ]

    /// A tiny reader of the full-text expressions the cluster writes, over
    /// one record's tokens by field.
    struct Expression {
        let text: [Character]
        var position = 0
        let fields: [String: [String]]

        static func holds(_ text: String, in fields: [String: [String]]) -> Bool {
            var expression = Expression(text: Array(text), fields: fields)
            return expression.alternation(scope: Array(fields.keys))
        }

        mutating func skipSpaces() { while position < text.count && text[position] == " " { position += 1 } }

        mutating func alternation(scope: [String]) -> Bool {
            var result = sequence(scope: scope)
            skipSpaces()
            while position < text.count && text[position] == "|" {
                position += 1
                let next = sequence(scope: scope)
                result = result || next
                skipSpaces()
            }
            return result
        }

        mutating func sequence(scope: [String]) -> Bool {
            var result = true
            while true {
                skipSpaces()
                guard position < text.count, text[position] != "|", text[position] != ")" else { return result }
                let next = item(scope: scope)
                result = result && next
            }
        }

        mutating func item(scope: [String]) -> Bool {
            skipSpaces()
            if text[position] == "(" {
                position += 1
                let result = alternation(scope: scope)
                skipSpaces()
                position += 1  // ")"
                return result
            }
            if text[position] == "@" {
                position += 1
                var names: [String] = []
                if text[position] == "(" {
                    let close = text[position...].firstIndex(of: ")")!
                    names = String(text[(position + 1)..<close]).split(separator: ",").map(String.init)
                    position = close + 1
                } else {
                    let end = text[position...].firstIndex(of: " ") ?? text.count
                    names = [String(text[position..<end])]
                    position = end
                }
                return item(scope: names)
            }
            let end = text[position...].firstIndex { $0 == " " || $0 == ")" || $0 == "|" } ?? text.count
            let word = String(text[position..<end])
            position = end
            let tokens = scope.flatMap { fields[$0] ?? [] }
            if word.hasPrefix("=") { return tokens.contains(String(word.dropFirst())) }
            let parts = word.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
            // `a*`, `*a*`, `code*a*`: a token that starts with the first part and holds the others after it.
            return tokens.contains { token in
                guard token.hasPrefix(parts[0]) else { return false }
                var rest = Substring(token.dropFirst(parts[0].count))
                for part in parts.dropFirst() where !part.isEmpty {
                    guard let range = rest.firstRange(of: part) else { return false }
                    rest = rest[range.upperBound...]
                }
                return parts.count > 1 || token == parts[0]
            }
        }
    }

    /// Patterns drawn from `text`: its substrings, and each with one edit.
    static func patterns(of text: String, random: inout SplitMix64) -> [String] {
        let scalars = Array(text.lowercased().unicodeScalars)
        guard !scalars.isEmpty else { return [] }
        var patterns: [String] = []
        for _ in 0..<40 {
            let start = Int(random.next() % UInt64(scalars.count))
            let length = 1 + Int(random.next() % UInt64(min(12, scalars.count - start)))
            var piece = Array(scalars[start..<(start + length)])
            switch random.next() % 5 {
            case 0 where piece.count > 2: piece.remove(at: 1 + Int(random.next() % UInt64(piece.count - 1)))
            case 1 where piece.count > 2:
                let at = 1 + Int(random.next() % UInt64(piece.count - 2))
                piece.swapAt(at, at + 1)
            case 2: piece.insert("q", at: Int(random.next() % UInt64(piece.count + 1)))
            case 3 where piece.count > 1: piece[Int(random.next() % UInt64(piece.count))] = "x"
            default: break
            }
            let pattern = String(String.UnicodeScalarView(piece)).trimmingCharacters(in: .whitespaces)
            if !pattern.isEmpty { patterns.append(pattern) }
        }
        return patterns
    }

    /// Every fuzzy match is in a record holding the pattern's telling units.
    @Test(arguments: texts)
    func everyFuzzyMatchIsFoundByTheClustersExpression(text: String) {
        var random = SplitMix64(state: UInt64(text.unicodeScalars.reduce(11) { $0 &* 31 &+ UInt64($1.value) }))
        let tokens = FieldTokens(text)
        let fields = ["fz": Array(tokens.fuzzy)]
        let matcher = TextMatcher(allowFuzzy: true)
        for patternText in Self.patterns(of: text, random: &random) + ["cfe", "kngkng", "hdnbrg", "tkyo"] {
            let pattern = MatchPattern(patternText)
            guard let match = matcher.match(pattern, in: text), match.tier == .fuzzy else { continue }
            let expression = PatternTokens(pattern).fuzzy()
            #expect(expression != PatternTokens.never, "'\(patternText)' in '\(text)'")
            if let expression {
                #expect(Expression.holds(expression, in: fields), "'\(patternText)' in '\(text)': fuzzy not found")
            }
        }
    }

    @Test(arguments: texts)
    func everyMatchIsFoundByTheClustersExpression(text: String) {
        var random = SplitMix64(state: UInt64(text.unicodeScalars.reduce(7) { $0 &* 31 &+ UInt64($1.value) }))
        let tokens = FieldTokens(text)
        let fields = ["f0": tokens.words, "tr0": tokens.typos, "fz": Array(tokens.fuzzy)]
        let matcher = TextMatcher()
        for patternText in Self.patterns(of: text, random: &random) + ["king", "kign", "coffee", "cofee"] {
            let pattern = MatchPattern(patternText)
            guard let match = matcher.match(pattern, in: text) else { continue }
            let spelling = PatternTokens(pattern)
            func holds(_ expression: String?) -> Bool {
                guard let expression else { return true }
                return Expression.holds(expression, in: fields)
            }
            let anywhere = spelling.anywhere()
            var expected: [String?]
            switch match.tier {
            case .exact:
                expected = [spelling.exact()]
            case .prefix where match.wholeWord:
                expected = [spelling.isOneWord ? spelling.wholeWord(.fieldStart) : anywhere]
            case .prefix:
                expected = [spelling.isOneWord ? spelling.wordStart(.fieldStart) : anywhere]
            case .wordPrefix where match.wholeWord:
                expected =
                    spelling.isOneWord
                    ? [spelling.wholeWord(.afterSpace), spelling.wholeWord(.afterOther)] : [anywhere]
            case .wordPrefix:
                expected =
                    spelling.isOneWord
                    ? [spelling.wordStart(.afterSpace), spelling.wordStart(.afterOther)] : [anywhere]
            case .substring:
                expected = [anywhere]
            case .typo:
                expected = [spelling.typo(.afterSpace, slot: 0), spelling.typo(.afterOther, slot: 0)]
            case .fuzzy:
                continue
            }
            #expect(
                expected.contains { holds($0) && $0 != PatternTokens.never },
                "'\(patternText)' matches '\(text)' (\(match.tier)) but the cluster would not find it")
            if match.tier <= .substring {
                #expect(holds(anywhere), "'\(patternText)' in '\(text)': not found anywhere")
            }
            // A typo is in a stream whose ceiling is at least its quality: a
            // clear one (whatever else the text holds), or the rest, ordered
            // by the field's inner reach.
            if match.tier == .typo, spelling.isOneWord {
                let ceiling = QualityCeiling(pattern)
                var streams: [(expression: String?, ceiling: Int)] = []
                for (marker, start) in [
                    (TokenSpelling.Marker.afterSpace, QualityCeiling.Start.space), (.afterOther, .other),
                ] {
                    streams.append(
                        (
                            spelling.typo(marker, slot: 0, words: .crowded),
                            tokens.innerReach >= spelling.typoSpan ? ceiling.typo(start: start) : Int.max
                        ))
                    for group in ceiling.clearTypos(start: start) {
                        streams.append((spelling.typoClear(marker, slot: 0, pairs: group.pairs), group.quality))
                    }
                }
                let finding = streams.filter { $0.expression != PatternTokens.never && holds($0.expression) }
                #expect(!finding.isEmpty, "'\(patternText)' in '\(text)': a typo no typo stream finds")
                #expect(
                    finding.contains { $0.ceiling >= match.quality },
                    "'\(patternText)' in '\(text)': quality \(match.quality) over the ceilings \(finding.map(\.ceiling))"
                )
            }
            // The quality the cluster orders by is a ceiling, where no word
            // starts inside another within the units a match of the tier covers.
            let length = spelling.units.count
            let span =
                match.tier == .substring
                ? Int.max : match.tier == .typo ? length + TextMatcher.typoBudget(forLength: length) : length
            if spelling.isOneWord, tokens.innerReach >= span, match.tier != .fuzzy {
                let ceiling = QualityCeiling(pattern)
                let limit: Int =
                    switch match.tier {
                    case .exact, .prefix: ceiling.contiguous(match.tier, wholeWord: match.wholeWord, start: .field)
                    case .wordPrefix:
                        max(
                            ceiling.contiguous(.wordPrefix, wholeWord: match.wholeWord, start: .space),
                            ceiling.contiguous(.wordPrefix, wholeWord: match.wholeWord, start: .other))
                    case .substring: ceiling.contiguous(.substring, wholeWord: false, start: .field)
                    default: max(ceiling.typo(start: .space), ceiling.typo(start: .other))
                    }
                #expect(match.quality <= limit, "'\(patternText)' in '\(text)': quality \(match.quality) > \(limit)")
            }
        }
    }
    /// The other forms a query word is typed in (``WordForms``): a
    /// connector between two words finds any connector, a number among
    /// other words its Roman numeral, a fraction its other spelling, a
    /// phrase its other spellings. Whenever the matcher matches a word with
    /// its forms, the expression the cluster asks for that class of match,
    /// for some spelling, holds.
    @Test func everyFormOfAWordIsFoundByTheClustersExpression() {
        let texts = [
            "Rock 'n' Roll", "R&B Classics", "Salt + Pepper", "Love & Basketball", "Pete \u{2019}n\u{2019} Tillie",
            "Rocky II", "Bad Boys 2", "½ cup sugar", "33⅓ rpm", "8½", "Tom and Jerry", "GTK+ GUI", "Leprechaun 2",
            "Mr. & Mrs. Smith", "Tom n Jerry",
        ]
        var patterns: [MatchPattern] = []
        for word in ["and", "&", "+", "n", "'n'", "\u{2019}n\u{2019}"] {
            patterns.append(MatchPattern(word).withForms(betweenWords: true, withOtherWords: true))
        }
        for word in ["2", "ii", "3", "xx", "20"] {
            patterns.append(MatchPattern(word).withForms(betweenWords: false, withOtherWords: true))
        }
        for phrase in [
            "1/2", "½", "1/3", "rock and roll", "r and b", "love and basketball", "bad boys ii", "rocky 2", "33 1/3",
            "8 1/2", "salt and pepper", "pete and tillie", "mr and mrs smith", "tom & jerry",
        ] {
            patterns.append(MatchPattern(phrase))
        }
        let matcher = TextMatcher()
        for text in texts {
            let tokens = FieldTokens(text)
            let fields = [
                ClusterLayout.slotField(0): tokens.words, ClusterLayout.typoField(0): tokens.typos,
                ClusterLayout.fuzzyField: Array(tokens.fuzzy),
            ]
            for pattern in patterns {
                guard let match = matcher.match(pattern, in: text) else { continue }
                let type: CandidatePlan.Class =
                    switch match.tier {
                    case .exact: .exact
                    case .prefix: match.wholeWord ? .wholeAtStart : .atStart
                    case .wordPrefix: match.wholeWord ? .wholeWord : .wordStart
                    case .substring: .substring
                    case .typo: .typo
                    case .fuzzy: .fuzzy
                    }
                let found = ([pattern] + pattern.alternatives).contains { spelling in
                    let expression = CandidatePlan.expression(
                        PatternTokens(spelling), type, prefix: "", fields: CandidatePlan.allSlots)
                    guard let expression else { return true }
                    return Expression.holds(expression, in: fields)
                }
                #expect(found, "'\(pattern.term)' matches '\(text)' (\(match.tier)) but the cluster would not find it")
            }
        }
    }
}
