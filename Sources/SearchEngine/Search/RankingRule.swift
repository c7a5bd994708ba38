package import TextMatching

/// How the scorer weighs one word's match in one field: the match's ``MatchStrength`` in a field
/// of that weight, or no match at all.
///
/// This is the one place that says it. The scorer ranks by it; the picker's index bounds a
/// record's band by it before it asks the scorer, and builds its table of one-character words'
/// bands with it. A test may rank by another order of the strengths (``init(bandOrder:)``) and see
/// every part follow.
package struct RankingRule: Sendable, Equatable {
    /// For each band of ``MatchStrength``'s order, its place in this rule's; `nil` keeps that order.
    private let places: [Int]?

    /// The order every search ranks by: ``MatchStrength``'s.
    package static let standard = RankingRule(places: nil)

    private init(places: [Int]?) {
        self.places = places
    }

    /// A rule that ranks the strengths in another order, for tests: `bandOrder` lists
    /// ``MatchStrength``'s bands, best first.
    package init(bandOrder: [Int]) {
        precondition(bandOrder.sorted() == Array(0..<MatchStrength.count), "an order of every band, each once")
        var places = [Int](repeating: 0, count: bandOrder.count)
        for (place, band) in bandOrder.enumerated() { places[band] = place }
        self.places = places
    }

    /// The strength of a match of `tier` (covering a whole word or not) in a field of
    /// `fieldWeight`, or `nil` when the scorer does not take it: a weak field (a description, a
    /// status, an unknown kind's other fields) is prose or details, and matches by its words, not
    /// by letters inside one (`oman` in "română").
    @inline(__always)
    package func strength(tier: MatchTier, wholeWord: Bool, fieldWeight: Int) -> MatchStrength? {
        if tier == .substring, fieldWeight < MatchStrength.strongFieldWeight { return nil }
        let strength = MatchStrength(tier: tier, wholeWord: wholeWord, fieldWeight: fieldWeight)
        guard let places else { return strength }
        return MatchStrength(band: places[strength.band])
    }

    /// ``strength(tier:wholeWord:fieldWeight:)`` of `match`.
    @inline(__always)
    package func strength(of match: TextMatch, fieldWeight: Int) -> MatchStrength? {
        strength(tier: match.tier, wholeWord: match.wholeWord, fieldWeight: fieldWeight)
    }
}
