import RawBytes

extension TextMatcher {
    /// The best occurrence of the whole pattern: ``MatchTier/exact``, ``MatchTier/prefix``,
    /// ``MatchTier/wordPrefix`` or ``MatchTier/substring``. Leading and trailing whitespace of the text
    /// is ignored for exact and prefix matches.
    static func contiguousMatch<Subject: MatchSubject & ~Escapable>(
        _ pattern: Span<UInt32>,
        in subject: Subject
    ) -> TextMatch? {
        let length = pattern.count
        let count = subject.count
        guard length > 0, length <= count else { return nil }
        // Surrounding whitespace in the text does not count: " Coffee " is an exact match for "coffee".
        let (contentStart, contentEnd) = contentBounds(of: subject)
        var best = ContiguousBest(length: length, contentStart: contentStart, contentEnd: contentEnd)
        if length <= naiveSearchLength {
            let first = pattern[0]
            var start = 0
            let lastStart = count - length
            while true {
                start = subject.firstIndex(ofUnit: first, from: start, below: lastStart + 1)
                guard start <= lastStart else { break }
                defer { start += 1 }
                var matched = 1
                while matched < length && subject.unit(at: start + matched) == pattern[matched] { matched += 1 }
                guard matched == length else { continue }
                if best.found(at: start, in: subject) { break }
            }
        } else {
            forEachOccurrence(of: pattern, in: subject) { start in best.found(at: start, in: subject) }
        }
        guard best.start >= 0 else { return nil }
        let positions = subject.characterOffsets(ofUnits: best.start..<best.start + length)
        return TextMatch(tier: best.tier, quality: best.quality, positions: positions)
    }

    /// The longest pattern looked for by comparing it at each position of the text: past it, a
    /// repetitive text (`aaaa…` for `aaa…ab`) would cost the pattern's length at every position, so
    /// longer patterns are found in time linear in the text (Knuth-Morris-Pratt).
    static let naiveSearchLength = 16

    /// The start of every occurrence of `pattern` in the folded `text`, as
    /// ``forEachOccurrence(of:in:_:)`` finds them (for tests: a check against comparing at every
    /// position).
    package static func occurrences(of pattern: MatchPattern, in text: String) -> [Int] {
        var starts: [Int] = []
        let units = pattern.units.span
        UnicodeSubject.withSubject(text) { subject in
            forEachOccurrence(of: units, in: subject) { start in
                starts.append(start)
                return false
            }
        }
        return starts
    }

    /// Calls `body` with the start of every occurrence of `pattern` in `subject`, overlapping ones
    /// included, in order, until it returns `true`; in time linear in the text and the pattern.
    static func forEachOccurrence<Subject: MatchSubject & ~Escapable>(
        of pattern: Span<UInt32>,
        in subject: Subject,
        _ body: (Int) -> Bool
    ) {
        let length = pattern.count
        guard length > 0, length <= subject.count else { return }
        TemporarySpans.withMutableSpan(of: 0, count: length) { border in
            // `border[i]`: the length of the longest proper prefix of `pattern[...i]` that is also
            // its suffix.
            border[0] = 0
            var k = 0
            for i in 1..<max(length, 1) {
                while k > 0 && pattern[i] != pattern[k] { k = border[k - 1] }
                if pattern[i] == pattern[k] { k += 1 }
                border[i] = k
            }
            var matched = 0
            for index in 0..<subject.count {
                let unit = subject.unit(at: index)
                while matched > 0 && unit != pattern[matched] { matched = border[matched - 1] }
                if unit == pattern[matched] { matched += 1 }
                if matched == length {
                    if body(index - length + 1) { return }
                    matched = border[matched - 1]
                }
            }
        }
    }
}

/// The best occurrence of a contiguous match found so far.
private struct ContiguousBest {
    let length: Int
    /// Where the text starts and ends without its surrounding whitespace.
    let contentStart: Int
    let contentEnd: Int
    var tier = MatchTier.fuzzy
    var quality = Int.min
    var start = -1

    init(length: Int, contentStart: Int, contentEnd: Int) {
        self.length = length
        self.contentStart = contentStart
        self.contentEnd = contentEnd
    }

    /// Weighs an occurrence at `start`; returns `true` when no later one can be better.
    @inline(__always)
    mutating func found(at start: Int, in subject: some MatchSubject & ~Escapable) -> Bool {
        let tier = TextMatcher.positionalTier(
            ofOccurrenceAt: start, length: length, in: subject, contentStart: contentStart, contentEnd: contentEnd)
        guard tier <= self.tier,
            TextMatcher.occurrenceMatches(tier: tier, start: start, length: length, in: subject)
        else { return false }
        let quality = MatchScoring.quality(of: start..<start + length, in: subject)
        if tier < self.tier || quality > self.quality {
            self.tier = tier
            self.quality = quality
            self.start = start
        }
        return start == contentStart  // Nothing later beats a prefix.
    }
}
