// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// Every result-kind module, one per line, sorted.
///
/// Each `FooKind` module gets a target in `Sources/FooKind`, a test target in
/// `Tests/FooKindTests`, and becomes a dependency of the `search` executable,
/// whose build plugin registers it. `swift package new-kind Foo` edits this list.
let kindModules: [String] = [
    "CardKind",
    "DomainKind",
    "ProductKind",
]

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Unsafe code says so where it is: with strict memory safety (SE-0458), every
/// use of an unsafe pointer, an unchecked access or a C call that takes a
/// pointer must be marked `unsafe`, or the module does not build. RawBytes
/// holds such code behind a safe API; the plug-in API and the kinds, also
/// built so, hold none. `ModuleGraphTests` counts the files elsewhere that
/// still handle raw memory.
let strictMemorySafety: [SwiftSetting] = [.strictMemorySafety(), .treatWarning("StrictMemorySafety", as: .error)]
let safeSettings: [SwiftSetting] = swiftSettings + strictMemorySafety

/// The engine and the libraries its hot loops run in are optimised in debug
/// builds too: unoptimised, their SIMD and generic code is tens of times
/// slower, so `swift run search` and the end-to-end tests crawl. Set
/// `RESULTKIT_UNOPTIMIZED_DEBUG=1` to step through them in a debugger.
///
/// Only when this package is built for itself: SwiftPM refuses unsafe flags
/// in a package that others depend on by version, and a checkout of it as a
/// dependency lies in a `checkouts` folder.
let optimizedInDebug: [SwiftSetting] =
    Context.environment["RESULTKIT_UNOPTIMIZED_DEBUG"] == "1"
        || Context.packageDirectory.contains("/checkouts/")
    ? swiftSettings : swiftSettings + [.unsafeFlags(["-O"], .when(configuration: .debug))]

/// The same, with strict memory safety.
let optimizedSafe: [SwiftSetting] = optimizedInDebug + strictMemorySafety

/// The same for the C byte scans.
let optimizedCInDebug: [CSetting] =
    Context.environment["RESULTKIT_UNOPTIMIZED_DEBUG"] == "1"
        || Context.packageDirectory.contains("/checkouts/")
    ? [] : [.unsafeFlags(["-O2"], .when(configuration: .debug))]

/// Golden files live in `__Snapshots__` folders under a test target; they are
/// data, not sources.
func snapshotExcludes(_ target: String) -> [String] {
    let root = Context.packageDirectory + "/Tests/\(target)"
    guard let paths = FileManager.default.enumerator(atPath: root) else { return [] }
    return paths.compactMap { $0 as? String }.filter { $0.hasSuffix("__Snapshots__") }.sorted()
}

/// What a kind's tests use besides the kind and ResultKit: the built-in kinds' tests also read, search and render
/// their samples through the engine. A kind not listed here, such as one `new-kind` writes, has tests that use
/// nothing else.
let kindTestDependencies: [String: [Target.Dependency]] = [
    "CardKind": ["SearchEngine", "TestSupport"],
    "DomainKind": ["KindSpecs", "ResultOutput", "SearchEngine", "TerminalTable", "TestSupport"],
    "ProductKind": ["TestSupport"],
]

let kindTargets: [Target] = kindModules.flatMap { module -> [Target] in
    [
        .target(name: module, dependencies: ["ResultKit"], swiftSettings: safeSettings),
        .testTarget(
            name: "\(module)Tests",
            dependencies: [.target(name: module), "ResultKit"] + (kindTestDependencies[module] ?? []),
            exclude: snapshotExcludes("\(module)Tests"),
            swiftSettings: swiftSettings
        ),
    ]
}

let package = Package(
    name: "ResultKit",
    products: [
        .executable(name: "search", targets: ["search"]),
        .library(name: "ResultKit", targets: ["ResultKit"]),
        .library(name: "KindSpecs", targets: ["KindSpecs"]),
        .library(name: "SearchEngine", targets: ["SearchEngine"]),
        .library(name: "ResultOutput", targets: ["ResultOutput"]),
        .library(name: "TerminalTable", targets: ["TerminalTable"]),
        // A team's own `search` (README, "In your own package"): the command, every kind module, the plugin that
        // registers the kinds an executable depends on, and the one that scaffolds a kind.
        .library(name: "SearchCLI", targets: ["SearchCLI"]),
        .plugin(name: "RegisterKinds", targets: ["RegisterKinds"]),
        .plugin(name: "NewKind", targets: ["NewKind"]),
    ] + kindModules.map { .library(name: $0, targets: [$0]) },
    dependencies: [],
    targets: [
        // MARK: Libraries that know nothing of kinds
        .target(name: "TerminalTable", dependencies: ["RawBytes"], swiftSettings: optimizedInDebug),
        .target(
            name: "StreamingJSON", dependencies: ["RawBytes"],
            swiftSettings: optimizedInDebug + [.enableExperimentalFeature("Lifetimes")]),
        .target(
            name: "TextMatching", dependencies: ["RawBytes"],
            swiftSettings: optimizedInDebug + [.enableExperimentalFeature("Lifetimes")]),
        .target(name: "ProcessMemory", dependencies: ["RawBytes"], swiftSettings: swiftSettings),
        .target(name: "MySQLWire", dependencies: ["RawBytes"], swiftSettings: swiftSettings),
        // The one module whose code handles raw memory: loads, scans and C calls behind a small safe API
        // (zlib's among them)
        .target(
            name: "RawBytes", dependencies: ["CZlib"],
            swiftSettings: optimizedSafe + [.enableExperimentalFeature("Lifetimes")]),
        // Byte scans in C where Swift's SIMD types fall short (AVX2, byte masks)
        .target(name: "ByteScan", cSettings: optimizedCInDebug),
        // The system's zlib, for gzip input: its header comes with zlib1g-dev
        // (the binary needs only libz.so.1, on every Debian and Ubuntu system)
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // MARK: The plug-in API, which kind modules import
        .target(
            name: "ResultKit", dependencies: ["TerminalTable", "StreamingJSON"],
            swiftSettings: optimizedSafe),

        // MARK: Data-driven kinds: a kind provider, as a kind module is
        .target(
            name: "KindSpecs",
            dependencies: ["ResultKit", "TerminalTable", "StreamingJSON", "TextMatching", "RawBytes"],
            swiftSettings: swiftSettings),

        // MARK: The engine and the printers
        .target(
            name: "SearchEngine",
            dependencies: [
                "ResultKit", "TerminalTable", "StreamingJSON", "TextMatching", "ProcessMemory", "ByteScan", "RawBytes",
            ],
            swiftSettings: optimizedInDebug
        ),
        .target(
            name: "ResultOutput",
            dependencies: ["SearchEngine", "ResultKit", "TerminalTable", "StreamingJSON", "TextMatching"],
            swiftSettings: optimizedInDebug
        ),

        // MARK: Remote sources, which only the command wires in
        .target(
            name: "SphinxCluster",
            dependencies: ["MySQLWire", "RawBytes", "ResultKit", "SearchEngine", "StreamingJSON", "TextMatching"],
            swiftSettings: swiftSettings
        ),

        // MARK: The interactive picker (`search -i`), on the terminal
        .target(
            name: "InteractiveSearch",
            dependencies: [
                "ResultKit", "SearchEngine", "ResultOutput", "TerminalTable", "StreamingJSON", "TextMatching",
                "ProcessMemory", "RawBytes",
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: The command
        .target(
            name: "SearchCLI",
            dependencies: [
                "ResultKit", "KindSpecs", "SearchEngine", "ResultOutput", "StreamingJSON", "TerminalTable",
                "TextMatching", "ProcessMemory", "InteractiveSearch", "SphinxCluster", "RawBytes",
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "search",
            dependencies: ["SearchCLI", "ResultKit"] + kindModules.map { .target(name: $0) },
            swiftSettings: swiftSettings,
            plugins: ["RegisterKinds"]
        ),

        // MARK: Code generation for kinds (plugins stay thin; the logic is here)
        .target(name: "KindCodegen", swiftSettings: swiftSettings),
        .executableTarget(name: "generate-kind-registry", dependencies: ["KindCodegen"], swiftSettings: swiftSettings),
        .executableTarget(name: "scaffold-kind", dependencies: ["KindCodegen"], swiftSettings: swiftSettings),
        .plugin(name: "RegisterKinds", capability: .buildTool(), dependencies: ["generate-kind-registry"]),
        .plugin(
            name: "NewKind",
            capability: .command(
                intent: .custom(verb: "new-kind", description: "Scaffold a new result-kind module with its tests"),
                permissions: [
                    .writeToPackageDirectory(
                        reason:
                            "Creates Sources/<Name>Kind and Tests/<Name>KindTests, and adds the module to Package.swift"
                    )
                ]
            ),
            dependencies: ["scaffold-kind"]
        ),

        // MARK: Tests
        .target(
            name: "TestSupport",
            dependencies: ["ResultKit", "SearchEngine", "ResultOutput", "StreamingJSON", "TerminalTable"],
            path: "Tests/TestSupport",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TerminalTableTests",
            dependencies: ["TerminalTable", "TestSupport"],
            exclude: snapshotExcludes("TerminalTableTests"),
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "StreamingJSONTests",
            dependencies: ["StreamingJSON", "TestSupport"],
            exclude: snapshotExcludes("StreamingJSONTests"),
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TextMatchingTests",
            dependencies: ["TextMatching", "TestSupport"],
            exclude: snapshotExcludes("TextMatchingTests"),
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "MySQLWireTests", dependencies: ["MySQLWire", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SphinxClusterTests",
            dependencies: ["SphinxCluster", "SearchEngine", "StreamingJSON", "TextMatching", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ProcessMemoryTests", dependencies: ["ProcessMemory", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "RawBytesTests", dependencies: ["RawBytes", "TestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "ResultKitTests",
            dependencies: ["ResultKit", "StreamingJSON", "TerminalTable", "TestSupport"],
            exclude: snapshotExcludes("ResultKitTests"),
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "KindSpecsTests",
            dependencies: [
                "KindSpecs", "ResultKit", "SearchEngine", "ResultOutput", "StreamingJSON", "TerminalTable",
                "TextMatching", "TestSupport",
            ],
            exclude: snapshotExcludes("KindSpecsTests"),
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SearchEngineTests",
            dependencies: [
                "SearchEngine", "ResultKit", "StreamingJSON", "TerminalTable", "TextMatching", "TestSupport",
            ],
            exclude: snapshotExcludes("SearchEngineTests"),
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ResultOutputTests",
            dependencies: [
                "ResultOutput", "SearchEngine", "KindSpecs", "ResultKit", "StreamingJSON", "TerminalTable",
                "TestSupport",
            ],
            exclude: snapshotExcludes("ResultOutputTests"),
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "InteractiveSearchTests",
            dependencies: [
                "InteractiveSearch", "SearchEngine", "ResultOutput", "ResultKit", "TerminalTable", "TestSupport",
                "TextMatching",
            ],
            exclude: snapshotExcludes("InteractiveSearchTests"),
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "KindCodegenTests", dependencies: ["KindCodegen"], swiftSettings: swiftSettings),
        // The module rules, checked on this manifest and every target's imports.
        .testTarget(name: "ModuleGraphTests", dependencies: ["KindCodegen"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SearchCLITests",
            dependencies: [
                "SearchCLI", "ResultKit", "SearchEngine", "ResultOutput", "StreamingJSON", "TerminalTable",
                "TextMatching", "InteractiveSearch",
                "TestSupport",
                // The command run in-process with the built-in kinds, as the executable runs it.
                "CardKind", "DomainKind", "ProductKind",
            ],
            exclude: snapshotExcludes("SearchCLITests"),
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["search", "TestSupport"],
            exclude: snapshotExcludes("EndToEndTests"),
            swiftSettings: swiftSettings
        ),
    ] + kindTargets
)
