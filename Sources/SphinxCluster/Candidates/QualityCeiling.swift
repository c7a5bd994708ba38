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
                ? [[0x20, 0x78], [Self.glue(after: last)]]
                : wholeWord ? [[0x20, 0x78]] : [[Self.glue(after: last)]]
        let lead = tier == .substring ? [Self.glue(after: first)] : start.lead
        for tail in tails {
            guard let match = matcher.match(pattern, in: Self.text(lead + units + tail)), match.tier == tier,
                tier == .substring || match.wholeWord == wholeWord
            else { return Int.max }
            best = max(best, match.quality)
        }
        return best
    }

    /// The best quality of a typo match starting at `start`: the best of
    /// every text one edit away (a unit left out, put in, changed, or two
    /// swapped; what is put in being a letter, a space, a hyphen, or a unit
    /// beside it), whether the word goes on after it or not. Two edits cost
    /// the quality of a whole unit more than one saves.
    func typo(start: Start) -> Int {
        guard let last = units.last else { return Int.max }
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
            var fillers: [UInt32] = [0x71, 0x20, 0x2D]
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
        var best = Int.min
        for variant in variants where !variant.isEmpty {
            for tail in [[0x20, 0x78], [Self.glue(after: variant.last ?? last)]] {
                guard let match = matcher.match(pattern, in: Self.text(lead + variant + tail)), match.tier == .typo
                else { continue }
                best = max(best, match.quality)
            }
        }
        return best == Int.min ? Int.max : best
    }

    /// A unit that goes on the word after `unit` without starting a new
    /// one or making a plural: `q` after a letter, `7` after a digit, the
    /// unit itself otherwise.
    private static func glue(after unit: UInt32) -> UInt32 {
        if (0x61...0x7A).contains(unit) { return 0x71 }
        if (0x30...0x39).contains(unit) { return 0x37 }
        return unit
    }

    private static func text(_ units: [UInt32]) -> String {
        String(String.UnicodeScalarView(units.compactMap(Unicode.Scalar.init)))
    }
}
