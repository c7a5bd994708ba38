import TextMatching

/// When the records that matched one query hold every record that can
/// match the next, so that the next search may read only those.
///
/// Typing on at the end of a word usually narrows the results, but not
/// always: once a word is long enough to match with typos, a longer word may
/// match a record the shorter one did not (`queenst` finds `quqeuenkiosta`
/// with a typo, `queens` does not), a four-letter word may match a whole
/// word with a substitution where three letters could not, and `-word`,
/// `price<5` or `kind:` change what a query means as they grow. The rule
/// allows reuse only where it holds for every record:
/// - one plain word of letters and digits, grown at its end, while no length
///   on the way allows a typo (under three characters, or past the longest
///   typo pattern);
/// - plain words, every one of them ended by a space in the new query: each
///   is then a word of the new query too, matched as before, and a record
///   must match every word, whatever follows (another word, `-word`, a
///   filter, `kind:`); unless one of them is a word that other words change
///   (a connector, a number: ``WordForms/dependsOnOtherWords(_:)``): `and`
///   followed by a word matches `&` too, `ii` with another word matches `2`.
///
/// A narrowed search that finds nothing is not shown as it is: a full search
/// shows fuzzy stand-ins from every record (``LiveSearch`` runs it).
package enum NarrowingRule {
    /// Whether a search for `new` may read only the records that matched
    /// `old` and find every record a full search would.
    package static func mayReuse(matchesOf old: String, for new: String) -> Bool {
        guard !old.isEmpty, new.count > old.count, new.hasPrefix(old) else { return false }
        let isPlainWords = old.contains { $0 != " " } && old.allSatisfy { $0 == " " || $0.isLetter || $0.isNumber }
        if isPlainWords, old.last == " " || new.dropFirst(old.count).first == " " {
            return !old.split(separator: " ").contains { WordForms.dependsOnOtherWords(String($0)) }
        }
        guard new.allSatisfy({ $0.isLetter || $0.isNumber }) else { return false }
        return new.count < 3 || old.count > maximumTypoLength
    }

    /// The longest word that may match with typos (`TextMatcher`'s limit).
    static let maximumTypoLength = 64
}
