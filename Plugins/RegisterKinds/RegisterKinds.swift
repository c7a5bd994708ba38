import PackagePlugin

/// Generates `RegisteredKinds.swift` for the target it is applied to: the
/// list of every kind module (`*Kind`) the target depends on. The logic lives
/// in the tested KindCodegen library; this plugin only gathers names.
@main
struct RegisterKinds: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let modules = target.recursiveTargetDependencies
            .compactMap { $0 as? SourceModuleTarget }
            .map(\.name)
            .filter { $0.hasSuffix("Kind") && $0.count > 4 }
            .sorted()
        let output = context.pluginWorkDirectoryURL.appending(path: "RegisteredKinds.swift")
        return [
            .buildCommand(
                displayName: "Registering kinds: \(modules.joined(separator: ", "))",
                executable: try context.tool(named: "generate-kind-registry").url,
                arguments: [output.path] + modules,
                inputFiles: [],
                outputFiles: [output]
            )
        ]
    }
}
