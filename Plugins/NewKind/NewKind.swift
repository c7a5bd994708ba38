import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-kind Weather`:
/// scaffolds Sources/WeatherKind and Tests/WeatherKindTests and lists the
/// module in Package.swift, so the next `swift build` registers it.
@main
struct NewKind: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        guard arguments.count == 1, let name = arguments.first else {
            throw NewKindError("usage: swift package --allow-writing-to-package-directory new-kind <Name>")
        }
        let tool = try context.tool(named: "scaffold-kind")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = [context.package.directoryURL.path, name]
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
