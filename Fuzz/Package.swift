// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// The ResultKit package one folder up. SwiftPM names a local package after
/// its folder, so the name is read from the path rather than written down.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// One libFuzzer target: an executable whose only code is
/// `LLVMFuzzerTestOneInput`. Build it with `scripts/fuzz.sh`, which passes
/// `--sanitize=fuzzer --sanitize=address`; without them it has no `main`.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: root.lastPathComponent) },
        swiftSettings: swiftSettings
    )
}

let package = Package(
    name: "ResultKitFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: ["ResultKit", "KindSpecs", "SearchEngine", "ResultOutput", "TerminalTable"].map {
                .product(name: $0, package: root.lastPathComponent)
            },
            swiftSettings: swiftSettings
        ),
        fuzzTarget("FuzzJSONParser", ["ResultKit"]),
        fuzzTarget("FuzzRecordReader", ["ResultKit", "SearchEngine", "TerminalTable"]),
        fuzzTarget("FuzzQueryParser", ["ResultKit", "SearchEngine"]),
        fuzzTarget("FuzzTableLayout", ["TerminalTable"]),
        fuzzTarget("FuzzKindSpec", ["ResultKit", "KindSpecs", "SearchEngine", "ResultOutput", "TerminalTable"]),
        fuzzTarget("FuzzOptionParser", ["SearchCLI"]),
        fuzzTarget("FuzzDelimitedOutput", ["ResultKit", "SearchEngine", "ResultOutput"]),
    ]
)
