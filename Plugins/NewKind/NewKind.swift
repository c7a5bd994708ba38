import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-kind Weather`:
/// scaffolds Sources/WeatherKind and Tests/WeatherKindTests. In ResultKit's
/// own package it lists the module in Package.swift, so the next `swift build`
/// registers it; in a package that depends on ResultKit it prints the lines to
/// add to that package's Package.swift.
@main
struct NewKind: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        guard arguments.count == 1, let name = arguments.first else {
            throw NewKindError("usage: swift package --allow-writing-to-package-directory new-kind <Name>")
        }
        let package = context.package
        // The dependency that vends ResultKit, as the package's `.product(name:package:)` names it.
        let resultKit = package.dependencies.map(\.package).first { $0.products.contains { $0.name == "ResultKit" } }
        let resultKitName = resultKit.map { $0.displayName.lowercased() == $0.id ? $0.displayName : $0.id }
        let executables = package.targets.compactMap { $0 as? SourceModuleTarget }.filter { $0.kind == .executable }
            .map(\.name).sorted()
        let tool = try context.tool(named: "scaffold-kind")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = [package.directoryURL.path, name] + (resultKitName.map { [$0] + executables } ?? [])
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NewKindError("new-kind failed for '\(name)' (see the error above)")
        }
    }
}

struct NewKindError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
