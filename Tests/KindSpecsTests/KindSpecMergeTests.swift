import KindSpecs
import ResultKit
import TestSupport
import Testing

/// A spec replaces a built-in kind only when it says so; any other clash of
/// names is an error that names both sources.
struct KindSpecMergeTests {
    static func spec(name: String, plural: String, replaces: String? = nil, file: String? = nil) throws -> KindSpec {
        let replacing = replaces.map { #", "replaces": "\#($0)""# } ?? ""
        return try SpecFixtures.spec(
            #"{"name": "\#(name)", "plural": "\#(plural)"\#(replacing), "search": [{"path": "/name", "weight": 100}]}"#,
            file: file ?? "kinds/\(name).kind.json"
        )
    }

    @Test func aSpecWithANewNameIsAdded() throws {
        let merged = KindSpecLoader.merge(modules: [noteKind()], specs: [try Self.spec(name: "memo", plural: "memos")])
        #expect(merged.errors.isEmpty)
        #expect(merged.kinds.map(\.name) == ["note", "memo"])
        #expect(merged.kinds.map(\.origin) == ["module KindSpecsTests", "kinds/memo.kind.json"])
        #expect(throws: Never.self) { try KindRegistry(merged.kinds) }
    }

    @Test func aClashWithoutReplacesIsAnErrorNamingBothSources() throws {
        let merged = KindSpecLoader.merge(modules: [noteKind()], specs: [try Self.spec(name: "note", plural: "memos")])
        #expect(merged.kinds.map(\.origin) == ["module KindSpecsTests"])
        #expect(
            merged.errors.map(\.description) == [
                #"kinds/note.kind.json: name: kind "note" is already defined by module KindSpecsTests; to override it, add "replaces": "note""#
            ]
        )
    }

    @Test func aPluralClashIsAnErrorToo() throws {
        let merged = KindSpecLoader.merge(modules: [noteKind()], specs: [try Self.spec(name: "memo", plural: "notes")])
        #expect(
            merged.errors.map(\.description) == [
                #"kinds/memo.kind.json: plural: kind "notes" is already defined by module KindSpecsTests; to override it, add "replaces": "note""#
            ]
        )
    }

    @Test func replacesTakesThePlaceOfTheBuiltInKind() throws {
        let spec = try Self.spec(name: "note", plural: "notes", replaces: "note")
        let merged = KindSpecLoader.merge(modules: [noteKind(), noteKind("todo")], specs: [spec])
        #expect(merged.errors.isEmpty)
        #expect(merged.kinds.map(\.origin) == ["module KindSpecsTests", "kinds/note.kind.json"])
        let registry = try KindRegistry(merged.kinds)
        #expect(registry.kind(named: "notes")?.origin == "kinds/note.kind.json")
    }

    @Test func replacingAKindThatDoesNotExistIsAnError() throws {
        let spec = try Self.spec(name: "note", plural: "notes", replaces: "nope")
        let merged = KindSpecLoader.merge(modules: [noteKind(), noteKind("todo")], specs: [spec])
        #expect(
            merged.errors.map(\.description) == [
                #"kinds/note.kind.json: replaces: no built-in kind is named "nope" (built-in kinds: note, todo)"#
            ]
        )
        #expect(merged.kinds.map(\.name) == ["note", "todo"])
    }

    @Test func twoSpecsReplacingTheSameKindIsAnError() throws {
        let first = try Self.spec(name: "note", plural: "notes", replaces: "note", file: "a/note.kind.json")
        let second = try Self.spec(name: "note", plural: "notes", replaces: "note", file: "b/note.kind.json")
        let merged = KindSpecLoader.merge(modules: [noteKind()], specs: [first, second])
        #expect(
            merged.errors.map(\.description) == [
                "b/note.kind.json: replaces: module KindSpecsTests is already replaced by a/note.kind.json"
            ]
        )
        #expect(merged.kinds.map(\.origin) == ["a/note.kind.json"])
    }

    @Test func replacingOneKindDoesNotAllowClashingWithAnother() throws {
        let spec = try Self.spec(name: "todo", plural: "todos", replaces: "note")
        let merged = KindSpecLoader.merge(modules: [noteKind(), noteKind("todo")], specs: [spec])
        #expect(
            merged.errors.map(\.description) == [
                #"kinds/todo.kind.json: name: kind "todo" is already defined by module KindSpecsTests"#
            ]
        )
    }
}
