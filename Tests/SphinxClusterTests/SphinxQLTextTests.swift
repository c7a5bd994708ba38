import Testing

@testable import SphinxCluster

@Suite struct SphinxQLTextTests {
    @Test func anSQLStringEscapesQuotesAndBackslashesAndDropsNUL() {
        #expect(SphinxQLText.sqlString(#"it's a \ path"#) == #"it\'s a \\ path"#)
        #expect(SphinxQLText.sqlString("a\u{0}b\nc") == "a b c")
    }
}
