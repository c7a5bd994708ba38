import Foundation
import KindCodegen
import Testing

@Suite struct KindScaffoldTests {
    static let manifest = """
        // swift-tools-version: 6.1
        let kindModules: [String] = [
            "CardKind",
            "ProductKind",
        ]
        let other = ["x"]
        """

    @Test func addsTheModuleSortedToTheKindList() throws {
        let updated = try KindScaffold.addingModule("DomainKind", to: Self.manifest)
        #expect(updated.contains("    \"CardKind\",\n    \"DomainKind\",\n    \"ProductKind\",\n]"))
        #expect(updated.contains("let other = [\"x\"]"))
    }

    @Test func refusesAModuleAlreadyListed() {
        #expect(throws: ScaffoldError.alreadyExists("CardKind in Package.swift")) {
            try KindScaffold.addingModule("CardKind", to: Self.manifest)
        }
    }

    @Test func refusesAManifestWithoutTheList() {
        #expect(throws: ScaffoldError.manifestListNotFound) {
            try KindScaffold.addingModule("CardKind", to: "let package = 1")
        }
    }

    @Test(arguments: ["weather", "Weather", "WeatherKind"])
    func acceptsTheUsualSpellings(_ text: String) throws {
        let name = try KindName(text)
        #expect(name.moduleName == "WeatherKind")
        #expect(name.memberName == "weather")
    }

    @Test(arguments: ["", "9lives", "my-kind", "café", "two words", "Kind"])
    func refusesNamesThatAreNotIdentifiers(_ text: String) {
        #expect(throws: ScaffoldError.self) { try KindName(text) }
    }

    @Test func scaffoldedFilesCoverModelViewModelKindSampleAndTests() throws {
        let files = KindScaffold.files(for: try KindName("Weather")).map(\.path)
        #expect(
            files == [
                "Sources/WeatherKind/Weather.swift",
                "Sources/WeatherKind/WeatherViewModel.swift",
                "Sources/WeatherKind/ResultKind+Weather.swift",
                "Sources/WeatherKind/Sample/WeatherSample.swift",
                "Tests/WeatherKindTests/WeatherTests.swift",
            ]
        )
    }

    /// A kind needs only ResultKit, in this package or in anyone's: the template's sources and its tests import
    /// nothing else of the project.
    @Test func theTemplateImportsOnlyResultKit() throws {
        for file in KindScaffold.files(for: try KindName("Weather")) {
            let imports = file.contents.split(separator: "\n").filter {
                $0.hasPrefix("import") || $0.hasPrefix("public import")
            }
            if file.path.hasPrefix("Tests/") {
                #expect(imports == ["import ResultKit", "import Testing", "import WeatherKind"], "\(file.path)")
            } else if file.path.hasSuffix("Sample.swift") {
                #expect(imports == [], "\(file.path)")
            } else {
                #expect(imports == ["public import ResultKit"], "\(file.path)")
            }
        }
    }

    /// The built-in kinds are written as the template is: a view model made by `init(model:)`, so the kind a person
    /// copies, the scaffold and the docs read alike.
    @Test func everyKindPresentsItsModelAsTheTemplateDoes() throws {
        let template = KindScaffold.files(for: try KindName("Weather")).map(\.contents).joined()
        #expect(template.contains("present: WeatherViewModel.init(model:)"))
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        for kind in ["Card", "Domain", "Product"] {
            let file = sources.appendingPathComponent("\(kind)Kind/ResultKind+\(kind).swift")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains("present: \(kind)ViewModel.init(model:)"), "\(file.lastPathComponent)")
        }
    }

    @Test func aPackageWithoutTheKindListIsToldWhatToAdd() throws {
        #expect(KindScaffold.hasKindList(Self.manifest))
        #expect(!KindScaffold.hasKindList("let package = Package(name: \"AcmeSearch\")"))
        let one = KindScaffold.manifestAdditions(
            for: try KindName("Weather"), package: "ResultKit", executables: ["acme-search"])
        #expect(
            one == """
                Package.swift has no `kindModules` list: add WeatherKind to it yourself.
                In `targets:`, add
                        .target(name: "WeatherKind", dependencies: [.product(name: "ResultKit", package: "ResultKit")]),
                        .testTarget(name: "WeatherKindTests", dependencies: ["WeatherKind", .product(name: "ResultKit", package: "ResultKit")]),
                and in the `dependencies:` of the executable `acme-search`, add
                                "WeatherKind",

                """)
        let two = KindScaffold.manifestAdditions(
            for: try KindName("Weather"), package: "rk", executables: ["a", "b"])
        #expect(two.contains("of the executable that applies the RegisterKinds plugin, add"))
        #expect(two.contains(".product(name: \"ResultKit\", package: \"rk\")"))
    }

    /// The DocC article "Adding a result kind" shows the tests the scaffold writes, as it writes them.
    @Test func theArticleShowsTheScaffoldedTestsAsWritten() throws {
        let tests = try #require(KindScaffold.files(for: try KindName("Weather")).first { $0.path.hasPrefix("Tests/") })
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ResultKit/ResultKit.docc/AddingAResultKind.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        #expect(text.contains("```swift\n" + tests.contents + "```\n"))
    }
}
