/// The quality score of a match, modelled on fzf's v2 scoring: every matched character scores, word
/// starts and runs of consecutive characters earn bonuses, and gaps cost.
///
/// The same function scores every tier, so qualities are comparable across texts for one pattern.
enum MatchScoring {
    /// Each matched character.
    static let scoreMatch = 16
    /// Opening a gap between two matched characters.
    static let penaltyGapStart = 3
    /// Each skipped character after the first in a gap.
    static let penaltyGapExtension = 1
    /// A matched character that starts a word after whitespace, or starts the text.
    static let bonusAfterWhitespace = 10
    /// A matched character that starts a word after punctuation such as `-._/@`.
    static let bonusAfterDelimiter = 9
    /// A matched character that starts a word after a symbol.
    static let bonusAfterNonWord = 8
    /// A matched character that starts a word inside a camelCase or letters-then-digits run.
    static let bonusCamelCase = 7
    /// A matched character right after another matched character.
    static let bonusConsecutive = 4
    /// The first matched character's boundary bonus counts this many times.
    static let firstCharacterMultiplier = 2
    /// The last matched character ends a word: the match covers a whole word rather than part of one.
    static let bonusWholeWord = 8
    /// Each unit of edit cost in a typo match.
    static let penaltyPerEdit = 64

    /// What each further character of a run of consecutive ones inside a word adds.
    static let unitGain = scoreMatch + bonusConsecutive

    /// The score of the first matched character at `index`.
    @inline(__always)
    static func firstGain(bonus: Int) -> Int {
        scoreMatch + bonus * firstCharacterMultiplier
    }

    /// The score of a matched character `gap` characters after the previous matched one.
    @inline(__always)
    static func gain(bonus: Int, gap: Int) -> Int {
        if gap == 0 { return scoreMatch + max(bonus, bonusConsecutive) }
        return scoreMatch + bonus - penaltyGapStart - (gap - 1) * penaltyGapExtension
    }

    /// The score for the match's end: the whole-word bonus when it ends a word.
    @inline(__always)
    static func endGain(last: Int, in subject: some MatchSubject & ~Escapable) -> Int {
        subject.endsWord(at: last + 1) ? bonusWholeWord : 0
    }

    /// The quality of matching the given units, ascending, in `subject`.
    static func quality(of units: some Sequence<Int>, in subject: some MatchSubject & ~Escapable) -> Int {
        var score = 0
        var previous = -1
        for index in units {
            let bonus = subject.boundaryBonus(at: index)
            score += previous < 0 ? firstGain(bonus: bonus) : gain(bonus: bonus, gap: index - previous - 1)
            previous = index
        }
        if previous >= 0 { score += endGain(last: previous, in: subject) }
        return score
    }
}
