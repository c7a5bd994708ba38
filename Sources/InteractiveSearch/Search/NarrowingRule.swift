import TextMatching

/// When the records that matched one query hold every record that can
/// match the next, so that the next search may read only those.
///
/// Typing on at the end of a word does not narrow the results: once a word
/// is long enough to match with typos, a longer word may match a record the
/// shorter one did not (`queenst` finds `quqeuenkiosta` with a typo, `queens`
/// does not); a longer word may end a capitalised word where the shorter one
/// was only letters inside it, which match nothing (`ne` ends "Smartphone",
/// `n` is inside it); and `-word`, `price<5` or `kind:` change what a query
/// means as they grow. The rule allows reuse only where it holds for every
/// record: plain words, every one of them ended by a space in the new query.
/// Each is then a word of the new query too, spelled the same, so matched as
/// before, and a record must match every word, whatever follows (another
/// word, `-word`, a filter, `kind:`), unless one is a word that other words
/// change (``WordForms/dependsOnOtherWords(_:)``): `and` followed by a word
/// matches `&` too, `ii` with another word matches `2`. Words only rule
/// records out here; how the words rank together is the scorer's.
///
/// A narrowed search that finds nothing is not shown as it is: a full search
/// shows fuzzy stand-ins from every record (``LiveSearch`` runs it).
package enum NarrowingRule {
    /// Whether a search for `new` may read only the records that matched
    /// `old` and find every record a full search would.
    package static func mayReuse(matchesOf old: String, for new: String) -> Bool {
        guard !old.isEmpty, new.count > old.count, new.hasPrefix(old) else { return false }
        let isPlainWords = old.contains { $0 != " " } && old.allSatisfy { $0 == " " || $0.isLetter || $0.isNumber }
        guard isPlainWords, old.last == " " || new.dropFirst(old.count).first == " " else { return false }
        return !old.split(separator: " ").contains { WordForms.dependsOnOtherWords(String($0)) }
    }
}
