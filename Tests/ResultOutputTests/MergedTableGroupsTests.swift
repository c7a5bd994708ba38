import KindSpecs
import ResultKit
import ResultOutput
import SearchEngine
import TerminalTable
import Testing

/// The merged table's rows are made in blocks on every core, each block
/// grouping its rows by the kinds it meets; the table's groups (one per
/// kind name, in order of first appearance, with the columns of the first
/// kind of that name) are settled after. The table is the same as when one
/// pass over every row settles the groups first.
@Suite struct MergedTableGroupsTests {
    /// A kind named `gadget`, as the fixtures' is, with one column instead of four.
    static func otherGadget() throws -> ResultKind {
        let text = #"""
            {"name":"gadget","plural":"gadgets","columns":[{"header":"Code","path":"/code"}],
             "search":[{"path":"/name","weight":100}]}
            """#
        switch KindSpecLoader.parse(text, file: "other.kind.json") {
        case .success(let spec): return spec.kind
        case .failure(let errors): throw errors
        }
    }

    @Test(arguments: [40, 120])
    func kindsOfOneNameShareTheGroupOfTheFirst(width: Int) throws {
        // Enough rows for many blocks, made apart.
        let hits = try JSONPiecesTests.hits(9_000)
        let other = try Self.otherGadget()
        guard let first = hits.firstIndex(where: { $0.kind.name == "gadget" }) else {
            Issue.record("no gadget among the fixture hits")
            return
        }
        // Every third gadget after the first is of the other `gadget` kind:
        // its rows show in the group of the first, with its four columns.
        var mixed = hits
        var changed = 0
        for index in mixed.indices where index > first && mixed[index].kind.name == "gadget" && index % 3 == 0 {
            mixed[index].kind = other
            changed += 1
        }
        #expect(changed > 500)
        let table = TableOutput(options: RenderOptions(maxWidth: width))
        #expect(table.render(mixed) == table.render(hits))
    }
}
