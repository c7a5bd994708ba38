import PackagePlugin

/// Generates `RegisteredKinds.swift` for the target it is applied to: the
/// list of every kind module the target depends on, directly or not, in this
/// package or in another (a product's modules count too). A kind module is
/// named `FooKind` and depends on ResultKit. The logic lives in the tested
/// KindCodegen library; this plugin only gathers names.
@main
struct RegisterKinds: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let modules = Set(
            target.recursiveTargetDependencies
                .compactMap { $0 as? SourceModuleTarget }
                .filter { $0.name.hasSuffix("Kind") && $0.name.count > 4 && Self.usesResultKit($0) }
                .map(\.name)
        ).sorted()
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

    /// Whether `target` depends on ResultKit itself, as every kind module does.
    static func usesResultKit(_ target: SourceModuleTarget) -> Bool {
        target.dependencies.contains { dependency in
            switch dependency {
            case .target(let other): other.name == "ResultKit"
            case .product(let product): product.name == "ResultKit"
            @unknown default: false
            }
        }
    }
}
