import Foundation
import KindSpecs
import ResultKit
import Testing

/// Finding and reading spec files: folders, order, the default folder, and
/// every error of every file at once.
struct KindSpecLoaderTests {
    static let valid = #"{"name": "note", "plural": "notes", "search": [{"path": "/name", "weight": 100}]}"#

    @Test func theShippedExamplesLoadSortedByFileWithTheirFileAsOrigin() throws {
        let specs = try SpecFixtures.exampleSpecs()
        #expect(specs.map(\.name) == ["country", "package", "timezone", "user"])
        #expect(specs.map(\.plural) == ["countries", "packages", "timezones", "users"])
        #expect(specs[0].kind.origin == SpecFixtures.examples + "/country.kind.json")
        #expect(specs[2].rowHeight == 2)
    }

    @Test func aSpecKindListsItsColumnAndSearchFieldsForFilters() throws {
        let country = try #require(try SpecFixtures.exampleSpecs().first).kind
        #expect(
            country.fields == [
                "name", "alpha_2", "alpha_3", "common_name", "official_name", "numeric", "code", "alpha-3", "flag",
            ])
        #expect(country.columns.map(\.field) == ["code", "alpha-3", "numeric", "flag", "official_name"])
        #expect(country.namedFields.map(\.name) == ["code", "alpha-3", "numeric", "flag", "official_name"])
        #expect(country.namedFields.map(\.source) == ["/alpha_2", "/alpha_3", "/numeric", "/flag", "/official_name"])
        #expect(country.searchFields.map(\.weight) == [100, 90, 80, 60, 40, 20])
    }

    @Test(arguments: [
        (["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/ada"], "/cfg/resultkit/kinds"),
        (["XDG_CONFIG_HOME": "/cfg/", "HOME": "/home/ada"], "/cfg/resultkit/kinds"),
        (["XDG_CONFIG_HOME": "relative/cfg", "HOME": "/home/ada"], "/home/ada/.config/resultkit/kinds"),
        (["XDG_CONFIG_HOME": "", "HOME": "/home/ada"], "/home/ada/.config/resultkit/kinds"),
        (["HOME": "/home/ada"], "/home/ada/.config/resultkit/kinds"),
        ([:], nil),
    ])
    func theDefaultFolderFollowsXDG(environment: [String: String], expected: String?) {
        #expect(KindSpecLoader.defaultDirectory(environment: environment) == expected)
    }

    @Test func everyErrorOfEveryFileIsListedAndValidSpecsStillLoad() throws {
        try SpecFixtures.withTemporaryDirectory { directory in
            try SpecFixtures.write(Self.valid, to: "note.kind.json", in: directory)
            try SpecFixtures.write(
                #"{"name": "x", "plural": "xs", "search": [], "rowHeight": -1}"#, to: "a.kind.json", in: directory)
            try SpecFixtures.write("{\n\"name\": }", to: "c.kind.json", in: directory)
            try SpecFixtures.write(
                Self.valid.replacingOccurrences(of: "\"note\"", with: "\"memo\""), to: "d.kind.json", in: directory)
            try SpecFixtures.write("not a spec", to: "notes.json", in: directory)
            try SpecFixtures.write(Self.valid, to: ".hidden.kind.json", in: directory)
            let loaded = KindSpecLoader.load(directories: [directory.path])
            let prefix = directory.path + "/"
            #expect(loaded.specs.map(\.name) == ["note"])
            #expect(
                loaded.errors.map(\.description) == [
                    prefix
                        + #"a.kind.json: name: "x" is not the file's name: rename the file x.kind.json, or the kind "a""#,
                    prefix + "a.kind.json: rowHeight: -1 is out of range 1...20",
                    prefix
                        + #"a.kind.json: search: at least one search field is needed, such as {"path": "/name", "weight": 100}"#,
                    prefix + "c.kind.json:2:9: malformed JSON: expected a value, found '}'",
                    prefix + #"d.kind.json: name: "memo" is not the file's name: rename the file memo.kind.json, "#
                        + #"or the kind "d""#,
                ]
            )
        }
    }

    @Test func aKindDefinedTwiceIsAnErrorNamingBothFiles() throws {
        try SpecFixtures.withTemporaryDirectory { directory in
            let first = directory.appendingPathComponent("one")
            let second = directory.appendingPathComponent("two")
            try FileManager.default.createDirectory(at: first, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
            try SpecFixtures.write(Self.valid, to: "note.kind.json", in: first)
            try SpecFixtures.write(
                Self.valid.replacingOccurrences(of: "\"note\"", with: "\"memo\""), to: "memo.kind.json", in: second)
            let loaded = KindSpecLoader.load(directories: [first.path, second.path])
            #expect(loaded.specs.map(\.name) == ["note"])
            #expect(
                loaded.errors.map(\.description) == [
                    second.path + "/memo.kind.json: name: kind \"notes\" is already defined by " + first.path
                        + "/note.kind.json"
                ]
            )
        }
    }

    @Test func aMissingFolderIsAnErrorOnlyWhenTheUserNamedIt() throws {
        try SpecFixtures.withTemporaryDirectory { directory in
            let missing = directory.appendingPathComponent("nowhere").path
            let named = KindSpecLoader.load(directories: [missing])
            #expect(
                named.errors.map(\.description) == [
                    missing + ": cannot read the kinds folder: No such file or directory"
                ])
            let fallback = KindSpecLoader.load(directories: [], defaultDirectory: missing)
            #expect(fallback.errors.isEmpty)
            #expect(fallback.specs.isEmpty)
        }
    }

    @Test func theDefaultFolderIsReadAfterTheNamedOnesAndAFolderOnlyOnce() throws {
        try SpecFixtures.withTemporaryDirectory { directory in
            try SpecFixtures.write(Self.valid, to: "note.kind.json", in: directory)
            let loaded = KindSpecLoader.load(
                directories: [SpecFixtures.examples, directory.path, directory.path + "/"],
                defaultDirectory: directory.path
            )
            #expect(loaded.errors.map(\.description) == [])
            #expect(loaded.specs.map(\.name) == ["country", "package", "timezone", "user", "note"])
        }
    }

    @Test func anOversizedFileIsRefusedWithoutParsing() throws {
        try SpecFixtures.withTemporaryDirectory { directory in
            let huge = "[" + String(repeating: "0,", count: KindSpecLoader.maxFileBytes / 2) + "0]"
            try SpecFixtures.write(huge, to: "huge.kind.json", in: directory)
            let loaded = KindSpecLoader.load(directories: [directory.path])
            #expect(loaded.errors.map(\.message) == ["larger than 1 MiB; is this a kind spec?"])
        }
    }

    @Test func aSpecThatCannotBeReadIsAnErrorNamingTheFileAndTheReason() throws {
        try SpecFixtures.withTemporaryDirectory { directory in
            let folder = directory.appendingPathComponent("folder.kind.json")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try SpecFixtures.write(Self.valid, to: "note.kind.json", in: directory)
            let loaded = KindSpecLoader.load(directories: [directory.path])
            #expect(
                loaded.errors.map(\.description) == [
                    folder.path + ": not a regular file (a folder); a kind spec is a JSON file"
                ])
            #expect(loaded.specs.map(\.name) == ["note"])
        }
    }

    /// Regression: opening a FIFO named like a spec waited for a writer, so
    /// every run (`--help` included) hung.
    @Test func aFIFONamedLikeASpecIsAnErrorNotAWait() throws {
        try SpecFixtures.withTemporaryDirectory { directory in
            let fifo = directory.appendingPathComponent("a.kind.json")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            try SpecFixtures.write(Self.valid, to: "note.kind.json", in: directory)
            let loaded = KindSpecLoader.load(directories: [directory.path])
            #expect(
                loaded.errors.map(\.description) == [
                    fifo.path + ": not a regular file (a named pipe); a kind spec is a JSON file"
                ])
            #expect(loaded.specs.map(\.name) == ["note"])
        }
    }

    /// Regression: `XDG_CONFIG_HOME` set to a file made the optional folder an error.
    @Test func anOptionalFolderWhosePathRunsThroughAFileIsAWarning() throws {
        try SpecFixtures.withTemporaryDirectory { directory in
            try SpecFixtures.write("not a folder", to: "config", in: directory)
            let optional = directory.appendingPathComponent("config/resultkit/kinds").path
            let loaded = KindSpecLoader.load(directories: [], defaultDirectory: optional)
            #expect(loaded.errors.isEmpty)
            #expect(
                loaded.warnings.map(\.description) == [
                    optional + ": not a folder (a part of the path is a file), so no kind specs are read from it"
                ])
        }
    }

    @Test func deeplyNestedJSONIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let errors = SpecFixtures.errors(deep)
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("weather.kind.json:1:17: malformed JSON:") == true)
    }
}
