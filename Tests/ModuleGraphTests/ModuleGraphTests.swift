import Foundation
import Testing

/// The package's module rules (``ModuleRules``) checked on its manifest, as SwiftPM reads it, and on the imports of
/// every target's sources, test targets included: a kind module uses only ResultKit, the leaf libraries know nothing
/// of the project, only a kind's own tests, the command's tests and the registering executable name a kind, and each
/// target declares exactly the project modules it imports.
@Suite struct ModuleGraphTests {
    @Test func thePackageKeepsTheRules() throws {
        let graph = try ModuleGraph.load(packageRoot: ModuleGraph.root)
        for module in ["ResultKit", "DomainKind", "ByteScan", "TestSupport", "SearchCLITests", "EndToEndTests"] {
            #expect(graph.targets[module] != nil, "\(module) was not read")
        }
        #expect(graph.targets["SearchEngine"]?.declared.contains("ResultKit") == true, "the manifest was not read")
        #expect(graph.targets["SearchCLITests"]?.imported.contains("CardKind") == true, "the tests were not read")
        #expect(graph.targets["search"]?.imported.contains("ProductKind") == true, "the registry was not read")
        #expect(graph.linked(by: "search").isSuperset(of: ["SearchCLI", "SearchEngine", "StreamingJSON", "ByteScan"]))
        #expect(graph.targets["RawBytes"]?.unsafeFiles.isEmpty == false, "the byte module's sources were not read")
        #expect(graph.violations() == [])
    }

    @Test func unsafeCodeOutsideTheByteModuleIsHeldToTheLimit() {
        func target(_ name: String, unsafeFiles count: Int) -> ModuleGraph.Target {
            var target = ModuleGraph.Target(name: name, type: "regular", declared: [], imported: [])
            target.unsafeFiles = (0..<count).map { "Sources/\(name)/File\($0).swift" }
            return target
        }
        let limit = ModuleRules.unsafeFileLimit
        let within = ModuleGraph([
            target("RawBytes", unsafeFiles: 50), target("SearchEngine", unsafeFiles: limit - 1),
            target("TextMatching", unsafeFiles: 1),
        ])
        #expect(within.violations() == [])
        let over = ModuleGraph([
            target("RawBytes", unsafeFiles: 50), target("SearchEngine", unsafeFiles: limit),
            target("TextMatching", unsafeFiles: 1),
        ])
        #expect(
            over.violations() == [
                "\(limit + 1) files outside RawBytes use unsafe code, more than \(limit) (SearchEngine \(limit), TextMatching 1)"
            ])
    }

    @Test func theKindsAndThePlugInAPIHoldNoUnsafeCode() {
        var kind = ModuleGraph.Target(name: "WeatherKind", type: "regular", declared: [], imported: [])
        kind.unsafeFiles = ["Sources/WeatherKind/WeatherRow.swift"]
        var api = ModuleGraph.Target(name: "ResultKit", type: "regular", declared: [], imported: [])
        api.unsafeFiles = ["Sources/ResultKit/Records/Record.swift"]
        #expect(
            ModuleGraph([kind, api]).violations() == [
                "ResultKit uses unsafe code in Sources/ResultKit/Records/Record.swift: it must hold none",
                "WeatherKind uses unsafe code in Sources/WeatherKind/WeatherRow.swift: it must hold none",
            ])
    }

    @Test(arguments: [
        ("let p: UnsafeRawPointer? = nil", true),
        ("bytes.withUnsafeBytes { $0.count }", true),
        ("let word = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)", true),
        ("let b = span[unchecked: 3]", true),
        ("    let s = String(unsafeUninitializedCapacity: 4) { _ in 0 }", true),
        ("/// Reads `UnsafeRawPointer`s no more.", false),
        ("    // withUnsafeBytes was here", false),
        ("let word = bytes.loadUInt64(at: 0)  // a span's safe load", false),
        ("let view: Span<UInt8> = array.span", false),
    ])
    func unsafeCodeIsFoundInCodeNotInComments(line: String, isUnsafe: Bool) {
        #expect(ModuleGraph.usesUnsafeCode(inSource: "struct S {}\n" + line + "\n") == isUnsafe)
    }

    @Test func aKindThatImportsMoreThanResultKitBreaksTheRule() {
        let graph = Self.graph(
            (
                "WeatherKind", "regular", ["ResultKit", "TerminalTable", "SearchEngine"],
                ["ResultKit", "TerminalTable", "SearchEngine"]
            ))
        #expect(
            graph.violations() == [
                "WeatherKind uses SearchEngine: a kind module needs only the plug-in API, as in anyone's package",
                "WeatherKind uses TerminalTable: a kind module needs only the plug-in API, as in anyone's package",
            ])
    }

    @Test func theKindSpecsAreHeldToTheKindProviderRule() {
        let graph = Self.graph(("KindSpecs", "regular", ["ResultKit", "SearchEngine"], ["ResultKit", "SearchEngine"]))
        #expect(
            graph.violations() == [
                "KindSpecs uses SearchEngine: kind specs are a kind provider: the plug-in API and the leaf libraries"
            ])
    }

    @Test func aLibraryThatNamesAKindBreaksTheRule() {
        let graph = Self.graph(
            ("SearchEngine", "regular", ["ResultKit", "DomainKind"], ["ResultKit", "DomainKind"]),
            ("ResultOutput", "regular", ["SearchEngine", "WeatherKind"], ["SearchEngine", "WeatherKind"]))
        #expect(
            graph.violations() == [
                "ResultOutput uses WeatherKind: the printers see only the engine's results",
                "SearchEngine uses DomainKind: the engine knows no printer, picker, remote source or kind",
            ])
    }

    @Test func aLeafLibraryThatUsesTheProjectBreaksTheRule() {
        let graph = Self.graph(
            ("TextMatching", "regular", ["StreamingJSON"], ["StreamingJSON"]),
            ("ByteScan", "regular", ["ResultKit"], []))
        #expect(
            graph.violations() == [
                "ByteScan declares ResultKit in Package.swift but never imports it",
                "ByteScan uses ResultKit: a leaf library knows nothing of the project but the byte module",
                "TextMatching uses StreamingJSON: a leaf library knows nothing of the project but the byte module",
            ])
    }

    @Test func onlyTheCommandWiresInARemoteSource() {
        let graph = Self.graph(
            ("SearchEngine", "regular", ["ResultKit", "SphinxCluster"], ["ResultKit", "SphinxCluster"]),
            ("InteractiveSearch", "regular", ["SearchEngine", "SearchCLI"], ["SearchEngine", "SearchCLI"]))
        #expect(
            graph.violations() == [
                "InteractiveSearch uses SearchCLI: the picker draws the printers' table over the engine; only the command wires in a remote source",
                "SearchEngine uses SphinxCluster: the engine knows no printer, picker, remote source or kind",
            ])
    }

    @Test func aTestNamesOnlyItsOwnKindUnlessItTestsTheCommand() {
        let graph = Self.graph(
            ("ProductKindTests", "test", ["ProductKind", "CardKind"], ["ProductKind", "CardKind"]),
            (
                "SearchCLITests", "test", ["SearchCLI", "CardKind", "DomainKind"],
                ["SearchCLI", "CardKind", "DomainKind"]
            ),
            ("ResultOutputTests", "test", ["ResultOutput", "SearchCLI"], ["ResultOutput", "SearchCLI"]),
            ("EndToEndTests", "test", ["search", "TestSupport"], ["TestSupport"]),
            ("search", "executable", ["SearchCLI", "ResultKit", "CardKind"], ["SearchCLI", "ResultKit", "CardKind"]))
        #expect(
            graph.violations() == [
                "ProductKindTests uses CardKind: only a kind's own tests and the command's tests name a kind module",
                "ResultOutputTests uses SearchCLI: only the command's tests build on the command; others run the search executable",
            ])
    }

    @Test func eachTargetDeclaresExactlyWhatItImports() {
        let graph = Self.graph(
            ("ResultKit", "regular", ["TerminalTable", "StreamingJSON", "TextMatching"], ["TerminalTable"]),
            ("CardKind", "regular", ["ResultKit"], ["ResultKit"]),
            ("CardKindTests", "test", ["CardKind"], ["CardKind", "ResultKit"]))
        #expect(
            graph.violations() == [
                "CardKindTests imports ResultKit but does not declare it in Package.swift",
                "ResultKit declares StreamingJSON in Package.swift but never imports it",
                "ResultKit declares TextMatching in Package.swift but never imports it",
                "ResultKit uses TextMatching: the plug-in API stands only on the leaf libraries whose types it re-exports to kinds",
            ])
    }

    @Test func nothingTheExecutableLinksImportsFoundation() {
        var engine = ModuleGraph.Target(
            name: "SearchEngine", type: "regular", declared: ["ResultKit"], imported: ["ResultKit"])
        engine.systemImports = ["Glibc", "FoundationEssentials"]
        var tool = ModuleGraph.Target(
            name: "scaffold-kind", type: "executable", declared: ["KindCodegen"], imported: ["KindCodegen"])
        tool.systemImports = ["Foundation"]
        let graph = ModuleGraph([
            ModuleGraph.Target(
                name: "search", type: "executable", declared: ["SearchEngine"], imported: ["SearchEngine"]),
            ModuleGraph.Target(name: "ResultKit", type: "regular", declared: [], imported: []),
            engine, tool, ModuleGraph.Target(name: "KindCodegen", type: "regular", declared: [], imported: []),
        ])
        #expect(
            graph.violations() == [
                "SearchEngine imports FoundationEssentials: search links no Foundation (CONTRIBUTING.md, \"Why there is no Foundation\")",
                "search uses SearchEngine: the executable is the command and the kinds it registers",
            ])
    }

    @Test func aNewModuleMustBeGivenItsPlace() {
        let graph = Self.graph(
            ("ByteViews", "regular", [], []), ("ByteViewsTests", "test", ["ByteViews"], ["ByteViews"]))
        #expect(graph.violations() == ["ByteViews has no place in ModuleRules: add it, with what it may use and why"])
    }

    @Test func importsAreReadFromCodeNotFromStringsOrComments() {
        let source = #"""
            public import ResultKit
            @testable import SearchEngine
            @_exported public import struct TerminalTable.Cell
            #if canImport(Glibc)
                import Glibc
            #endif
            // import ResultOutput
            let template = """
                import KindSpecs
                """
            """#
        #expect(ModuleGraph.imports(inSource: source) == ["ResultKit", "SearchEngine", "TerminalTable", "Glibc"])
    }

    /// A graph of made-up targets: name, type, declared, imported (all project modules).
    static func graph(_ targets: (String, String, Set<String>, Set<String>)...) -> ModuleGraph {
        ModuleGraph(targets.map { ModuleGraph.Target(name: $0.0, type: $0.1, declared: $0.2, imported: $0.3) })
    }
}
