import CardKind
import DomainKind
import Foundation
import ProductKind
public import ResultKit
import Synchronization
import Testing

@testable import SearchCLI

// BEGIN ARTICLE CODE
// The code of the article "Adding a result kind"
// (Sources/ResultKit/ResultKit.docc/AddingAResultKind.md), line for line:
// `theArticleShowsThisCode` fails when the two drift apart, so the article's
// code is known to compile and to work.

/// A support ticket: `{"kind":"ticket","name":"Printer jams on A4","status":"open"}`.
public struct Ticket: Sendable {
    public var name: String
    public var status: String

    public init(record: JSONObject) throws(RecordDecodingError) {
        name = try record.requiredString("name")
        status = try record.optionalString("status") ?? "open"
    }
}

public struct TicketViewModel: CellRepresentable {
    public var model: Ticket
    public init(model: Ticket) { self.model = model }
    public var name: String { model.name }
    public var detailCells: [Cell] { [Cell(model.status, style: model.status == "open" ? .yellow : .dim)] }
}

extension ResultKind {
    public static let ticket = ResultKind(
        name: "ticket", plural: "tickets",
        columns: [KindColumn("STATUS", field: "status", priority: 50)],
        searchFields: [.field("name", weight: 100), .field("status", weight: 5)],
        sample: BundledSample(fileName: "tickets.jsonl", text: #"{"kind":"ticket","name":"Queen bed shipped twice"}"#),
        decode: Ticket.init(record:), present: TicketViewModel.init(model:)
    )
}
// END ARTICLE CODE

/// The article "Adding a result kind": its code is this file's, and the kind
/// it builds works in the real command, beside the built-in kinds.
@Suite struct AddingAResultKindArticleTests {
    static let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ResultKit/ResultKit.docc/AddingAResultKind.md")

    static let tickets = """
        {"kind":"ticket","name":"Printer jams on A4","status":"open"}
        {"kind":"ticket","name":"Queen-size desk wobbles","status":"closed"}
        {"kind":"ticket","status":"open"}
        {"kind":"card","rank":"Q","suit":"hearts"}
        """

    /// The lines of the first Swift code block of the article.
    static func articleCode() throws -> [Substring] {
        let text = try String(contentsOf: article, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "```swift"))
        let end = try #require(lines[(start + 1)...].firstIndex(of: "```"))
        return Array(lines[(start + 1)..<end])
    }

    @Test func theArticleShowsThisCode() throws {
        let article = try Self.articleCode()
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let imports = article.filter { $0.hasPrefix("public import ") || $0.hasPrefix("import ") }
        #expect(imports == ["public import ResultKit"], "a kind imports ResultKit alone")
        for line in imports {
            #expect(source.contains(line), "this file lacks the article's \(line)")
        }
        let begin = try #require(source.firstIndex(of: "// BEGIN ARTICLE CODE"))
        let end = try #require(source.firstIndex(of: "// END ARTICLE CODE"))
        let code = source[(begin + 1)..<end].drop { $0.hasPrefix("// ") || $0.isEmpty }
        let articleBody = article.drop { $0.hasPrefix("public import ") || $0.hasPrefix("import ") || $0.isEmpty }
        #expect(Array(code) == Array(articleBody))
        #expect(article.count < 40, "the article promises a kind in under 40 lines")
    }

    /// Runs `search` in-process with the ticket kind registered beside the built-in ones, over `data` when given
    /// (else the bundled samples).
    func search(_ arguments: [String], data: String? = nil) throws -> (SearchCLI.ExitStatus, String, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("article-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        if let data {
            let file = directory.appendingPathComponent("tickets.jsonl")
            try Data(data.utf8).write(to: file)
            files = ["--data", file.path]
        }
        let out = Mutex("")
        let err = Mutex("")
        let console = Console(
            writeOutput: { text in
                out.withLock { $0 += text }
                return .written
            },
            writeError: { text in err.withLock { $0 += text } }
        )
        let status = SearchCommand.run(
            arguments: arguments + files,
            environment: [:],
            console: console,
            kinds: [.ticket, .card, .domain, .product]
        )
        return (status, out.withLock { $0 }, err.withLock { $0 })
    }

    @Test func theSampleIsFoundAmongTheBuiltInKindsWithItsColumn() throws {
        let (status, out, err) = try search(["queen", "--color", "never"])
        #expect(status == .success)
        let rows = out.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows.first == "KIND NAME DETAILS")
        #expect(rows.contains("ticket, domain: STATUS"), "\(out)")
        #expect(rows.contains("ticket Queen bed shipped twice open"), "\(out)")
        #expect(rows.contains("card Queen of Hearts Q♥ red"), "\(out)")
        #expect(!err.contains("error:") && !err.contains("warning:"), "\(err)")
    }

    @Test func aRecordThatDoesNotFitIsReportedByFieldAndSkipped() throws {
        let (status, out, err) = try search(["", "--format", "jsonl"], data: Self.tickets)
        #expect(status == .success)
        #expect(out.split(separator: "\n").count == 3)
        #expect(err.contains(":3: ticket: missing field \"name\"; record skipped"), "\(err)")
    }

    @Test func aSearchFieldIsAFilterAndTheKindsMix() throws {
        let (status, out, _) = try search(
            ["status:closed", "--format", "csv", "--fields", "kind,name"], data: Self.tickets)
        #expect(status == .success)
        #expect(out == "kind,name\r\nticket,Queen-size desk wobbles\r\n")
        let (_, both, _) = try search(["queen", "--format", "csv", "--fields", "kind,name"], data: Self.tickets)
        #expect(both == "kind,name\r\ncard,Queen of Hearts\r\nticket,Queen-size desk wobbles\r\n")
    }
}
