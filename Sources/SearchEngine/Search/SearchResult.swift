/// The counts that account for every record read.
public struct SearchStatistics: Sendable, Equatable {
    /// Records read from every source.
    public var read = 0
    /// Records that matched the query.
    public var matched = 0
    /// Records of other kinds or that did not match.
    public var filteredOut = 0
    /// Records whose kind rejected them (each reported with its location).
    public var skipped = 0

    public init(read: Int = 0, matched: Int = 0, filteredOut: Int = 0, skipped: Int = 0) {
        self.read = read
        self.matched = matched
        self.filteredOut = filteredOut
        self.skipped = skipped
    }
}

/// What a search found.
public struct SearchResult: Sendable {
    /// The results shown, best first.
    public var hits: [SearchHit]
    public var statistics: SearchStatistics
    /// How many records of each kind matched, in no set order, when ``SearchOptions/countsMatchesByKind`` asked for it
    /// and some record matched (fuzzy stand-ins are not counted).
    package var matchedByKind: [(name: String, count: Int)]?
    /// The finished search, held so that what it still references is freed
    /// with the result, after the results are printed, not before.
    var searched: SearchSession?
}
