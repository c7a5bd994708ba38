import KindSpecs
import ResultKit
import StreamingJSON
import TerminalTable
import Testing

/// How one value becomes a cell: each type and format, CSV strings, and
/// values that do not fit, which are shown as written with a note naming
/// the column (after `|`), the record kept.
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
            let text = row.detailCells.map { $0.lines.joined(separator: "\n") }.joined()
            return text + row.notes.map { " | " + $0.message }.joined()
        } catch {
            return "error: \(error.reason)"
        }
    }

    static let cases: [(String, String, String, String, String)] = [
        ("string", "plain", "", #""Zürich""#, "Zürich"),
        ("string", "plain", "", "12.50", "12.50"),
        ("string", "plain", "", #"["a", 1, true]"#, "a, 1, true"),
        ("string", "plain", "", #"["a", null, "  ", "b"]"#, "a, b"),
        (
            "string", "plain", "", #"{"a": 1}"#,
            " | column V (/v) holds an object, shown as empty; name a value inside it, such as /v/a"
        ),
        ("string", "plain", ", \"missing\": \"–\"", #""   ""#, "–"),
        ("string", "plain", ", \"missing\": \"–\"", "[]", "–"),
        ("string", "plain", "", #""line\u001b[31m""#, "line^[[31m"),
        ("number", "plain", "", "1e3", "1e3"),
        ("number", "plain", "", #"" 42 ""#, "42"),
        ("number", "plain", "", #""""#, ""),
        ("number", "plain", "", #""abc""#, #"abc | column V: "abc" is not a number; shown as written"#),
        ("number", "plain", "", "1e400", "1e400 | column V: 1e400 is not a number; shown as written"),
        ("number", "plain", "", "true", "true | column V: true is not a number; shown as written"),
        ("integer", "plain", "", "2.5", "2.5 | column V: 2.5 is not a whole number; shown as written"),
        ("integer", "number", "", "-1234567", "-1,234,567"),
        ("number", "number", ", \"decimals\": 3", "2.0005", "2.001"),
        ("number", "number", "", "1e20", "1e+20"),
        ("number", "currency", ", \"currency\": \"GBP\"", "-3.5", "-£3.50"),
        ("number", "currency", ", \"currency\": \"JPY\", \"decimals\": 0", "1500", "¥1,500"),
        ("number", "stars", ", \"outOf\": 3", "2.6", "★★★ 2.6"),
        ("number", "stars", "", "5.5", "5.5 | column V: 5.5 is not a rating from 0 to 5; shown as written"),
        ("number", "percent", ", \"decimals\": 1", "0.4251", "42.5%"),
        ("integer", "bytes", "", "1073741824", "1 GiB"),
        ("integer", "bytes", "", "1536", "1.5 KiB"),
        ("integer", "bytes", "", "1048575", "1 MiB"),
        ("integer", "bytes", "", "10700", "10 KiB"),
        ("integer", "bytes", "", "1023", "1,023 B"),
        ("integer", "bytes", ", \"unit\": \"KiB\"", "686", "686 KiB"),
        ("integer", "bytes", ", \"unit\": \"KiB\"", "13430", "13 MiB"),
        ("integer", "bytes", ", \"unit\": \"KiB\", \"prefixes\": \"decimal\"", "686", "702 kB"),
        ("number", "bytes", ", \"unit\": \"MB\", \"prefixes\": \"decimal\"", "1.5", "1.5 MB"),
        ("integer", "bytes", ", \"prefixes\": \"decimal\"", "999999", "1 MB"),
        ("integer", "bytes", "", "-1", "-1 | column V: -1 is a negative size; shown as written"),
        ("bool", "plain", "", #""TRUE""#, "true"),
        ("bool", "plain", "", #""yes""#, #"yes | column V: "yes" is not true or false; shown as written"#),
        ("date", "date", "", #""2024-02-29""#, "2024-02-29"),
        ("date", "date", "", #""1813""#, "1813"),
        ("date", "date", "", #""2021-05""#, "2021-05"),
        ("date", "relative-date", "", #""2021-05""#, "4 years ago"),
        (
            "date", "date", "", #""2023-02-29""#,
            #"2023-02-29 | column V: "2023-02-29" is not an ISO 8601 date (such as 2024-05-01, 2024-05 or 2024) or "#
                + "seconds since 1970; shown as written"
        ),
        (
            "date", "date", "", #""2021-13""#,
            #"2021-13 | column V: "2021-13" is not an ISO 8601 date (such as 2024-05-01, 2024-05 or 2024) or "#
                + "seconds since 1970; shown as written"
        ),
        ("date", "date", "", "-86400", "1969-12-31"),
        (
            "date", "date", "", "1e30",
            "1e30 | column V: 1e30 is not an ISO 8601 date (such as 2024-05-01, 2024-05 or 2024) or "
                + "seconds since 1970; shown as written"
        ),
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

    @Test func aCurrencyCodeInTheRecordThatIsNoneIsNotedAndTheDefaultUsed() throws {
        let spec = try SpecFixtures.spec(
            #"""
            {"name": "thing", "plural": "things", "search": [{"path": "/name", "weight": 100}],
             "columns": [{"header": "Price", "path": "/price", "type": "number", "format": "currency",
                          "currency": "USD", "currencyPath": "/currency"}]}
            """#
        )
        let object = try #require(
            try JSONParser().parse(#"{"name": "x", "price": 1, "currency": "dollars"}"#).objectValue)
        let row = try spec.kind.makeRow(object)
        #expect(row.detailCells.map(\.lines) == [["$1.00"]])
        #expect(
            row.notes.map(\.message) == [#"column Price: "dollars" at /currency is not an ISO 4217 code; shown in USD"#]
        )
    }

    /// Styles by value, then by the first range that holds the number, and
    /// for missing values; a required value still rejects its record.
    @Test(arguments: [
        ("3", CellStyle.red), ("10", .yellow), ("100", .green), ("150", .plain), ("\"n/a\"", .magenta),
        ("\"\"", .dim), ("null", .dim), ("\"  \"", .dim),
    ])
    func stylesByValueRangeAndMissing(value: String, style: CellStyle) throws {
        let spec = try SpecFixtures.spec(
            #"""
            {"name": "thing", "plural": "things", "search": [{"path": "/name", "weight": 100}],
             "columns": [{"header": "N", "path": "/n", "missing": "–", "missingStyle": "dim",
                          "styles": {"n/a": "magenta", "<10": "red", "10..99": "yellow", ">=100": "green",
                                     "150": "plain"}}]}
            """#
        )
        let object = try #require(try JSONParser().parse(#"{"name": "x", "n": \#(value)}"#).objectValue)
        #expect(try spec.kind.makeRow(object).detailCells.map(\.style) == [style])
    }
}
