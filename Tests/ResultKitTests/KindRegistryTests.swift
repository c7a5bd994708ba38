import ResultKit
import StreamingJSON
import TerminalTable
import TestSupport
import Testing

@Suite struct KindRegistryTests {
    @Test func kindsAreSortedAndFoundByNameOrPluralIgnoringCase() throws {
        let registry = try KindRegistry([noteKind("zebra"), noteKind("apple")])
        #expect(registry.kinds.map(\.name) == ["apple", "zebra"])
        #expect(registry.kind(named: "ZEBRAS")?.name == "zebra")
        #expect(registry.kind(named: "pear") == nil)
    }

    @Test func aDuplicateNameIsAnErrorNamingBothOrigins() {
        #expect(throws: KindRegistryError.self) { try KindRegistry([noteKind(), noteKind()]) }
        do {
            _ = try KindRegistry([noteKind(), noteKind()])
        } catch {
            #expect(error.description.contains("kind 'note' is registered twice"))
            #expect(error.description.contains("module ResultKitTests"))
        }
    }

    @Test func aPluralClashingWithAnotherNameIsAnError() {
        #expect(throws: KindRegistryError.self) { try KindRegistry([noteKind("notes"), noteKind("note")]) }
    }

    @Test(arguments: [
        ("notes.jsonl", "note"), ("data/note.csv", "note"), ("/tmp/x/notes.tar.json", "note"), ("other.jsonl", nil),
    ])
    func fileNamesImplyKinds(path: String, kind: String?) throws {
        let registry = try KindRegistry([noteKind()])
        #expect(registry.kindName(forFile: path) == kind)
    }

    @Test func theOriginNamesTheDeclaringModule() {
        #expect(noteKind().origin == "module ResultKitTests")
    }
}
