import SearchEngine
import Testing

@testable import SphinxCluster

@Suite struct TierQueryTests {
    static func expressions(_ text: String) throws -> [String] {
        TierQuery(try QueryParser().parse(text)).expressions(in: "f0")
    }

    @Test func oneWordHasAWholeWordAPrefixAndASubstringExpression() throws {
        #expect(
            try Self.expressions("Café") == ["@f0 (=cafe)", "@f0 (cafe*)", "@f0 (*cafe*)"])
    }

    @Test func aWordWithPunctuationIsItsIndexedWords() throws {
        #expect(try Self.expressions("coffee-ho").last == "@f0 (*coffee* *ho*)")
        #expect(try Self.expressions("coffee-ho")[1] == "@f0 (=coffee ho*)")
    }

    /// Only the operators the expression is built with remain: the user's
    /// text becomes letters, digits and spaces.
    @Test func operatorsNeverReachTheExpression() throws {
        for expression in try Self.expressions(#""a@b ^c$ d* (e) f|g -h \"i\" j/k !l ~m =n 'o""#) {
            #expect(expression.hasPrefix("@f0 ("))
            let body = expression.dropFirst(5).dropLast().filter { !"^=*$".contains($0) }
            #expect(body.allSatisfy { $0.isLetter || $0 == " " }, "\(expression)")
        }
    }

    @Test func aOneCharacterWordIsAWholeWordAndSaidSo() throws {
        let query = TierQuery(try QueryParser().parse("a coffee"))
        #expect(query.wholeWordsOnly == ["a"])
        #expect(query.expressions(in: "f0").last == "@f0 (=a) (*coffee*)")
    }

    @Test func wordsTheClusterDoesNotIndexAreNamed() throws {
        let query = TierQuery(try QueryParser().parse("☕ price<5 -tea"))
        #expect(query.unsearchable == ["☕"])
        #expect(query.isEmpty)
    }
}
