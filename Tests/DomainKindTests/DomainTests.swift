import DomainKind
import ResultKit
import SearchEngine
import Testing

@Suite struct DomainTests {
    func row(_ json: String) throws -> any CellRepresentable {
        let object = try #require(try JSONParser().parse(json).objectValue)
        return try ResultKind.domain.makeRow(object)
    }

    @Test func changingTheDomainChangesItsCellsAndWidths() {
        var row = DomainViewModel(model: Domain(name: "a.io", status: .available))
        row.model = Domain(name: "longer-name.example", status: .other("parked"))
        #expect(row.detailCells.map { $0.lines.joined() } == ["parked"])
        #expect(row.status.style == .yellow)
        #expect(row.cellWidths(for: row.detailCells) == [19, 6])
        row.model.status = .taken
        #expect(row.detailCells.map { $0.lines.joined() } == ["taken"])
    }

    @Test(arguments: [("available", CellStyle.green), ("taken", .dim), ("parked", .yellow)])
    func statusIsShownAsWrittenInItsColour(status: String, style: CellStyle) throws {
        let row = try row(#"{"kind":"domain","name":"example.com","status":"\#(status)"}"#)
        #expect(row.name == "example.com")
        #expect(row.detailCells.map { $0.lines.joined(separator: "\n") } == [status])
        #expect(row.detailCells.first?.style == style)
    }

    @Test func aDomainWithoutAStatusIsRejected() {
        #expect(throws: RecordDecodingError("missing field \"status\"")) {
            try row(#"{"kind":"domain","name":"example.com"}"#)
        }
    }

    @Test func theBundledSampleDecodesWithoutAProblem() throws {
        let registry = try KindRegistry([.domain])
        var count = 0
        var problems: [Diagnostic] = []
        let sample = try #require(ResultKind.domain.sample)
        RecordReader(registry: registry).read(
            .bundled(sample, kind: "domain"),
            record: { record in
                do {
                    _ = try ResultKind.domain.makeRow(record.object)
                    count += 1
                } catch {
                    problems.append(Diagnostic(.warning, "\(error)", at: record.location))
                }
            },
            diagnose: { problems.append($0) }
        )
        #expect(problems.isEmpty)
        #expect(count > 1000)
    }
}
