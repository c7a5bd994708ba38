import Foundation
public import ResultKit
import SearchEngine
public import StreamingJSON
import Synchronization
public import TerminalTable
import Testing

@testable import SearchCLI

// BEGIN ARTICLE CODE
// The code of the article "Adding a result kind"
// (Sources/ResultKit/ResultKit.docc/AddingAResultKind.md), line for line:
// `theArticleShowsThisCode` fails when the two drift apart, so the article's
// code is known to compile and to work.

/// A book: `{"kind":"book","title":"Dune","author":"Frank Herbert","year":1965}`.
public struct Book: Sendable {
    public var title: String
    public var author: String
    public var year: Int?

    /// Decodes a record, or says which field is missing or wrong.
    public init(record: JSONObject) throws(RecordDecodingError) {
        title = try record.requiredString("title")
        author = try record.requiredString("author")
        year = try record.optionalNumber("year").flatMap { Int(exactly: $0) }
    }
}

/// How a book looks in the table: its title as NAME, then author and year.
public struct BookViewModel: CellRepresentable {
    public var book: Book
    public var name: String { book.title }
    public var detailCells: [Cell] { [Cell(book.author), Cell(book.year.map(String.init) ?? "", style: .dim)] }
}

extension ResultKind {
    /// Books, found by title first and by author second.
    public static let book = ResultKind(
        name: "book",
        plural: "books",
        columns: [
            KindColumn("AUTHOR", field: "author", priority: 40),
            KindColumn("YEAR", field: "year", alignment: .right, priority: 10),
        ],
        searchFields: [.field("title", weight: 100), .field("author", weight: 60)],
        decode: Book.init(record:),
        present: BookViewModel.init(book:)
    )
}
// END ARTICLE CODE

/// The article "Adding a result kind": its code is this file's, and the kind
/// it builds works in the real command.
@Suite struct AddingAResultKindArticleTests {
    static let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ResultKit/ResultKit.docc/AddingAResultKind.md")

    static let books = """
        {"kind":"book","title":"Dune","author":"Frank Herbert","year":1965}
        {"kind":"book","title":"The Left Hand of Darkness","author":"Ursula K. Le Guin","year":1969}
        {"kind":"book","title":"Herbert's Cookbook","author":"Anonymous"}
        {"kind":"book","title":"No Author"}
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

    /// Runs `search` in-process with the book kind registered, over a file of books.
    func search(_ arguments: [String]) throws -> (SearchCLI.ExitStatus, String, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("article-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("books.jsonl")
        try Data(Self.books.utf8).write(to: file)
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
            arguments: arguments + ["--data", file.path],
            environment: [:],
            console: console,
            kinds: [.book]
        )
        return (status, out.withLock { $0 }, err.withLock { $0 })
    }

    @Test func theNewKindIsSearchedAndShownWithItsColumns() throws {
        let (status, out, err) = try search(["herbert", "--color", "never"])
        #expect(status == .success)
        let lines = out.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(lines.first?.starts(with: ["KIND", "NAME"]) == true)
        #expect(out.contains("AUTHOR") && out.contains("YEAR"))
        let rows = out.split(separator: "\n")
        let cookbook = try #require(rows.firstIndex { $0.contains("Herbert's Cookbook") }, "\(out)")
        let dune = try #require(rows.firstIndex { $0.contains("Dune") }, "\(out)")
        #expect(cookbook < dune, "a title match ranks above an author match")
        #expect(rows[dune].contains("Frank Herbert") && rows[dune].contains("1965"))
        #expect(!err.contains("error:"), "\(err)")
    }

    @Test func aRecordThatDoesNotFitIsReportedByFieldAndSkipped() throws {
        let (status, out, err) = try search(["", "--format", "jsonl"])
        #expect(status == .success)
        #expect(out.split(separator: "\n").count == 3)
        #expect(err.contains(":4: book: missing field \"author\"; record skipped"), "\(err)")
    }

    @Test func aSearchFieldIsAFilter() throws {
        let (status, out, _) = try search(["author:herbert", "--format", "csv", "--fields", "name,year"])
        #expect(status == .success)
        #expect(out == "name,year\r\nDune,1965\r\n")
    }

    @Test func aBookIsFoundByItsAuthor() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("article-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("books.jsonl").path
        try Data(Self.books.utf8).write(to: URL(fileURLWithPath: path))

        let registry = try KindRegistry([.book])
        let query = try QueryParser().parse("le guin")
        var session = SearchSession(registry: registry, query: query, options: SearchOptions())
        RecordReader(registry: registry).read(
            .path(path),
            record: { session.consider($0) { _ in } },
            diagnose: { _ in }
        )
        #expect(session.finish().hits.map(\.row.name) == ["The Left Hand of Darkness"])
    }
}
