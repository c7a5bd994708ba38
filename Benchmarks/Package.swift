// swift-tools-version: 6.1
import PackageDescription

// Benchmark programs for ResultKit. A package of their own, so that the root
// package and its CI never build them; run them from this folder:
//
//     swift run -c release search-bench
//     swift run -c release table-bench
//     swift run -c release relevance
//     swift run -c release interactive-bench
//     swift run -c release cluster-bench    (needs searchd: apt-get install sphinxsearch)
//
// They time the real `search` binary of the root package as whole processes.

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Benchmarks",
    dependencies: [
        // The root package, by path. `name:` lets the products below name it
        // whatever the checkout's folder is called.
        .package(name: "ResultKit", path: "..")
    ],
    targets: [
        .target(name: "BenchSupport", swiftSettings: swiftSettings),
        .executableTarget(
            name: "search-bench",
            dependencies: [
                "BenchSupport", .product(name: "ResultKit", package: "ResultKit"),
                .product(name: "SearchEngine", package: "ResultKit"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "table-bench",
            dependencies: ["BenchSupport", .product(name: "TerminalTable", package: "ResultKit")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "interactive-bench", dependencies: ["BenchSupport"], swiftSettings: swiftSettings),
        .executableTarget(name: "relevance", dependencies: ["BenchSupport"], swiftSettings: swiftSettings),
        .executableTarget(name: "cluster-bench", dependencies: ["BenchSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "BenchSupportTests", dependencies: ["BenchSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "RelevanceTests", dependencies: ["relevance"], swiftSettings: swiftSettings),
    ]
)
