import ResultKit
import SearchEngine
import StreamingJSON
import TestSupport
import Testing
import TextMatching

/// The ranking and filtering rules of issue #19, over `note` records (name weight 100, body 10).
@Suite struct RelevanceRuleTests {
    func names(_ query: String, _ lines: [String]) throws -> [String] {
        let registry = try KindRegistry([noteKind()])
        var session = SearchSession(
            registry: registry, query: try QueryParser().parse(query), options: SearchOptions(limit: 100))
        for (index, line) in lines.enumerated() {
            let object = try #require(try JSONParser().parse(line).objectValue)
            session.consider(
                Record(object: object, location: SourceLocation(file: "t.jsonl", line: index + 1), kindHint: "note")
            ) { _ in }
        }
        return session.finish().hits.map(\.row.name)
    }

    func notes(_ names: [String]) -> [String] { names.map { #"{"name":"\#($0)"}"# } }

    @Test func wholeWordsComeBeforeLongerWords() throws {
        let films = notes([
            "Kingdom of the Spiders", "kingsvilletexas.com", "The King's Speech", "Starsuckers", "The Star",
        ])
        // The two longer words tie on strength, weight and quality: the shorter name first.
        #expect(try names("king", films) == ["The King's Speech", "kingsvilletexas.com", "Kingdom of the Spiders"])
        #expect(try names("star", films) == ["The Star", "Starsuckers"])
    }

    @Test func aWeakFieldsExactMatchRanksAfterTheNamesWholeWords() throws {
        let lines = [
            #"{"name":"a.com","body":"taken"}"#, #"{"name":"Takenouchi"}"#, #"{"name":"Taken 2"}"#,
            #"{"name":"The Taken"}"#, #"{"name":"Taken"}"#,
        ]
        // The name's whole words first; the start of a longer word after any whole word.
        #expect(try names("taken", lines) == ["Taken", "Taken 2", "The Taken", "a.com", "Takenouchi"])
    }

    /// A field that holds the query as a word outranks a name that only starts with its letters:
    /// German by its autonym before Deutschland, India's translations before the Indiana zones.
    @Test func aWholeWordInAnyFieldOutranksTheStartOfALongerWord() throws {
        let lines = [
            #"{"name":"Deutschland"}"#, #"{"name":"German","body":"autonym=Deutsch"}"#,
            #"{"name":"America/Indiana/Knox"}"#, #"{"name":"Indien","body":"english=India"}"#,
            #"{"name":"Indian Rupee"}"#, #"{"name":"India"}"#, #"{"name":"Indiana Jones","body":"a film"}"#,
        ]
        #expect(try names("deutsch", lines) == ["German", "Deutschland"])
        #expect(
            try names("india", lines) == ["India", "Indien", "Indian Rupee", "Indiana Jones", "America/Indiana/Knox"])
    }

    /// The letters of a query inside a word match in a strong field, after every word match; inside
    /// a capitalised word only as its last part (`phone` in Smartphone, not `oman` in Romania); and
    /// never inside a word of a weak field (`oman` in the body "autonym=română").
    @Test func aQueryInsideAnotherWordMatchesInStrongFieldsAfterEveryWordMatch() throws {
        let lines = [
            #"{"name":"Romania"}"#, #"{"name":"Limba","body":"autonym=română"}"#, #"{"name":"Oman"}"#,
            #"{"name":"Turkish, Ottoman"}"#, #"{"name":"romania.ro"}"#, #"{"name":"Rial Omani"}"#,
            #"{"name":"Somalia","body":"somalia.so"}"#, #"{"name":"supertux"}"#, #"{"name":"Tux Racer"}"#,
            #"{"name":"ace","body":"see supertuxkart"}"#, #"{"name":"Mali"}"#, #"{"name":"Smartphone X"}"#,
            #"{"name":"phone case"}"#, #"{"name":"Minecraft"}"#, #"{"name":"minecraft.net"}"#,
        ]
        #expect(try names("oman", lines) == ["Oman", "Rial Omani", "Turkish, Ottoman", "romania.ro"])
        #expect(try names("mali", lines) == ["Mali"])
        // Nothing else matching, the capitalised word is found as a fuzzy stand-in.
        #expect(try names("omani", notes(["Romania", "Romanian"])) == ["Romania", "Romanian"])
        #expect(try names("tux", lines) == ["Tux Racer", "supertux"])
        #expect(try names("phone", lines) == ["phone case", "Smartphone X"])
        #expect(try names("craft", lines) == ["Minecraft", "minecraft.net"])
    }

    @Test func shortTyposFindWholeWordsAndNoFuzzyJunk() throws {
        let films = notes([
            "Look Who's Talking Now", "Walking on Sunshine", "King Kong", "The King's Speech",
            "The King of Kong: A Fistful of Quarters", "Kingdom of the Spiders",
        ])
        #expect(
            try names("kign", films) == ["King Kong", "The King's Speech", "The King of Kong: A Fistful of Quarters"])
        #expect(try names("kign kong", films).first == "King Kong")
        #expect(try names("teh king", films).first == "The King's Speech")
        #expect(try names("king of kogn", films) == ["The King of Kong: A Fistful of Quarters"])
        // Nothing within one edit: the fuzzy fallback still needs a good match.
        #expect(try names("kign", notes(["Look Who's Talking Now", "Walking on Sunshine"])) == [])
    }

    @Test func aNumberOnANumericFieldMeansEquality() throws {
        let lines = [
            #"{"name":"a","price":5}"#, #"{"name":"b","price":56000}"#, #"{"name":"c","price":4.5}"#,
            #"{"name":"d","price":null}"#, #"{"name":"e","price":"5"}"#, #"{"name":"f","price":8}"#,
        ]
        #expect(try names("price:5", lines) == ["a", "e"])
        #expect(try names("-price:5", lines) == ["b", "c", "d", "f"])
        #expect(try names("price:5..10", lines) == ["a", "e", "f"])
        #expect(try names("price<5", lines) == ["c"])
        #expect(try names("-price<5", lines) == ["a", "b", "d", "e", "f"])
    }

    @Test func aHostFindsItsOtherIDNASpelling() throws {
        let domains = notes(["люблюзиму.рф", "xn--zettlmeil-n1a.de", "zettl.de"])
        #expect(try names("xn--90amdjbi3c0ec.xn--p1ai", domains) == ["люблюзиму.рф"])
        #expect(try names("zettlmeißl.de", domains) == ["xn--zettlmeil-n1a.de"])
        #expect(try names("https://www.люблюзиму.рф/", domains) == ["люблюзиму.рф"])
    }

    @Test func aPastedURLSearchesItsHost() throws {
        let domains = notes(["reaganlibrary.gov", "tatler.com", "www-tatler.org"])
        #expect(try names("https://reaganlibrary.gov/", domains) == ["reaganlibrary.gov"])
        #expect(try names("www.tatler.com", domains).first == "tatler.com")
        let query = try QueryParser().parse("https://www.tatler.com:443/news?x=1")
        #expect(query.referencedFields.isEmpty)
    }
}
