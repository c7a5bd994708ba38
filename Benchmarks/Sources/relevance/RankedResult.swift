/// One result of a ranked list, as the relevance program compares them.
struct RankedResult: Sendable, Equatable {
    /// `kind:name`, the key the judged set uses.
    var key: String
    /// How the tool says it matched (search's tier), or empty.
    var how: String
}
