extension TextMatcher {
    /// The best occurrence of the whole pattern: ``MatchTier/exact``, ``MatchTier/prefix``,
    /// ``MatchTier/wordPrefix`` or ``MatchTier/substring``. Leading and trailing whitespace of the text
    /// is ignored for exact and prefix matches.
    static func contiguousMatch<Subject: MatchSubject>(
        _ pattern: UnsafeBufferPointer<UInt32>,
        in subject: Subject
    ) -> TextMatch? {
        let length = pattern.count
        let count = subject.count
        guard length > 0, length <= count else { return nil }
        let first = pattern[0]
        // Surrounding whitespace in the text does not count: " Coffee " is an exact match for "coffee".
        var contentStart = 0
        while contentStart < count && subject.characterClass(at: contentStart) == .whitespace { contentStart += 1 }
        var contentEnd = count
        while contentEnd > contentStart && subject.characterClass(at: contentEnd - 1) == .whitespace { contentEnd -= 1 }
        var bestTier = MatchTier.fuzzy
        var bestQuality = Int.min
        var bestStart = -1
        var start = 0
        let lastStart = count - length
        while start <= lastStart {
            defer { start += 1 }
            guard subject.unit(at: start) == first else { continue }
            var matched = 1
            while matched < length && subject.unit(at: start + matched) == pattern[matched] { matched += 1 }
            guard matched == length else { continue }
            let tier: MatchTier
            if start == contentStart {
                tier = start + length == contentEnd ? .exact : .prefix
            } else {
                tier = subject.boundaryBonus(at: start) > 0 ? .wordPrefix : .substring
            }
            guard tier <= bestTier else { continue }
            let quality = MatchScoring.quality(of: start..<start + length, in: subject)
            if tier < bestTier || quality > bestQuality {
                bestTier = tier
                bestQuality = quality
                bestStart = start
            }
            if start == contentStart { break }  // Nothing later beats a prefix.
        }
        guard bestStart >= 0 else { return nil }
        let positions = subject.characterOffsets(ofUnits: bestStart..<bestStart + length)
        return TextMatch(tier: bestTier, quality: bestQuality, positions: positions)
    }
}
