extension MatchPattern {
    /// Byte strings of which at least one occurs, ignoring ASCII case, in
    /// every ASCII text that this pattern matches at any tier but
    /// ``MatchTier/fuzzy``; `nil` when no such set can be given. A byte
    /// ``anyByte`` in a fragment matches any one byte.
    ///
    /// A search can skip, without matching, an ASCII text that holds none of
    /// them: the text cannot match at ``MatchTier/typo`` or better. The
    /// fragments are lower-case ASCII.
    ///
    /// - Exact, prefix, word-prefix and substring matches hold the whole
    ///   pattern, so a pattern that allows no typo has itself as its only
    ///   fragment.
    /// - A typo match is within the typo budget of the pattern by optimal
    ///   string alignment distance. Split the pattern into one piece more
    ///   than the budget: an insertion, deletion or substitution breaks at
    ///   most one piece, so some piece survives, unless a transposition
    ///   swaps the two letters either side of a cut. Each such swap (alone,
    ///   or both swaps together when the budget is two) is added as a
    ///   fragment spelled with the swap, which then survives whole.
    ///
    /// - A three- or four-letter word may match a whole word with one
    ///   short-word typo (``TextMatcher/shortTypoMatch(_:in:)``): a
    ///   three-letter word gives itself and the swap of its last two letters;
    ///   a four-letter word its first three letters, itself with
    ///   ``anyByte`` for its second or third letter, and its two swaps.
    ///
    /// A phrase is cut like a word: its space is one more unit, which an
    /// ASCII text matches only with a space byte (a tab there, or a second
    /// space, is an edit like any other).
    ///
    /// There are none (`nil`) for a pattern with non-ASCII units, or when a
    /// fragment would be shorter than `minimumLength` bytes.
    /// - Parameter minimumLength: The shortest useful fragment.
    /// In a fragment, a byte that stands for any one byte of the text.
    public static let anyByte: UInt8 = 0

    public func requiredFragments(minimumLength: Int = 2) -> [[UInt8]]? {
        requiredFragmentSets(minimumLength: minimumLength).first
    }

    /// Every set of fragments that ``requiredFragments(minimumLength:)``
    /// could give: one for each way to cut the pattern into pieces of at
    /// least `minimumLength` bytes, the even cut first. Each set keeps the
    /// same promise; which one filters a given text best depends on the text
    /// (`co` and `fee` for `cofee` pass every `.com` domain, `cof` and `ee`
    /// do not).
    public func requiredFragmentSets(minimumLength: Int = 2) -> [[[UInt8]]] {
        // A text that any spelling matches holds a fragment of that spelling. A spelling that is
        // not ASCII never matches ASCII text; a form matched whole (``Rule/contiguous``,
        // ``Rule/wholeWord``) is its own fragment; any connector can join two words (`&` is one
        // byte), so a word that may be one gives none.
        if !alternatives.isEmpty {
            var plain = self
            plain.alternatives = []
            var union: [[UInt8]] = []
            for spelling in [plain] + alternatives {
                if spelling.rule == .connector { return [] }
                guard spelling.isASCII else { continue }
                let fragments: [[UInt8]]
                switch spelling.rule {
                case .connector:
                    return []
                case .contiguous, .wholeWord:
                    guard spelling.units.count >= minimumLength else { return [] }
                    fragments = [spelling.units.map { UInt8(truncatingIfNeeded: $0) }]
                case .anyTier:
                    guard let first = spelling.requiredFragmentSets(minimumLength: minimumLength).first else {
                        return []
                    }
                    fragments = first
                }
                for fragment in fragments where !union.contains(fragment) { union.append(fragment) }
            }
            return union.isEmpty ? [] : [union]
        }
        guard !units.isEmpty, isASCII else { return [] }
        let bytes = units.map { UInt8(truncatingIfNeeded: $0) }
        let shortTypo = TextMatcher.allowsShortTypo(units)
        // A three-letter word matches with at most one swap of its last two letters (`teh` finds
        // "the"): the word and that swap are the fragments.
        if shortTypo && bytes.count == 3 {
            guard bytes.count >= minimumLength else { return [] }
            return [[bytes, [bytes[0], bytes[2], bytes[1]]]]
        }
        // A four-letter word keeps its first letter and differs by a swap or one substitution after
        // it: its first three letters (a substitution of the last), the word with any byte in place
        // of the second or third letter, or either swap.
        if shortTypo && bytes.count == 4 {
            let (a, b, c, d) = (bytes[0], bytes[1], bytes[2], bytes[3])
            let any = Self.anyByte
            return [[[a, b, c], [a, b, any, d], [a, any, c, d], [a, c, b, d], [a, b, d, c]]]
        }
        let budget = TextMatcher.typoBudget(forLength: bytes.count)
        // Cuts at even distances first, then every other valid cut.
        let even = (1...max(budget, 1)).prefix(budget).map { bytes.count * $0 / (budget + 1) }
        var choices = [even]
        let valid = (minimumLength...max(minimumLength, bytes.count - minimumLength))
        if budget == 1 {
            choices += valid.map { [$0] }
        } else if budget == 2 {
            for first in valid {
                for second in valid where second - first >= minimumLength { choices.append([first, second]) }
            }
        }
        var sets: [[[UInt8]]] = []
        for cuts in choices {
            guard let fragments = Self.fragments(of: bytes, cuts: cuts, minimumLength: minimumLength),
                !sets.contains(fragments)
            else { continue }
            sets.append(fragments)
        }
        return sets
    }

    /// The pieces of `bytes` between `cuts`, and the swaps across the cuts;
    /// `nil` when a piece would be shorter than `minimumLength`.
    private static func fragments(of bytes: [UInt8], cuts: [Int], minimumLength: Int) -> [[UInt8]]? {
        let bounds = [0] + cuts + [bytes.count]
        guard zip(bounds, bounds.dropFirst()).allSatisfy({ $1 - $0 >= minimumLength }) else { return nil }
        var fragments: [[UInt8]] = zip(bounds, bounds.dropFirst()).map { Array(bytes[$0..<$1]) }
        // The swaps across cuts: each one alone, and (with two cuts) both.
        var swapSets: [[Int]] = cuts.map { [$0] }
        if cuts.count == 2 { swapSets.append(cuts) }
        for swaps in swapSets {
            var swapped = bytes
            for cut in swaps { swapped.swapAt(cut - 1, cut) }
            guard swapped != bytes else { continue }
            // The span from the first changed piece to the last.
            let first = bounds[bounds.lastIndex(where: { $0 < swaps[0] }) ?? 0]
            let last = bounds[bounds.firstIndex(where: { $0 > swaps[swaps.count - 1] }) ?? bounds.count - 1]
            fragments.append(Array(swapped[first..<last]))
        }
        var unique: [[UInt8]] = []
        for fragment in fragments where !unique.contains(fragment) { unique.append(fragment) }
        return unique
    }
}
