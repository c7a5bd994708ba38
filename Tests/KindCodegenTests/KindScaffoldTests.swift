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
}
