import ResultKit

extension KindSpec {
    /// A text a spec kind offers to the search.
    public struct SearchField: Sendable {
        /// Where the text comes from.
        public enum Source: Sendable {
            /// A value in the record.
            case path(JSONPointer)
            /// A template over the record, such as `{rank} of {suit}`.
            case template(NameTemplate)
        }

        /// The name used in queries (`name:value`) and in JSON output.
        public var name: String
        /// How much a match counts, from 1 to 100.
        public var weight: Int
        /// Where the text comes from.
        public var source: Source

        /// Creates a search field.
        public init(name: String, weight: Int, source: Source) {
            self.name = name
            self.weight = weight
            self.source = source
        }
    }
}
