import KindSpecs
import ResultKit
import TerminalTable
import Testing

/// Every kind of mistake in a spec gives a precise message naming the file
/// and the field, and every mistake is listed at once.
struct KindSpecValidationTests {
    /// A valid spec with `columns` and `search` spliced in.
    static func spec(
        columns: String = #"[{"header": "Temp", "path": "/temp", "type": "number"}]"#,
        search: String = #"[{"path": "/name", "weight": 100}]"#,
        extra: String = ""
    ) -> String {
        #"{"name": "weather", "plural": "weathers", "columns": \#(columns), "search": \#(search)\#(extra)}"#
    }

    static func column(_ members: String) -> String {
        #"[{"header": "Temp", "path": "/temp", \#(members)}]"#
    }

    static let cases: [(String, [String])] = [
        (
            spec(
                columns:
                    #"[{"header": "A", "path": "/a"}, {"header": "B", "path": "/b"}, {"header": "Temp", "path": "temp"}]"#
            ),
            [#"weather.kind.json: columns[2].path: "temp" is not a JSON Pointer; did you mean "/temp"?"#]
        ),
        (
            spec(columns: #"[{"header": "A", "path": "/a~2b"}]"#),
            [#"weather.kind.json: columns[0].path: "/a~2b": "~" must be followed by 0 or 1 ("~0" is "~", "~1" is "/")"#]
        ),
        (
            spec(columns: #"[{"header": "A", "path": ""}]"#),
            [#"weather.kind.json: columns[0].path: "" names the whole record; name a field, such as "/name""#]
        ),
        (
            spec(columns: #"[{"heder": "Temp", "path": "/temp"}]"#),
            [
                #"weather.kind.json: columns[0].heder: unknown key; did you mean "header"?"#,
                "weather.kind.json: columns[0].header: required field is missing",
            ]
        ),
        (
            spec(columns: column(#""type": "float""#)),
            [#"weather.kind.json: columns[0].type: "float" is not one of string, number, integer, bool, date"#]
        ),
        (
            spec(columns: column(#""format": "stars""#)),
            [#"weather.kind.json: columns[0].format: "stars" needs type number or integer, not string"#]
        ),
        (
            spec(columns: column(#""type": "number", "format": "fancy""#)),
            [
                "weather.kind.json: columns[0].format: \"fancy\" is not one of plain, number, currency, stars, percent, "
                    + "bytes, date, relative-date"
            ]
        ),
        (
            spec(columns: column(#""type": "string", "format": "relative-date""#)),
            [#"weather.kind.json: columns[0].format: "relative-date" needs type date, not string"#]
        ),
        (
            spec(columns: column(#""type": "number", "format": "currency""#)),
            [
                #"weather.kind.json: columns[0].currency: required with format "currency": an ISO 4217 code such as "USD""#
            ]
        ),
        (
            spec(columns: column(#""type": "number", "format": "currency", "currency": "euro""#)),
            [
                #"weather.kind.json: columns[0].currency: "euro" is not an ISO 4217 code such as "USD" (three capital letters)"#
            ]
        ),
        (
            spec(columns: column(#""type": "number", "format": "stars", "decimals": 2"#)),
            [#"weather.kind.json: columns[0].decimals: only used with format "currency" or "number" or "percent""#]
        ),
        (
            spec(columns: column(#""type": "number", "format": "stars", "outOf": 11"#)),
            ["weather.kind.json: columns[0].outOf: 11 is out of range 1...10"]
        ),
        (
            spec(columns: column(#""minWidth": 5, "maxWidth": 3"#)),
            ["weather.kind.json: columns[0].maxWidth: 3 is less than minWidth 5"]
        ),
        (
            spec(columns: column(#""priority": 2.5"#)),
            ["weather.kind.json: columns[0].priority: expected an integer, found 2.5"]
        ),
        (
            spec(columns: column(#""align": "centre""#)),
            [#"weather.kind.json: columns[0].align: "centre" is not one of left, right"#]
        ),
        (
            spec(columns: column(#""required": "yes""#)),
            ["weather.kind.json: columns[0].required: expected true or false, found a string"]
        ),
        (
            spec(columns: column(#""style": "purple""#)),
            [
                #"weather.kind.json: columns[0].style: "purple" is not one of plain, bold, dim, red, green, yellow, blue, magenta, cyan"#
            ]
        ),
        (
            spec(columns: column(#""styles": {"hot": "red", "cold": "ice"}"#)),
            [
                #"weather.kind.json: columns[0].styles.cold: "ice" is not one of plain, bold, dim, red, green, yellow, blue, magenta, cyan"#
            ]
        ),
        (
            spec(columns: column(#""header": "Again""#)),
            ["weather.kind.json: columns[0].header: appears more than once"]
        ),
        (
            spec(columns: #"[{"header": "", "path": "/temp"}, "temp"]"#),
            [
                "weather.kind.json: columns[0].header: must not be empty",
                #"weather.kind.json: columns[1]: a column is an object such as {"header": "Price", "path": "/price"}, not a string"#,
            ]
        ),
        (
            spec(search: "[]"),
            [
                #"weather.kind.json: search: at least one search field is needed, such as {"path": "/name", "weight": 100}"#
            ]
        ),
        (
            spec(search: #"[{"path": "/name", "weight": 0}]"#),
            ["weather.kind.json: search[0].weight: 0 is out of range 1...100"]
        ),
        (
            spec(search: #"[{"path": "/name"}]"#),
            ["weather.kind.json: search[0].weight: required field is missing"]
        ),
        (
            spec(search: #"[{"path": "/station/city", "weight": 50}]"#),
            [#"weather.kind.json: search[0].name: required when the path is not a top-level field such as "/city""#]
        ),
        (
            spec(search: #"[{"path": "/name", "weight": 100}, {"path": "/title", "name": "name", "weight": 10}]"#),
            [#"weather.kind.json: search[1].name: "name" is already the name of search[0]"#]
        ),
        (
            spec(search: #"[{"path": "/kind", "weight": 100}]"#),
            [#"weather.kind.json: search[0].name: required: the field "kind" cannot be used in queries"#]
        ),
        (
            spec(search: #"[{"path": "/name", "name": "full name", "weight": 100}]"#),
            [
                #"weather.kind.json: search[0].name: "full name" cannot be used in queries: use letters, digits, "_", "-" and ".", and not "kind""#
            ]
        ),
        (
            spec(search: #"[{"path": "/name", "template": "{name}", "weight": 100}]"#),
            [#"weather.kind.json: search[0].template: give either "path" or "template", not both"#]
        ),
        (
            spec(search: #"[{"template": "{rank of {suit}", "name": "title", "weight": 100}]"#),
            [#"weather.kind.json: search[0].template: "{" inside a placeholder at character 10"#]
        ),
        (
            spec(extra: #", "nameTemplate": "{rank} of {suit""#),
            [#"weather.kind.json: nameTemplate: "{" at character 11 is never closed"#]
        ),
        (
            spec(extra: #", "nameTemplate": "Station }""#),
            [#"weather.kind.json: nameTemplate: "}" without "{" at character 9; write "}}" for a brace"#]
        ),
        (
            spec(extra: #", "nameTemplate": "Station""#),
            [#"weather.kind.json: nameTemplate: "Station" has no placeholder such as {name}"#]
        ),
        (
            spec(extra: #", "rowHeight": 0"#),
            ["weather.kind.json: rowHeight: 0 is out of range 1...20"]
        ),
        (
            spec(extra: #", "rowHeight": "2""#),
            ["weather.kind.json: rowHeight: expected an integer, found a string"]
        ),
        (
            spec(extra: #", "rowHeight": 1e300"#),
            ["weather.kind.json: rowHeight: 1e300 is out of range 1...20"]
        ),
        (
            spec(extra: #", "replaces": "Product""#),
            [
                #"weather.kind.json: replaces: "Product" is not a kind name: use lower-case letters, digits and "-", starting with a letter"#
            ]
        ),
        (
            spec(extra: #", "colums": []"#),
            [#"weather.kind.json: colums: unknown key; did you mean "columns"?"#]
        ),
        (
            spec(extra: #", "name": "again""#),
            ["weather.kind.json: name: appears more than once"]
        ),
        (
            #"{"name": "Weather Station", "columns": [], "search": [{"path": "/name", "weight": 100}]}"#,
            [
                #"weather.kind.json: name: "Weather Station" is not a kind name: use lower-case letters, digits and "-", starting with a letter"#,
                "weather.kind.json: plural: required field is missing",
            ]
        ),
        (
            #"["weather"]"#,
            ["weather.kind.json: a kind spec is a JSON object, not an array"]
        ),
        (
            "{\n  \"name\": \"weather\",\n  \"plural\": \"weathers\"\n  \"search\": []\n}",
            ["weather.kind.json:4:3: malformed JSON: expected ',' or '}' after object member, found '\"'"]
        ),
    ]

    @Test(arguments: cases)
    func mistakesAreReportedWithFileAndField(spec: String, expected: [String]) {
        #expect(SpecFixtures.errors(spec) == expected)
    }

    @Test func everyMistakeOfAFileIsListedAtOnce() {
        let text = #"""
            {"name": "weather", "plural": "weathers", "rowHeight": 99,
             "columns": [{"header": "Temp", "path": "temp"}, {"header": "Wind", "path": "/wind", "type": "speed"}],
             "search": [{"path": "/name", "weight": 1000}]}
            """#
        #expect(
            SpecFixtures.errors(text) == [
                "weather.kind.json: rowHeight: 99 is out of range 1...20",
                #"weather.kind.json: columns[0].path: "temp" is not a JSON Pointer; did you mean "/temp"?"#,
                #"weather.kind.json: columns[1].type: "speed" is not one of string, number, integer, bool, date"#,
                "weather.kind.json: search[0].weight: 1000 is out of range 1...100",
            ]
        )
    }

    @Test func aValidSpecHasNoErrors() throws {
        let spec = try SpecFixtures.spec(Self.spec())
        #expect(spec.name == "weather")
        #expect(spec.columns.map(\.header) == ["Temp"])
        #expect(spec.columns[0].alignment == .right)
    }
}
