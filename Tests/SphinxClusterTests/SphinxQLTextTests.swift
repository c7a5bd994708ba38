import Testing

@testable import SphinxCluster

@Suite struct SphinxQLTextTests {
    @Test func anSQLStringEscapesQuotesAndBackslashesAndDropsNUL() {
        #expect(SphinxQLText.sqlString(#"it's a \ path"#) == #"it\'s a \\ path"#)
        #expect(SphinxQLText.sqlString("a\u{0}b\nc") == "a b c")
    }

    @Test func fullTextOperatorsAreEscaped() {
        #expect(SphinxQLText.fullTextEscaped(#"@^$*()|-"/!~="#) == #"\@\^\$\*\(\)\|\-\"\/\!\~\="#)
    }

    @Test func wordsAreFoldedAndSplitWhereTheClusterSplits() {
        #expect(SphinxQLText.words("Zürich Café-au-lait") == ["zurich", "cafe", "au", "lait"])
        #expect(SphinxQLText.words("Ελλάδα Москва") == ["ελλαδα", "москва"])
        #expect(
            SphinxQLText.words(#"a"b\c@d^e$f*g(h)i|j-k/l!m~n=o"# + "\u{0}p") == "abcdefghijklmnop".map { String($0) })
        #expect(SphinxQLText.words("☕ 東京") == [])
    }
}
