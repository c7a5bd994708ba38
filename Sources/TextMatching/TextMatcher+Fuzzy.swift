import RawBytes

extension TextMatcher {
    /// The most characters that may be skipped between two matched characters of a fuzzy match.
    static let maximumFuzzyGap = 3
    /// The longest text, in folded units, that fuzzy matching considers.
    package static let maximumFuzzyTextLength = 4096
    /// The longest pattern, in folded units, that may match fuzzily.
    package static let maximumFuzzyPatternLength = 64

    /// The least quality a fuzzy match of `length` pattern characters must have: as much as matching
    /// every character with no bonus, plus one word start. Letters picked out of the middle of
    /// words with gaps between them ("kign" in "Talking Now") fall short; an abbreviation that
    /// starts words or runs along one ("cfe" for "Café Coffea") does not.
    static func minimumFuzzyQuality(forLength length: Int) -> Int {
        length * MatchScoring.scoreMatch + MatchScoring.bonusAfterWhitespace
    }

    /// The best ``MatchTier/fuzzy`` match: the pattern's units in order, each gap at most
    /// ``maximumFuzzyGap`` characters and all gaps together at most the pattern's length, so that
    /// letters scattered across unrelated words never match. Among such alignments, the one with the
    /// best quality wins (fzf v2-style dynamic programming), if it reaches
    /// ``minimumFuzzyQuality(forLength:)``. Patterns longer than
    /// ``maximumFuzzyPatternLength`` and texts longer than ``maximumFuzzyTextLength`` never match
    /// fuzzily, which bounds the work per text.
    static func fuzzyMatch<Subject: MatchSubject & ~Escapable>(
        _ pattern: Span<UInt32>,
        in subject: Subject
    ) -> TextMatch? {
        let length = pattern.count
        let count = subject.count
        guard length >= 2, length <= maximumFuzzyPatternLength, count >= length, count <= maximumFuzzyTextLength else {
            return nil
        }
        // Cheap rejection: the pattern must at least be a subsequence.
        var found = 0
        for index in 0..<count where subject.unit(at: index) == pattern[found] {
            found += 1
            if found == length { break }
        }
        guard found == length else { return nil }

        return TemporarySpans.withMutableSpan(of: 0, count: length * count) { scores in
            TemporarySpans.withMutableSpan(of: UInt8(0), count: length * count) { gaps in
                let none = Int.min / 2
                for j in 0..<count {
                    scores[j] =
                        subject.unit(at: j) == pattern[0]
                        ? MatchScoring.firstGain(bonus: subject.boundaryBonus(at: j)) : none
                    gaps[j] = 0
                }
                for i in 1..<length {
                    let row = i * count
                    let above = row - count
                    let patternUnit = pattern[i]
                    for j in 0..<count {
                        scores[row + j] = none
                        gaps[row + j] = 0
                        guard j >= i, subject.unit(at: j) == patternUnit else { continue }
                        let bonus = subject.boundaryBonus(at: j)
                        for gap in 0...maximumFuzzyGap {
                            let from = j - 1 - gap
                            guard from >= i - 1 else { break }
                            let previous = scores[above + from]
                            guard previous != none else { continue }
                            let score = previous + MatchScoring.gain(bonus: bonus, gap: gap)
                            if score > scores[row + j] {
                                scores[row + j] = score
                                gaps[row + j] = UInt8(gap)
                            }
                        }
                    }
                }
                // The best end whose alignment keeps the total gap within the pattern's length.
                let lastRow = (length - 1) * count
                var best: (score: Int, end: Int)?
                for end in 0..<count where scores[lastRow + end] != none {
                    let score = scores[lastRow + end] + MatchScoring.endGain(last: end, in: subject)
                    if let current = best, current.score >= score { continue }
                    var totalGap = 0
                    var position = end
                    for i in stride(from: length - 1, to: 0, by: -1) {
                        let gap = Int(gaps[i * count + position])
                        totalGap += gap
                        position -= gap + 1
                    }
                    if totalGap <= length { best = (score, end) }
                }
                guard let best, best.score >= minimumFuzzyQuality(forLength: length) else { return nil }
                var units = [Int](repeating: 0, count: length)
                var position = best.end
                for i in stride(from: length - 1, through: 0, by: -1) {
                    units[i] = position
                    position -= Int(gaps[i * count + position]) + 1
                }
                return TextMatch(
                    tier: .fuzzy, quality: best.score, positions: subject.characterOffsets(ofUnits: units))
            }
        }
    }
}
