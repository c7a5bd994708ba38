import TextMatching

/// Which of ``FieldTokens``' tokens every text that a pattern matches holds,
/// for each way it can match: the query's side of the cluster's copy of the
/// matcher. Each expression is a `searchd` full-text expression that finds
/// a superset of the texts; `nil` means the cluster cannot narrow that way
/// (every text may match), and ``never`` that no text can match so.
///
/// One spelling of a pattern at a time: an internationalised host's other
/// spelling (``MatchPattern/alternatives``) is another `PatternTokens`.
struct PatternTokens {
    /// The pattern's folded units.
    let units: [UInt32]
    /// Whether the pattern is one word: word units only, no space or punctuation.
    let isOneWord: Bool
    /// The pattern's runs of word units, as ranges of ``units``.
    let runs: [Range<Int>]
    /// How the spelling matches (``MatchPattern/Rule``): a form of a word
    /// other than a host's spelling matches by fewer tiers, a connector
    /// as any connector.
    let rule: MatchPattern.Rule

    /// An expression no text satisfies, for a way the pattern cannot match.
    static let never = "=_never"

    init(_ pattern: MatchPattern) {
        units = pattern.units
        rule = pattern.rule
        // The pattern's own text, as MatchPattern reads it: whitespace runs
        // are one space.
        let structure = WordStructure(
            String(String.UnicodeScalarView(pattern.units.compactMap(Unicode.Scalar.init))))
        var runs: [Range<Int>] = []
        var start: Int?
        for index in structure.kinds.indices {
            if structure.kinds[index] == .word {
                if start == nil { start = index }
            } else if let open = start {
                runs.append(open..<index)
                start = nil
            }
        }
        if let open = start { runs.append(open..<structure.kinds.count) }
        self.runs = runs
        isOneWord = runs.count == 1 && runs[0] == 0..<units.count
    }

    // MARK: The contiguous tiers

    /// The field is the pattern (an exact match).
    func exact(prefix: String = "") -> String {
        "=" + TokenSpelling.whole(prefix + TokenSpelling.Marker.wholeField.rawValue, units)
    }

    /// The pattern is a whole word starting where `marker` says: at the
    /// field's start (a prefix that is a whole word), after a space, or
    /// after anything else. One word only.
    func wholeWord(_ marker: TokenSpelling.Marker, prefix: String = "") -> String? {
        guard isOneWord else { return nil }
        let head = prefix + marker.rawValue
        // A plural ending makes a whole word too (`diamond` in "Diamonds").
        var forms = [units]
        if let last = units.last, (0x61...0x7A).contains(last) {
            forms += [units + [0x73], units + [0x65, 0x73]]
        }
        return "(" + forms.map { "=" + TokenSpelling.whole(head, $0) }.joined(separator: " | ") + ")"
    }

    /// A word starting where `marker` says starts with the pattern. One word only.
    func wordStart(_ marker: TokenSpelling.Marker, prefix: String = "") -> String? {
        guard isOneWord else { return nil }
        return TokenSpelling.cut(prefix + marker.rawValue, units) + "*"
    }

    /// The pattern occurs anywhere: each piece of each of its words is in
    /// a token of the field. `nil` when no piece is long enough to look for.
    func anywhere(prefix: String = "") -> String? {
        let pieces = runs.flatMap { TokenSpelling.pieces(units[$0]) }
        guard !pieces.isEmpty else { return nil }
        let parts = pieces.map { prefix.isEmpty ? "*\($0)*" : "\(prefix)*\($0)*" }
        return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " ") + ")"
    }

    /// A connector between two words, which a connector of the query
    /// matches whatever its spelling (`WordStructure.connectors`).
    func connector(prefix: String = "") -> String {
        "=" + prefix + TokenSpelling.Marker.connector.rawValue
    }

    // MARK: Fuzzy matches

    /// Where a fuzzy match may be: a record whose search fields hold every
    /// telling unit of the pattern (``FieldTokens/tellingUnits(_:)``);
    /// ``never`` for a pattern too short or too long to match fuzzily, `nil`
    /// when it has no telling unit.
    func fuzzy() -> String? {
        guard units.count >= 2, units.count <= TextMatcher.maximumFuzzyPatternLength else { return Self.never }
        let telling = FieldTokens.tellingUnits(units).sorted()
        guard !telling.isEmpty else { return nil }
        let tokens = telling.map { "=" + FieldTokens.fuzzyToken($0) }
        return "@\(ClusterLayout.fuzzyField) "
            + (tokens.count == 1 ? tokens[0] : "(" + tokens.joined(separator: " ") + ")")
    }

    // MARK: Typos

    /// Where a typo match that starts where `marker` says (after
    /// whitespace or at the field's start, or after anything else) may be,
    /// in slot `slot` (in every slot when `nil`): ``never`` when the
    /// pattern allows no typo, `nil` when the cluster cannot narrow it.
    ///
    /// - Up to one edit among the pattern's first five units, its first
    ///   letter included (five to eight units, or longer ones whose other
    ///   edit is past those): the five less one unit equal a word start's
    ///   typo token (``FieldTokens``: both sides leave out one unit of five
    ///   to agree).
    /// - Two edits among the first five (nine units or more): the units
    ///   from the seventh on are in the text as they are. Found with the
    ///   matches after whitespace, whose quality is the highest.
    /// - A short typo (three or four letters): a whole word with one swap
    ///   past the first letter, or for four letters one changed letter,
    ///   which a four-letter word's short-typo tokens give.
    ///
    /// `words` says which typo matches: every one, or all but those that
    /// ``typoClear(_:slot:pairs:)`` finds (``TypoWords/crowded``: at a word
    /// whose next word starts nearer than ``typoSpan``, short typos, two
    /// edits).
    func typo(_ marker: TokenSpelling.Marker, slot: Int?, words: TypoWords = .all) -> String? {
        let field = slot.map(ClusterLayout.slotField) ?? CandidatePlan.allSlots
        let typoField = slot.map(ClusterLayout.typoField) ?? CandidatePlan.allTypoSlots
        var alternatives: [String] = []
        let length = units.count
        let budget = TextMatcher.typoBudget(forLength: length)
        if budget >= 1 {
            // Near the next word start, the place left out is not told.
            var tokens = typoLess.map {
                "=" + FieldTokens.typoToken(marker, $0, reach: FieldTokens.nearTypoReach, left: 0)
            }
            let farthest =
                words == .all || !hasClearTypos ? FieldTokens.maxTypoReach : min(typoSpan - 1, FieldTokens.maxTypoReach)
            if farthest > FieldTokens.nearTypoReach {
                let pairs = typoLess.indices.flatMap { less in (0...FieldTokens.typoWindow).map { TypoPair(less, $0) } }
                tokens += typoTokens(marker, pairs: pairs, reaches: (FieldTokens.nearTypoReach + 1)...farthest)
            }
            alternatives.append("@\(typoField) (" + Self.unique(tokens).joined(separator: " | ") + ")")
        }
        if budget >= 2 && marker == .afterSpace {
            let rest = PatternTokens(unitsOf: Array(units[6...]))
            guard let anywhere = rest.anywhere() else { return nil }
            alternatives.append("@\(field) \(anywhere)")
        }
        if TextMatcher.allowsShortTypo(units) {
            var swaps: [[UInt32]] = []
            for position in 1..<(length - 1) where units[position] != units[position + 1] {
                var swapped = units
                swapped.swapAt(position, position + 1)
                swaps.append(swapped)
            }
            let markers: [TokenSpelling.Marker] = marker == .afterSpace ? [.fieldStart, .afterSpace] : [.afterOther]
            let words = swaps.flatMap { swapped in markers.map { "=" + TokenSpelling.whole($0.rawValue, swapped) } }
            if !words.isEmpty { alternatives.append("@\(field) (" + words.joined(separator: " | ") + ")") }
            if length == 4 {
                let tokens = (1..<4).map { left -> String in
                    var variant = units
                    variant.remove(at: left)
                    return "=" + FieldTokens.shortTypoToken(marker, variant)
                }
                alternatives.append("@\(typoField) (" + tokens.joined(separator: " | ") + ")")
            }
        }
        guard !alternatives.isEmpty else { return Self.never }
        return alternatives.count == 1 ? alternatives[0] : "(" + alternatives.joined(separator: ") | (") + ")"
    }

    /// Which typo matches ``typo(_:slot:words:)`` finds.
    enum TypoWords {
        /// Every one.
        case all
        /// All but those at a word whose next word starts ``typoSpan``
        /// units or more on (or never), which ``typoClear(_:slot:pairs:)``
        /// finds: the next word starts nearer, short typos, two edits.
        case crowded
    }

    /// A place the pattern's first five units leave one out (`less`), and
    /// the place a text's word leaves one out to agree
    /// (``FieldTokens/typoVariants(of:)``; 5 for a word of four).
    struct TypoPair: Hashable, Comparable {
        var less: Int
        var left: Int
        init(_ less: Int, _ left: Int) {
            self.less = less
            self.left = left
        }
        static func < (a: Self, b: Self) -> Bool { (a.less, a.left) < (b.less, b.left) }
    }

    /// The typo matches of one edit among the first five units at a word
    /// whose next word starts ``typoSpan`` units or more on (or never):
    /// no word starts inside the units such a match covers. `pairs` says
    /// which of the pattern's and the word's variants agree (see
    /// ``QualityCeiling/clearTypos(start:)``, which sorts them by the
    /// quality of the matches they find). ``never`` when none can.
    func typoClear(_ marker: TokenSpelling.Marker, slot: Int?, pairs: [TypoPair]) -> String {
        let typoField = slot.map(ClusterLayout.typoField) ?? CandidatePlan.allTypoSlots
        guard hasClearTypos else { return Self.never }
        let tokens = typoTokens(marker, pairs: pairs, reaches: typoSpan...FieldTokens.maxTypoReach)
        guard !tokens.isEmpty else { return Self.never }
        return "@\(typoField) (" + Self.unique(tokens).joined(separator: " | ") + ")"
    }

    /// The pattern's first five units less each one, by the place left out.
    var typoLess: [[UInt32]] {
        guard units.count >= FieldTokens.typoWindow else { return [] }
        let window = Array(units[0..<FieldTokens.typoWindow])
        return window.indices.map { less in
            var variant = window
            variant.remove(at: less)
            return variant
        }
    }

    /// The typo tokens of `pairs` at each of `reaches` (past the near one).
    private func typoTokens(_ marker: TokenSpelling.Marker, pairs: [TypoPair], reaches: ClosedRange<Int>) -> [String] {
        let less = typoLess
        return reaches.flatMap { reach in
            pairs.map { "=" + FieldTokens.typoToken(marker, less[$0.less], reach: reach, left: $0.left) }
        }
    }

    /// `tokens` without repeats, in order.
    private static func unique(_ tokens: [String]) -> [String] {
        var seen: Set<String> = []
        return tokens.filter { seen.insert($0).inserted }
    }

    /// The most units a typo match covers: the pattern and its budget.
    var typoSpan: Int { units.count + TextMatcher.typoBudget(forLength: units.count) }

    /// Whether ``typoClear(_:slot:pairs:)`` finds some typos: those of a
    /// pattern of one edit (five to eight units), whose pairs
    /// ``QualityCeiling/clearTypos(start:)`` finds among the texts one edit
    /// away. A pattern of two has no clear stream: all its typos are in
    /// ``TypoWords/crowded``.
    var hasClearTypos: Bool {
        TextMatcher.typoBudget(forLength: units.count) == 1 && typoSpan <= FieldTokens.maxTypoReach
    }

    /// The tokens of a run of units taken as a pattern of its own.
    private init(unitsOf units: [UInt32]) {
        self.init(MatchPattern(String(String.UnicodeScalarView(units.compactMap(Unicode.Scalar.init)))))
    }
}
