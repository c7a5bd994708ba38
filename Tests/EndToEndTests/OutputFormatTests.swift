import Foundation
import TestSupport
import Testing

/// Every `--format`, read back the way a script would read it.
@Suite(.serialized) struct OutputFormatTests {
    /// Records with the characters that break naive writers: delimiters,
    /// quotes, tabs, line breaks, backslashes, pipes and non-ASCII text.
    static let awkwardRecords = """
        {"kind":"product","name":"Comma, \\"quoted\\" tea","price":4.5,"category":"drinks|hot","description":"line one\\nline two"}
        {"kind":"product","name":"Tab\\tand back\\\\slash","price":12,"category":"tools","description":"ends with a quote\\""}
        {"kind":"product","name":"Crème brûlée 🍮","price":7.25,"category":"dessert","description":"  spaced  "}
        """

    /// The results of `search … --format json`.
    func jsonResults(_ arguments: [String], stdin: String? = nil) throws -> [[String: Any]] {
        let result = try BinaryRunner.run(arguments + ["--format", "json"], stdin: stdin)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(document["results"] as? [[String: Any]])
    }

    @Test func jsonIsOneDocumentWithTheTotalAndEveryResult() throws {
        let result = try BinaryRunner.run(["queen", "--format", "json", "--limit", "3"])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.count == 3)
        #expect((document["total"] as? Int ?? 0) > 3)
        for item in results {
            #expect(item["kind"] is String && item["name"] is String && item["score"] is Int)
            #expect(item["record"] is [String: Any])
        }
    }

    @Test func jsonlIsOneParsableResultPerLineInTheSameOrderAsJson() throws {
        let result = try BinaryRunner.run(["king", "--format", "jsonl", "--limit", "8"])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("\n"))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 8)
        let names = try lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["name"] as? String)
        }
        #expect(names == (try jsonResults(["king", "--limit", "8"])).compactMap { $0["name"] as? String })
    }

    @Test(arguments: [["queen"], ["", "--limit", "60"]])
    func csvReadBackAgreesWithJson(arguments: [String]) throws {
        try checkCSVAgreesWithJSON(arguments, stdin: nil)
    }

    @Test func csvQuotesCommasQuotesAndLineBreaks() throws {
        let csv = try checkCSVAgreesWithJSON(["", "--data", "-"], stdin: Self.awkwardRecords)
        #expect(csv.contains(#""Comma, ""quoted"" tea""#))
        #expect(csv.contains("\"line one\nline two\""))
    }

    @Test func csvQuotesAFieldHoldingCRLF() throws {
        let input = #"{"kind":"product","name":"Windows notes","price":1,"description":"one\r\ntwo"}"#
        try checkCSVAgreesWithJSON(["", "--data", "-"], stdin: input)
    }

    /// Runs the search as csv and as json, reads the csv back with an
    /// independent RFC 4180 reader, and checks that every cell is the
    /// record's field as json has it. Returns the csv.
    @discardableResult
    func checkCSVAgreesWithJSON(_ arguments: [String], stdin: String?) throws -> String {
        let csv = try BinaryRunner.run(arguments + ["--format", "csv"], stdin: stdin)
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.hasSuffix("\r\n"), "RFC 4180 ends records with CRLF")
        let rows = try RFC4180Reader.records(csv.stdout)
        let header = try #require(rows.first)
        #expect(Array(header.prefix(2)) == ["kind", "name"])
        #expect(Set(header).count == header.count, "columns are unique")
        let results = try jsonResults(arguments, stdin: stdin)
        #expect(rows.count - 1 == results.count)
        for (row, result) in zip(rows.dropFirst(), results) {
            #expect(row.count == header.count)
            let record = try #require(result["record"] as? [String: Any])
            for (column, cell) in zip(header, row) {
                switch column {
                case "kind", "name": #expect(cell == result[column] as? String, "\(column)")
                default:
                    #expect(
                        Self.cell(cell, represents: record[column]), "\(column): \(cell) vs \(record[column] ?? "nil")")
                }
            }
        }
        return csv.stdout
    }

    /// Whether a csv cell is how `value` (from JSONSerialization) is written.
    static func cell(_ cell: String, represents value: Any?) -> Bool {
        switch value {
        case nil, is NSNull: return cell.isEmpty
        case let text as String: return cell == text
        case let number as NSNumber:
            if cell == "true" || cell == "false" { return number.boolValue == (cell == "true") }
            return Double(cell) == number.doubleValue
        case let value?:
            guard let parsed = try? JSONSerialization.jsonObject(with: Data(cell.utf8), options: .fragmentsAllowed)
            else {
                return false
            }
            return NSDictionary(dictionary: ["v": parsed]).isEqual(to: ["v": value])
        }
    }

    @Test func csvFieldsChoosesTheColumnsAndNoHeadersDropsTheHeader() throws {
        let result = try BinaryRunner.run([
            "queen hearts", "--format", "csv", "--fields", "name,suit,kind", "--limit", "1",
        ])
        #expect(result.stdout == "name,suit,kind\r\nQueen of Hearts,hearts,card\r\n")
        let bare = try BinaryRunner.run(["queen hearts", "-o", "csv", "--fields=name,suit", "-n", "1", "--no-headers"])
        #expect(bare.stdout == "Queen of Hearts,hearts\r\n")
    }

    @Test(arguments: ["csv", "tsv"])
    func anUnknownFieldListsTheValidOnesAndExitsTwo(format: String) throws {
        let result = try BinaryRunner.run(["queen", "--format", format, "--fields", "kind,nmae"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first == "error: unknown field 'nmae' in --fields")
        #expect(lines.dropFirst().first == "hint: did you mean 'name'?")
        let available = try #require(lines.dropFirst(2).first)
        #expect(available.hasPrefix("Available fields: kind, name, "))
        for field in ["rank", "suit", "price", "status"] {
            #expect(available.contains(field), "\(field) is a valid field")
        }
    }

    @Test func tsvEscapesTabsNewlinesAndBackslashesSoEveryRecordIsOneLine() throws {
        let result = try BinaryRunner.run(["", "--data", "-", "--format", "tsv"], stdin: Self.awkwardRecords)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 4)
        let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).count
        for line in lines {
            #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == header)
        }
        #expect(result.stdout.contains("\tTab\\tand back\\\\slash\t"))
        #expect(result.stdout.contains("\tline one\\nline two"))
        #expect(result.stdout.contains("\tComma, \"quoted\" tea\t"), "tsv does not quote")
    }

    @Test func markdownIsAGitHubPipeTable() throws {
        let result = try BinaryRunner.run(["", "--data", "-", "--format", "markdown"], stdin: Self.awkwardRecords)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 + 3)
        #expect(lines.first?.hasPrefix("| KIND ") == true)
        let delimiter = try #require(lines.dropFirst().first)
        #expect(delimiter.allSatisfy { "|-: ".contains($0) } && delimiter.hasPrefix("|-"))
        for line in lines where line != delimiter {
            #expect(line.hasPrefix("| ") && line.hasSuffix(" |"), "\(line)")
            let unescapedPipes = line.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count
            #expect(unescapedPipes == 4, "three cells per row: \(line)")
        }
        #expect(result.stdout.contains("Crème brûlée 🍮"))
    }

    @Test func tableIsTheDefaultAndHasTheSharedColumns() throws {
        let result = try BinaryRunner.run(["queen", "--limit", "2"])
        let header = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.hasPrefix("KIND"))
        #expect(header.contains("NAME"))
        #expect(try BinaryRunner.run(["queen", "--limit", "2", "--format", "table"]).stdout == result.stdout)
    }
}
