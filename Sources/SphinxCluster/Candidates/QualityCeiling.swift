import TextMatching

/// The best quality a match of a one-word pattern can have in a field with
/// no word starting inside the match (see ``FieldTokens/innerReach``), for
/// each class of match: found by the matcher itself, on the texts of the
/// class that score best. In such a field, only what is around the match
/// changes its quality: where it starts (after whitespace scores most) and
/// whether it ends a word; past its first unit every unit scores as
/// consecutive, unless a word starts inside it, which needs an inner start.
///
/// A text made for a class that the matcher does not place in that class
/// gives no ceiling (`Int.max`): the bound is then no tighter than none.
struct QualityCeiling {
    private let pattern: MatchPattern
    private let units: [UInt32]
    private let matcher = TextMatcher()

    init(_ pattern: MatchPattern) {
        self.pattern = pattern
        self.units = pattern.units
    }

    /// Where a match starts.
    enum Start {
        /// At the field's start (exact and prefix).
        case field
        /// After whitespace.
        case space
        /// After anything else; punctuation scores most among those.
        case other

        var lead: [UInt32] {
            switch self {
            case .field: []
            case .space: [0x78, 0x20]  // "x "
            case .other: [0x78, 0x2D]  // "x-"
            }
        }
    }

    /// The best quality of a contiguous match of `tier`, whole word or not,
    /// starting at `start`.
    func contiguous(_ tier: MatchTier, wholeWord: Bool, start: Start) -> Int {
        guard let last = units.last, let first = units.first else { return Int.max }
        var best = Int.min
        let tails: [[UInt32]] =
            tier == .exact
            ? [[]]
            : tier == .substring
                ? [[0x20, 0x78], [glue(after: last)]]
                : wholeWord ? [[0x20, 0x78]] : [[glue(after: last)]]
        let lead = tier == .substring ? [glue(after: first)] : start.lead
        for tail in tails {
            guard let match = matcher.match(pattern, in: Self.text(lead + units + tail)), match.tier == tier,
                tier == .substring || match.wholeWord == wholeWord
            else { return Int.max }
            best = max(best, match.quality)
        }
        return best
    }

    /// The best quality of a typo match starting at `start`: the best of
    /// every text one edit away (``typoTexts(start:)``). Two edits cost the
    /// quality of a whole unit more than one saves.
    func typo(start: Start) -> Int {
        var best = Int.min
        for text in typoTexts(start: start, clear: false) {
            guard let match = matcher.typoMatch(pattern, in: text) else { continue }
            best = max(best, match.quality)
        }
        return best == Int.min ? Int.max : best
    }

    /// The typo matches starting at `start` at a word whose next word
    /// starts at least ``PatternTokens/typoSpan`` units on, or never
    /// (``PatternTokens/typoClear(_:slot:pairs:)``), in groups: each with
    /// the pairs of variants (``PatternTokens/TypoPair``) that find its
    /// matches and the best quality among them, so that a stream per group
    /// is ordered by a ceiling of its own.
    ///
    /// Every text one edit away that runs across no word start gives its
    /// match's quality and the pairs its word's typo tokens agree on. Each
    /// match is asked for by those of its pairs whose least quality (over
    /// every match that has the pair) is highest: most matches (`coffee`
    /// for `cofee`, a letter put in) are of low quality, and a stream that
    /// finds them settles as soon as it has enough of the shortest fields;
    /// a rare match of higher quality (`coefe`, two letters swapped) is
    /// asked for by a pair that no match of low quality has.
    func clearTypos(start: Start) -> [(quality: Int, pairs: [PatternTokens.TypoPair])] {
        let spelling = PatternTokens(pattern)
        let less = spelling.typoLess
        guard spelling.hasClearTypos, !less.isEmpty else { return [] }
        var found: [(quality: Int, pairs: Set<PatternTokens.TypoPair>)] = []
        for text in typoTexts(start: start, clear: true) {
            guard let match = matcher.typoMatch(pattern, in: text) else { continue }
            // The word's units as the field's tokens read them.
            let word = Array(WordStructure(text).units.dropFirst(start.lead.count).prefix(FieldTokens.typoWindow))
            var pairs: Set<PatternTokens.TypoPair> = []
            for variant in FieldTokens.typoVariants(of: word) {
                for (index, pattern) in less.enumerated() where pattern == variant.units {
                    pairs.insert(PatternTokens.TypoPair(index, variant.left))
                }
            }
            found.append((match.quality, pairs))
        }
        // Each match is asked for by its pairs whose least match is best:
        // the pairs that matches of lower quality need least.
        var least: [PatternTokens.TypoPair: Int] = [:]
        for match in found {
            for pair in match.pairs { least[pair] = min(least[pair] ?? Int.max, match.quality) }
        }
        var ceilings: [PatternTokens.TypoPair: Int] = [:]
        for match in found {
            guard let best = match.pairs.map({ least[$0] ?? Int.min }).max() else { continue }
            for pair in match.pairs where least[pair] == best {
                ceilings[pair] = max(ceilings[pair] ?? Int.min, match.quality)
            }
        }
        return Dictionary(grouping: ceilings.keys, by: { ceilings[$0] ?? 0 })
            .map { (quality: $0.key, pairs: $0.value.sorted()) }
            .sorted { $0.quality < $1.quality }
    }

    /// The texts one edit away from the pattern, each a word starting at
    /// `start` (a unit left out, put in, changed, or two swapped; what is
    /// put in being a letter, a space, a hyphen, or a unit beside it),
    /// whether the word goes on after it or not. With `clear`, only those
    /// whose next word starts at least the typo span on, or never: the
    /// text may end after the word, and one that starts a word inside the
    /// span (a space or a hyphen put in, a word right after a short one)
    /// is left out. A text in which the pattern starts a word is left out
    /// too: the typo found in it is no typo a text can give.
    private func typoTexts(start: Start, clear: Bool) -> [String] {
        guard let last = units.last else { return [] }
        var variants: [[UInt32]] = []
        for index in units.indices {
            var deleted = units
            deleted.remove(at: index)
            variants.append(deleted)
            if index + 1 < units.count {
                var swapped = units
                swapped.swapAt(index, index + 1)
                variants.append(swapped)
            }
        }
        for index in 0...units.count {
            var fillers: [UInt32] = [otherLetter, 0x20, 0x2D]
            if index > 0 { fillers.append(units[index - 1]) }
            if index < units.count { fillers.append(units[index]) }
            for filler in fillers {
                var inserted = units
                inserted.insert(filler, at: index)
                variants.append(inserted)
                if index < units.count {
                    var changed = units
                    changed[index] = filler
                    variants.append(changed)
                }
            }
        }
        let lead = start.lead
        let span = PatternTokens(pattern).typoSpan
        var texts: [String] = []
        for variant in variants where !variant.isEmpty {
            var tails: [[UInt32]] = [[0x20, 0x78], [glue(after: variant.last ?? last)]]
            // The word ends the text, or a space or punctuation follows it
            // and no word starts within the span: each is a fifth unit of
            // its own in the word's typo tokens.
            if clear { tails += [[], [0x20], [0x2D]] }
            for tail in tails {
                let text = Self.text(lead + variant + tail)
                // The pattern at a word start matches better than a typo, in
                // any text like this one: only an occurrence inside a word may
                // not count (one inside a capitalised word, `peech` in
                // "Speech"), and leave a typo to match.
                if let better = matcher.match(pattern, in: text), better.tier < .substring { continue }
                if clear {
                    let starts = WordStructure(text).starts
                    let inside = (lead.count + 1)..<min(lead.count + span, starts.count)
                    if inside.contains(where: { starts[$0] != .none }) { continue }
                }
                texts.append(text)
            }
        }
        return texts
    }

    /// A letter the pattern does not hold, standing for any such letter
    /// put in or changed (a typo's tokens tell apart only whether units
    /// are alike: one of the pattern's own would agree where no other
    /// does).
    private var otherLetter: UInt32 {
        Array("qzjxkvwybg".unicodeScalars.map(\.value)).first { !units.contains($0) } ?? 0x71
    }

    /// A unit that goes on the word after `unit` without starting a new
    /// one or making a plural: a letter after a letter, a digit after a
    /// digit, neither of them one the pattern holds (see ``otherLetter``);
    /// the unit itself otherwise.
    private func glue(after unit: UInt32) -> UInt32 {
        if (0x61...0x7A).contains(unit) { return otherLetter }
        if (0x30...0x39).contains(unit) { return [0x37, 0x38, 0x39, 0x30].first { !units.contains($0) } ?? 0x37 }
        return unit
    }

    private static func text(_ units: [UInt32]) -> String {
        String(String.UnicodeScalarView(units.compactMap(Unicode.Scalar.init)))
    }
}
