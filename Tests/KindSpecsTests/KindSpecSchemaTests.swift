import Foundation
import KindSpecs
import ResultKit
import StreamingJSON
import Testing

/// `schemas/kind-spec.schema.json` and the loader accept exactly the same keys,
/// so that editors that validate with the schema agree with `search`.
struct KindSpecSchemaTests {
    static func schema() throws -> JSONObject {
        let path = SpecFixtures.packageRoot.appendingPathComponent("schemas/kind-spec.schema.json").path
        let data = try #require(FileManager.default.contents(atPath: path))
        return try #require(try JSONParser().parse(Array(data)).objectValue)
    }

    /// The property names of the object schema at `pointer`.
    static func properties(at pointer: String) throws -> [String] {
        let value = try JSONPointer(parsing: pointer + "/properties").resolve(in: try schema())
        return try #require(value?.objectValue).keys.sorted()
    }

    /// The keys the loader lists when it meets an unknown key at `place`.
    static func loaderKeys(spec: String, place: String) throws -> [String] {
        let errors = SpecFixtures.errors(spec)
        let message = try #require(errors.first { $0.contains(place + ".zzzzzzzz: unknown key") })
        let list = try #require(message.split(separator: ";").last).dropFirst(" expected one of ".count)
        return list.split(separator: ", ").map(String.init).sorted()
    }

    @Test func topLevelKeysAgree() throws {
        let spec = #"{"name": "a", "plural": "as", "search": [{"path": "/name", "weight": 1}], "zzzzzzzz": 1}"#
        let errors = SpecFixtures.errors(spec)
        let message = try #require(errors.first)
        #expect(message.hasPrefix("weather.kind.json: zzzzzzzz: unknown key; expected one of "))
        let list = try #require(message.split(separator: ";").last).dropFirst(" expected one of ".count)
        #expect(list.split(separator: ", ").map(String.init).sorted() == (try Self.properties(at: "")))
    }

    @Test func columnKeysAgree() throws {
        let spec = #"""
            {"name": "a", "plural": "as", "search": [{"path": "/name", "weight": 1}],
             "columns": [{"header": "A", "path": "/a", "zzzzzzzz": 1}]}
            """#
        #expect(try Self.loaderKeys(spec: spec, place: "columns[0]") == (try Self.properties(at: "/$defs/column")))
    }

    @Test func searchFieldKeysAgree() throws {
        let spec = #"{"name": "a", "plural": "as", "search": [{"path": "/name", "weight": 1, "zzzzzzzz": 1}]}"#
        #expect(try Self.loaderKeys(spec: spec, place: "search[0]") == (try Self.properties(at: "/$defs/searchField")))
    }

    @Test func formatsAndTypesAgree() throws {
        let column = try #require(try JSONPointer(parsing: "/$defs/column/properties").resolve(in: try Self.schema()))
        let formats = try JSONPointer(parsing: "/format/enum").resolve(in: column)
        #expect(formats == .array(KindSpec.ValueFormat.names.map { .string($0) }))
        let types = try JSONPointer(parsing: "/type/enum").resolve(in: column)
        #expect(types == .array(KindSpec.ValueType.allCases.map { .string($0.rawValue) }))
    }
}
