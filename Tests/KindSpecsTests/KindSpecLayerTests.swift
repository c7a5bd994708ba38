import Foundation
import KindSpecs
import ResultKit
import TestSupport
import Testing

/// Specs are read in layers: built-in kinds, the config folder, then each
/// `--kinds DIR`; a later layer redefines an earlier kind with a note, the
/// config folder's problems are warnings, and `replaces` keeps the sample.
struct KindSpecLayerTests {
    static func spec(_ name: String, weight: Int = 100, replaces: String? = nil) -> String {
        let replacing = replaces.map { #", "replaces": "\#($0)""# } ?? ""
        return
            #"{"name": "\#(name)", "plural": "\#(name)s"\#(replacing), "search": [{"path": "/name", "weight": \#(weight)}]}"#
    }

    /// Folders `config` and `project` inside a temporary one.
    static func withLayers(_ body: (URL, URL) throws -> Void) throws {
        try SpecFixtures.withTemporaryDirectory { directory in
            let config = directory.appendingPathComponent("config")
            let project = directory.appendingPathComponent("project")
            for folder in [config, project] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try body(config, project)
        }
    }

    @Test func aProjectSpecRedefinesAPersonalOneWithANoteNamingBoth() throws {
        try Self.withLayers { config, project in
            try SpecFixtures.write(Self.spec("book", weight: 50), to: "book.kind.json", in: config)
            try SpecFixtures.write(Self.spec("film"), to: "film.kind.json", in: config)
            try SpecFixtures.write(Self.spec("book", weight: 90), to: "book.kind.json", in: project)
            let loaded = KindSpecLoader.loadKinds(
                builtIn: [noteKind()], directories: [project.path], defaultDirectory: config.path)
            #expect(loaded.errors.isEmpty)
            #expect(loaded.warnings.isEmpty)
            #expect(
                loaded.notes.map(\.description) == [
                    project.path + "/book.kind.json: kind \"book\" redefines the one of " + config.path
                        + "/book.kind.json"
                ])
            #expect(loaded.kinds.map(\.name) == ["note", "film", "book"])
            #expect(loaded.kinds.last?.searchFields.map(\.weight) == [90])
            #expect(throws: Never.self) { try KindRegistry(loaded.kinds) }
        }
    }

    @Test func aBrokenPersonalSpecIsAWarningAndLeftOut() throws {
        try Self.withLayers { config, project in
            try SpecFixtures.write("{broken", to: "bad.kind.json", in: config)
            try SpecFixtures.write(Self.spec("note"), to: "note.kind.json", in: config)
            try SpecFixtures.write(Self.spec("film"), to: "film.kind.json", in: config)
            let loaded = KindSpecLoader.loadKinds(
                builtIn: [noteKind()], directories: [project.path], defaultDirectory: config.path)
            #expect(loaded.errors.isEmpty)
            #expect(
                loaded.warnings.map(\.description) == [
                    config.path + "/bad.kind.json:1:2: malformed JSON: expected '\"' to start an object key, found 'b'",
                    config.path + #"/note.kind.json: name: kind "note" is already defined by module KindSpecsTests; "#
                        + #"to override it, add "replaces": "note""#,
                ])
            #expect(loaded.kinds.map(\.name) == ["note", "film"])
            // Named by --kinds, the same folder's problems are errors.
            let named = KindSpecLoader.loadKinds(
                builtIn: [noteKind()], directories: [config.path], defaultDirectory: config.path)
            #expect(named.errors.count == 2)
            #expect(named.warnings.isEmpty)
        }
    }

    @Test func aClashOfPluralsAcrossLayersIsStillAnError() throws {
        try Self.withLayers { config, project in
            try SpecFixtures.write(Self.spec("book"), to: "book.kind.json", in: config)
            try SpecFixtures.write(
                #"{"name": "novel", "plural": "books", "search": [{"path": "/name", "weight": 1}]}"#,
                to: "novel.kind.json", in: project)
            let loaded = KindSpecLoader.loadKinds(
                builtIn: [], directories: [project.path], defaultDirectory: config.path)
            #expect(
                loaded.errors.map(\.description) == [
                    project.path + #"/novel.kind.json: name: kind "books" is already defined by "#
                        + config.path + "/book.kind.json"
                ])
        }
    }

    @Test func replacesKeepsTheBuiltInKindsSampleWhenItKeepsItsName() throws {
        let sample = BundledSample(fileName: "notes.jsonl", text: #"{"kind":"note","name":"a"}"#)
        let builtIn = ResultKind(
            name: "note", plural: "notes", columns: [], searchFields: [.field("name", weight: 100)], sample: sample,
            decode: { (object) throws(RecordDecodingError) -> String in try object.requiredString("name") },
            present: { NoteRow(name: $0) })
        let same = try SpecFixtures.spec(Self.spec("note", replaces: "note"), file: "note.kind.json")
        let merged = KindSpecLoader.merge(modules: [builtIn], specs: [same])
        #expect(merged.kinds.map(\.origin) == ["note.kind.json"])
        #expect(merged.kinds.first?.sample?.fileName == "notes.jsonl")
        #expect(merged.notes.isEmpty)
        let renamed = try SpecFixtures.spec(Self.spec("memo", replaces: "note"), file: "memo.kind.json")
        let other = KindSpecLoader.merge(modules: [builtIn], specs: [renamed])
        #expect(other.kinds.first?.sample == nil)
        #expect(
            other.notes.map(\.description) == [
                #"memo.kind.json: replaces: the bundled notes.jsonl of module KindSpecsTests is not kept: its records "#
                    + #"say "kind": "note", and this kind is "memo""#
            ])
    }

    @Test func aFileNamedOtherwiseThanItsKindIsAnError() throws {
        try SpecFixtures.withTemporaryDirectory { directory in
            try SpecFixtures.write(Self.spec("book"), to: "books.kind.json", in: directory)
            let loaded = KindSpecLoader.load(directories: [directory.path])
            #expect(loaded.specs.isEmpty)
            #expect(
                loaded.errors.map(\.description) == [
                    directory.path + #"/books.kind.json: name: "book" is not the file's name: rename the file "#
                        + #"book.kind.json, or the kind "books""#
                ])
        }
    }
}
