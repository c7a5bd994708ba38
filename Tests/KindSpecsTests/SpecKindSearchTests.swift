import KindSpecs
import ResultKit
import ResultOutput
import SearchEngine
import TerminalTable
import Testing
import TextMatching

/// Spec kinds are searched by the same scorer, filtered and sorted by their
/// fields, and printed whole as JSON.
struct SpecKindSearchTests {
    static func search(_ query: String, sort: FieldSort? = nil, limit: Int = 10) throws -> [SearchHit] {
        let (registry, records) = try SpecKindRenderingTests.examples()
        let (hits, diagnostics) = try SpecFixtures.search(
            query,
            registry: registry,
            records: records,
            options: SearchOptions(limit: limit, sort: sort)
        )
        #expect(diagnostics.isEmpty)
        return hits
    }

    @Test func aCodeFindsItsCountryFirstThroughItsWeightedField() throws {
        let hits = try Self.search("fr")
        #expect(hits.first?.row.name == "France")
        #expect(hits.first?.match?.field == "alpha_2")
        #expect(hits.first?.match?.tier.description == "exact")
    }

    @Test func aTimeZoneIsFoundByACountryInItsList() throws {
        let hits = try Self.search("countries:MC")
        #expect(hits.map(\.row.name) == ["Europe/Paris"])
    }

    @Test func filtersReadColumnFieldsByName() throws {
        #expect(try Self.search("alpha_3:DEU").map(\.row.name) == ["Germany"])
        #expect(try Self.search("latitude<-75").map(\.row.name) == ["Antarctica/Vostok"])
        #expect(try Self.search("kind:timezone utc_offset:+05:45").map(\.row.name) == ["Asia/Kathmandu"])
        #expect(
            try Self.search("kind:country -official_name:* united").map(\.row.name) == [
                "United Arab Emirates", "United States Minor Outlying Islands",
            ]
        )
    }

    @Test func resultsSortByAColumnField() throws {
        let hits = try Self.search("kind:timezone", sort: FieldSort(field: "latitude", descending: true), limit: 3)
        #expect(hits.map(\.row.name) == ["America/Danmarkshavn", "America/Thule", "America/Resolute"])
    }

    @Test func aRecordMissingARequiredFieldIsSkippedWithItsNameAndAnOddValueIsKept() throws {
        let spec = try #require(try SpecFixtures.exampleSpecs().first { $0.name == "timezone" })
        let registry = try KindRegistry([spec.kind])
        let records = try SpecFixtures.records(
            ndjson: #"""
                {"kind":"timezone","name":"Mars/Olympus","countries":[]}
                {"kind":"timezone","countries":["FR"],"utc_offset":"+01:00"}
                {"kind":"timezone","name":"Europe/Paris","utc_offset":"+01:00","latitude":"north"}
                {"kind":"timezone","name":"Europe/Rome","utc_offset":"  "}
                {"kind":"timezone","name":"Europe/Oslo","utc_offset":"+01:00","latitude":"south"}
                """#
        )
        let (hits, diagnostics) = try SpecFixtures.search("", registry: registry, records: records)
        #expect(hits.map(\.row.name) == ["Europe/Paris", "Europe/Oslo"])
        #expect(hits.first?.row.detailCells.map { $0.lines.joined() } == ["+01:00", "", "", "north", "", "–"])
        #expect(
            diagnostics.map(\.description) == [
                #"warning: test.jsonl:1: timezone: missing field "utc_offset"; record skipped"#,
                #"warning: test.jsonl:2: timezone: missing field "name"; record skipped"#,
                #"warning: test.jsonl:3: timezone: column Lat: "north" is not a number; shown as written"#,
                #"warning: test.jsonl:4: timezone: missing field "utc_offset"; record skipped"#,
            ]
        )
    }

    @Test func jsonOutputKeepsTheRecordWholeWithTheMatch() throws {
        let hits = try Self.search("andorra")
        let json = RecordOutput.json(Array(hits.prefix(1)), query: "andorra", total: 1)
        #expect(
            json
                == #"{"version":1,"query":"andorra","total":1,"results":[{"kind":"country","name":"Andorra","score":13100164,"tier":"exact","field":"name","positions":[0,1,2,3,4,5,6],"source":"\#(SpecFixtures.examples)/countries.jsonl:7","record":{"kind":"country","alpha_2":"AD","alpha_3":"AND","flag":"🇦🇩","name":"Andorra","numeric":"020","official_name":"Principality of Andorra"}}]}"#
                + "\n"
        )
    }
}
