import Foundation
import KindCodegen
import Testing

/// The package's dependency rules, checked on its sources and its manifest:
/// a kind module (and the kind specs, a kind provider too) uses only the
/// plug-in API and the leaf libraries; nothing but the `search` executable's
/// generated registry names a kind module; the leaf libraries know nothing of
/// the project. The command may load the kind specs, as it loads spec files. Only the package's own modules count: system modules such as
/// Glibc are anyone's.
@Suite struct ModuleGraphTests {
    @Test func thePackageKeepsTheRules() throws {
        let modules = try ModuleGraph.sourceModules(in: ModuleGraph.root.appendingPathComponent("Sources"))
        #expect(modules.keys.contains("ResultKit") && modules.keys.contains("DomainKind"), "no modules found")
        let manifest = try String(contentsOf: ModuleGraph.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declared = ModuleGraph.declaredDependencies(inManifest: manifest)
        #expect(declared["SearchEngine"]?.contains("ResultKit") == true, "the manifest was not read")
        #expect(ModuleGraph.violations(uses: modules, projectModules: Set(modules.keys)) == [])
        #expect(ModuleGraph.violations(uses: declared, projectModules: Set(modules.keys)) == [])
    }

    @Test func aKindThatImportsTheEngineBreaksTheRule() {
        let violations = ModuleGraph.violations(
            uses: ["WeatherKind": ["ResultKit", "TerminalTable", "SearchEngine", "Glibc"]], projectModules: Self.project
        )
        #expect(
            violations == ["WeatherKind uses SearchEngine; a kind may use only ResultKit and the leaf libraries"])
    }

    @Test func theKindSpecsAreHeldToTheKindRule() {
        let violations = ModuleGraph.violations(uses: ["KindSpecs": ["SearchEngine"]], projectModules: Self.project)
        #expect(violations == ["KindSpecs uses SearchEngine; a kind may use only ResultKit and the leaf libraries"])
    }

    @Test func aModuleThatNamesAKindBreaksTheRule() {
        let violations = ModuleGraph.violations(
            uses: ["SearchEngine": ["ResultKit", "DomainKind"], "ResultOutput": ["SearchEngine", "WeatherKind"]],
            projectModules: Self.project)
        #expect(
            violations == [
                "ResultOutput uses WeatherKind; only a kind's own tests and the search executable may name a kind",
                "SearchEngine uses DomainKind; only a kind's own tests and the search executable may name a kind",
            ])
    }

    @Test func aLeafLibraryThatImportsTheProjectBreaksTheRule() {
        let violations = ModuleGraph.violations(
            uses: ["TextMatching": ["Glibc", "StreamingJSON"], "TerminalTable": ["ResultKit"]],
            projectModules: Self.project)
        #expect(
            violations == [
                "TerminalTable uses ResultKit; a leaf library knows nothing of the project",
                "TextMatching uses StreamingJSON; a leaf library knows nothing of the project",
            ])
    }

    @Test func theEngineKnowsNoRemoteSource() {
        let violations = ModuleGraph.violations(
            uses: ["SearchEngine": ["ResultKit", "SphinxCluster"], "MySQLWire": ["Glibc", "ResultKit"]],
            projectModules: Self.project)
        #expect(
            violations == [
                "MySQLWire uses ResultKit; a leaf library knows nothing of the project",
                "SearchEngine uses SphinxCluster; only the command wires in a remote source",
            ])
    }

    @Test func importsAreReadFromCodeNotFromStringsOrComments() {
        let source = #"""
            public import ResultKit
            @testable import SearchEngine
            #if canImport(Glibc)
                import Glibc
            #endif
            // import ResultOutput
            let template = """
                import KindSpecs
                """
            """#
        #expect(ModuleGraph.imports(inSource: source) == ["ResultKit", "SearchEngine", "Glibc"])
    }

    @Test func theManifestsDependenciesAreReadPerTarget() {
        let manifest = #"""
            let kindTargets: [Target] = kindModules.flatMap { module -> [Target] in
                [.target(name: module, dependencies: ["ResultKit"], swiftSettings: s), .testTarget(name: "\(module)Tests")]
            }
            let package = Package(targets: [
                .target(name: "TextMatching", swiftSettings: s),
                .target(
                    name: "SearchEngine",
                    dependencies: ["ResultKit", .target(name: "TextMatching")], swiftSettings: s),
                .executableTarget(name: "search", dependencies: ["SearchCLI"] + kindModules.map { .target(name: $0) }),
                .testTarget(name: "SearchEngineTests", dependencies: ["SearchEngine", "DomainKind"]),
            ])
            """#
        #expect(
            ModuleGraph.declaredDependencies(inManifest: manifest) == [
                "AnyKind": ["ResultKit"], "TextMatching": [], "SearchEngine": ["ResultKit", "TextMatching"],
                "search": ["SearchCLI"],
            ])
    }

    @Test func thePickerThatUsesTheCommandBreaksTheRule() {
        let violations = ModuleGraph.violations(
            uses: ["InteractiveSearch": ["SearchEngine", "SearchCLI"], "SearchCLITests": ["SearchCLI"]],
            projectModules: Self.project)
        #expect(violations == ["InteractiveSearch uses SearchCLI; only the search executable builds on the command"])
    }

    static let project: Set<String> = [
        "ResultKit", "KindSpecs", "SearchEngine", "ResultOutput", "SearchCLI", "InteractiveSearch", "TerminalTable",
        "StreamingJSON", "TextMatching", "ProcessMemory", "DomainKind", "WeatherKind", "MySQLWire", "SphinxCluster",
    ]
}

/// Reads which project modules each module uses, and checks the rules.
enum ModuleGraph {
    /// The libraries a kind may import besides ``api``.
    static let leafLibraries: Set<String> = ["TerminalTable", "StreamingJSON", "TextMatching"]
    /// Libraries that know nothing of the project: the leaves, and the allocator tuning.
    static let independentLibraries = leafLibraries.union(["ProcessMemory", "MySQLWire"])
    /// Remote sources and their clients: only the command wires them in, so the engine sees nothing but
    /// `SearchSource`.
    static let remoteSources: Set<String> = ["SphinxCluster", "MySQLWire"]
    /// The modules that may use ``remoteSources``: the command, and the remote sources themselves.
    static let remoteSourceUsers: Set<String> = ["SearchCLI", "SphinxCluster"]
    /// The plug-in API.
    static let api = "ResultKit"
    /// Kind providers other than the kind modules: data-driven kinds.
    static let otherKindProviders: Set<String> = ["KindSpecs"]
    /// The command, which wires the libraries (the picker among them) together.
    static let command = "SearchCLI"
    /// The executable whose generated registry imports every kind module.
    static let registeringExecutable = "search"

    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    static func isKindProvider(_ module: String) -> Bool {
        // Manifest kind targets are read under a name of the kind-module form.
        RegistrySource.isKindModule(module) || otherKindProviders.contains(module)
    }

    /// Every rule broken, one sentence each, sorted.
    /// - Parameters:
    ///   - uses: The modules each module imports or depends on.
    ///   - projectModules: The package's own modules; the rest are the system's.
    static func violations(uses: [String: Set<String>], projectModules: Set<String>) -> [String] {
        var found: [String] = []
        for (module, used) in uses {
            for other in used.sorted() where other != module && projectModules.contains(other) {
                if independentLibraries.contains(module) {
                    found.append("\(module) uses \(other); a leaf library knows nothing of the project")
                } else if isKindProvider(module), other != api, !leafLibraries.contains(other) {
                    found.append(
                        "\(module) uses \(other); a kind may use only ResultKit and the leaf libraries")
                } else if remoteSources.contains(other), !remoteSourceUsers.contains(module), !module.hasSuffix("Tests")
                {
                    found.append("\(module) uses \(other); only the command wires in a remote source")
                } else if other == command, module != registeringExecutable, !module.hasSuffix("Tests") {
                    found.append("\(module) uses \(other); only the search executable builds on the command")
                } else if RegistrySource.isKindModule(other), !isKindProvider(module), module != registeringExecutable {
                    found.append(
                        "\(module) uses \(other); only a kind's own tests and the search executable may name a kind")
                }
            }
        }
        return found.sorted()
    }

    /// The modules each folder of `sources` imports, from every Swift file in it.
    static func sourceModules(in sources: URL) throws -> [String: Set<String>] {
        var modules: [String: Set<String>] = [:]
        let manager = FileManager.default
        for module in try manager.contentsOfDirectory(atPath: sources.path) {
            let folder = sources.appendingPathComponent(module)
            guard let files = manager.enumerator(atPath: folder.path) else { continue }
            var imports: Set<String> = []
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                imports.formUnion(Self.imports(inSource: text))
            }
            modules[module] = imports
        }
        return modules
    }

    /// The modules `source` imports, outside comments and multi-line strings.
    static func imports(inSource source: String) -> [String] {
        var modules: [String] = []
        var inString = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            defer { if quotes % 2 == 1 { inString.toggle() } }
            guard !inString else { continue }
            let words = line.split(separator: " ").map(String.init)
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                words[..<index].allSatisfy({ ["@testable", "public", "package", "internal", "private"].contains($0) })
            else { continue }
            modules.append(words[index + 1])
        }
        return modules
    }

    /// The project dependencies each library and executable target of a
    /// manifest names as string literals; the kind targets, declared once
    /// for every kind module, are read as `AnyKind`. Test targets are not read.
    static func declaredDependencies(inManifest manifest: String) -> [String: Set<String>] {
        var targets: [String: Set<String>] = [:]
        let text = Array(manifest)
        for opener in [".target(", ".executableTarget("] {
            var searchStart = manifest.startIndex
            while let range = manifest.range(of: opener, range: searchStart..<manifest.endIndex) {
                searchStart = range.upperBound
                let open = manifest.distance(from: manifest.startIndex, to: range.upperBound) - 1
                guard let close = matching(text, from: open, open: "(", close: ")") else { continue }
                let call = String(text[(open + 1)..<close])
                let name: String
                if let literal = call.firstMatch(of: /^\s*name:\s*"(\w+)"/) {
                    name = String(literal.1)
                } else if call.firstMatch(of: /^\s*name:\s*module\b/) != nil {
                    name = "AnyKind"
                } else {
                    continue
                }
                var dependencies: Set<String> = []
                if let start = call.firstMatch(of: /dependencies:\s*\[/) {
                    let callText = Array(call)
                    let bracket = call.distance(from: call.startIndex, to: start.range.upperBound) - 1
                    if let end = matching(callText, from: bracket, open: "[", close: "]") {
                        let list = String(callText[(bracket + 1)..<end])
                        for match in list.matches(of: /"(\w+)"/) { dependencies.insert(String(match.1)) }
                    }
                }
                targets[name, default: []].formUnion(dependencies)
            }
        }
        return targets
    }

    /// The index of the bracket that closes the one at `start`.
    private static func matching(_ text: [Character], from start: Int, open: Character, close: Character) -> Int? {
        var depth = 0
        for index in start..<text.count {
            if text[index] == open { depth += 1 }
            if text[index] == close {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }
}
