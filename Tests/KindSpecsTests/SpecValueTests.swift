import KindSpecs
import ResultKit
import StreamingJSON
import TerminalTable
import Testing

/// How one value becomes a cell, or why its record is rejected: each type and
/// format, CSV strings, and values out of range.
struct SpecValueTests {
    static func cell(type: String, format: String = "plain", extra: String = "", value: String) throws -> String {
        let spec = try SpecFixtures.spec(
            #"""
            {"name": "thing", "plural": "things", "search": [{"path": "/name", "weight": 100}],
             "columns": [{"header": "V", "path": "/v", "type": "\#(type)", "format": "\#(format)"\#(extra)}]}
            """#
        )
        let object = try #require(try JSONParser().parse(#"{"name": "x", "v": \#(value)}"#).objectValue)
        do {
            let row = try spec.kind.makeRow(object)
            return row.detailCells.map { $0.lines.joined(separator: "\n") }.joined()
        } catch {
            return "error: \(error.reason)"
        }
    }

    static let cases: [(String, String, String, String, String)] = [
        ("string", "plain", "", #""Zürich""#, "Zürich"),
        ("string", "plain", "", "12.50", "12.50"),
        ("string", "plain", "", #"["a", 1, true]"#, "a, 1, true"),
        ("string", "plain", "", #"{"a": 1}"#, #"error: field "v" must be text, not an object"#),
        ("string", "plain", "", #""line\u001b[31m""#, "line^[[31m"),
        ("number", "plain", "", "1e3", "1e3"),
        ("number", "plain", "", #"" 42 ""#, "42"),
        ("number", "plain", "", #""""#, ""),
        ("number", "plain", "", #""abc""#, #"error: field "v" must be a number, not "abc""#),
        ("number", "plain", "", "1e400", "error: field \"v\" must be a number, not 1e400"),
        ("number", "plain", "", "true", "error: field \"v\" must be a number, not a boolean"),
        ("integer", "plain", "", "2.5", "error: field \"v\" must be a whole number, not 2.5"),
        ("integer", "number", "", "-1234567", "-1,234,567"),
        ("number", "number", ", \"decimals\": 3", "2.0005", "2.001"),
        ("number", "number", "", "1e20", "1e+20"),
        ("number", "currency", ", \"currency\": \"GBP\"", "-3.5", "-£3.50"),
        ("number", "currency", ", \"currency\": \"JPY\", \"decimals\": 0", "1500", "¥1,500"),
        ("number", "stars", ", \"outOf\": 3", "2.6", "★★★ 2.6"),
        ("number", "stars", "", "5.5", "error: field \"v\" must be from 0 to 5, not 5.5"),
        ("number", "percent", ", \"decimals\": 1", "0.4251", "42.5%"),
        ("integer", "bytes", "", "1073741824", "1.0 GiB"),
        ("integer", "bytes", "", "-1", "error: field \"v\" is a negative byte count"),
        ("bool", "plain", "", #""TRUE""#, "true"),
        ("bool", "plain", "", #""yes""#, #"error: field "v" must be true or false, not "yes""#),
        ("date", "date", "", #""2024-02-29""#, "2024-02-29"),
        (
            "date", "date", "", #""2023-02-29""#,
            #"error: field "v": "2023-02-29" is not an ISO 8601 date such as 2024-05-01"#
        ),
        (
            "date", "date", "", #""2024-05-01T25:00Z""#,
            #"error: field "v": "2024-05-01T25:00Z" is not an ISO 8601 date such as 2024-05-01"#
        ),
        ("date", "date", "", "-86400", "1969-12-31"),
        ("date", "date", "", "1e30", "error: field \"v\": 1e30 is out of range for seconds since 1970"),
        ("date", "plain", "", #""2024-05-01T10:00:00.123+05:30""#, "2024-05-01T10:00:00.123+05:30"),
        ("date", "relative-date", "", #""2025-05-31T23:00:00Z""#, "1 hour ago"),
        ("date", "relative-date", "", #""2027-06-01""#, "in 2 years"),
    ]

    @Test(arguments: cases)
    func valuesAreCheckedAndFormatted(type: String, format: String, extra: String, value: String, expected: String)
        throws
    {
        #expect(try Self.cell(type: type, format: format, extra: extra, value: value) == expected)
    }

    @Test func aCurrencyCodeInTheRecordMustBeValid() throws {
        let spec = try SpecFixtures.spec(
            #"""
            {"name": "thing", "plural": "things", "search": [{"path": "/name", "weight": 100}],
             "columns": [{"header": "Price", "path": "/price", "type": "number", "format": "currency",
                          "currency": "USD", "currencyPath": "/currency"}]}
            """#
        )
        let object = try #require(
            try JSONParser().parse(#"{"name": "x", "price": 1, "currency": "dollars"}"#).objectValue)
        #expect(throws: RecordDecodingError(#"field "currency": "dollars" is not an ISO 4217 code"#)) {
            try spec.kind.makeRow(object)
        }
    }
}
