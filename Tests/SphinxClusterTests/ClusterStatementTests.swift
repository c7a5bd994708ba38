import SearchEngine
import Testing

@testable import SphinxCluster

/// The SphinxQL a cluster search sends.
@Suite struct ClusterStatementTests {
    static func statements(_ text: String, limit: Int = 20, offset: Int = 0, sort: FieldSort? = nil) throws
        -> [String]
    {
        let source = try ClusterSource(
            url: "sphinxql://127.0.0.1:9306/items", query: try QueryParser().parse(text),
            options: SearchOptions(limit: limit, offset: offset, sort: sort), timeouts: ClusterTimeouts())
        return source.statements(kinds: [], fieldsInUse: 4, searchFields: ["name"])
    }

    /// The number after `marker` in `statement`.
    static func number(after marker: String, in statement: String) -> Int? {
        let parts = statement.split(separator: marker, maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        return Int(parts[1].prefix { $0.isNumber })
    }

    /// A distributed index asks each shard for `max_matches` rows: no
    /// statement asks for more than it returns, and every one asks for at
    /// least what it returns (a deep offset needs more than the default
    /// 1,000).
    @Test(arguments: [(20, 0), (1, 0), (10, 1500), (50, 200)])
    func maxMatchesIsTheRowsEachStatementReturns(limit: Int, offset: Int) throws {
        for query in ["coffee", "coffee house", "coffee price<5", ""] {
            let selects = try Self.statements(
                query, limit: limit, offset: offset, sort: FieldSort(field: "price", descending: true)
            ).filter { $0.hasPrefix("SELECT") }
            #expect(!selects.isEmpty)
            for select in selects {
                let count = try #require(Self.number(after: "LIMIT 0,", in: select), "\(select)")
                #expect(count == 2 * (offset + limit) + 20, "\(select)")
                #expect(Self.number(after: "max_matches=", in: select) == count, "\(select)")
            }
        }
    }

    /// One word: one statement per kind of match over every field (whole
    /// words twice: start first, and past the start first). More words: those
    /// per field, and per kind of match over all fields.
    @Test func oneWordSendsFourStatementsOverAllFields() throws {
        let one = try Self.statements("coffee")
        #expect(one.count == 5)
        #expect(one.last == "SHOW META")
        #expect(one.dropLast().allSatisfy { $0.contains("MATCH('@(f0,f1,f2,f3) ") }, "\(one)")
        #expect(one.dropLast().allSatisfy { $0.contains("ranker=expr('top(") }, "\(one)")
        let two = try Self.statements("coffee house")
        #expect(two.count == 4 * 4 + 3 + 1)
        #expect(try Self.statements("coffee-house").count == 4 * 4 + 1)
    }
}
