/// When the records that matched one query hold every record that can
/// match the next, so that the next search may read only those.
///
/// Typing on at the end of a word usually narrows the results, but not
/// always: once a word is long enough to match with typos, a longer word may
/// match a record the shorter one did not (`queenst` finds `quqeuenkiosta`
/// with a typo, `queens` does not), a four-letter word may match a whole
/// word with a substitution where three letters could not, and `-word`,
/// `price<5` or `kind:` change what a query means as they grow. The rule
/// allows reuse only where it holds for every record: one plain word of
/// letters and digits, grown at its end, while no length on the way allows
/// a typo (under three characters, or past the longest typo pattern).
package enum NarrowingRule {
    /// Whether a search for `new` may read only the records that matched
    /// `old` and find every record a full search would.
    package static func mayReuse(matchesOf old: String, for new: String) -> Bool {
        guard !old.isEmpty, new.count > old.count, new.hasPrefix(old) else { return false }
        guard new.allSatisfy({ $0.isLetter || $0.isNumber }) else { return false }
        return new.count < 3 || old.count > maximumTypoLength
    }

    /// The longest word that may match with typos (`TextMatcher`'s limit).
    static let maximumTypoLength = 64
}
