import DomainKind
import KindSpecs
import ResultKit
import ResultOutput
import SearchEngine
import TerminalTable
import Testing

/// A kind spec that describes domains renders exactly the table that the
/// DomainKind module renders, over the same records: a spec kind is a full
/// citizen of the table, the search and the row sizes.
struct DomainSpecEquivalenceTests {
    static let spec = #"""
        {
          "name": "domain",
          "plural": "domains",
          "replaces": "domain",
          "columns": [
            {"header": "Status", "path": "/status", "priority": 50, "required": true,
             "style": "yellow", "styles": {"available": "green", "taken": "dim"}}
          ],
          "search": [{"path": "/name", "weight": 100}, {"path": "/status", "weight": 5}]
        }
        """#

    static func specKind() throws -> ResultKind {
        switch KindSpecLoader.parse(spec, file: "domain.kind.json") {
        case .success(let spec):
            let merged = KindSpecLoader.merge(modules: [.domain], specs: [spec])
            #expect(merged.errors.isEmpty)
            return try #require(merged.kinds.first)
        case .failure(let failure):
            throw failure
        }
    }

    /// The bundled domains, searched for `query` with `kind`, rendered.
    static func table(kind: ResultKind, query: String, options: RenderOptions, groupByKind: Bool = false) throws
        -> String
    {
        let registry = try KindRegistry([kind])
        let sample = try #require(ResultKind.domain.sample)
        var session = SearchSession(
            registry: registry,
            query: try QueryParser().parse(query),
            options: SearchOptions(limit: 25)
        )
        RecordReader(registry: registry).read(
            .bundled(sample, kind: "domain"),
            record: { session.consider($0) { Issue.record("unexpected: \($0)") } },
            diagnose: { Issue.record("unexpected: \($0)") }
        )
        let hits = session.finish().hits
        #expect(!hits.isEmpty)
        return TableOutput(options: options, groupByKind: groupByKind).render(hits)
    }

    @Test(arguments: ["shop", "status:other", "cloud -status:taken", ""])
    func theSpecAndTheModuleRenderTheSameTable(query: String) throws {
        let specKind = try Self.specKind()
        #expect(specKind.origin == "domain.kind.json")
        #expect(ResultKind.domain.origin == "module DomainKind")
        for options in [
            RenderOptions(maxWidth: 80), RenderOptions(maxWidth: 30), RenderOptions(maxWidth: 80, color: true),
        ] {
            for grouped in [false, true] {
                let fromSpec = try Self.table(kind: specKind, query: query, options: options, groupByKind: grouped)
                let fromModule = try Self.table(kind: .domain, query: query, options: options, groupByKind: grouped)
                #expect(fromSpec == fromModule)
            }
        }
    }

    @Test func aRecordTheModuleRejectsTheSpecRejectsForTheSameField() throws {
        let specKind = try Self.specKind()
        let object = try #require(try JSONParser().parse(#"{"kind": "domain", "name": "example.com"}"#).objectValue)
        #expect(throws: RecordDecodingError("missing field \"status\"")) { try specKind.makeRow(object) }
        #expect(throws: RecordDecodingError("missing field \"status\"")) { try ResultKind.domain.makeRow(object) }
    }
}
