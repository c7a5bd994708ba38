import Foundation
import KindCodegen

/// The package's targets as SwiftPM reads `Package.swift`, each with the project modules it declares and the ones
/// its sources import, and the rules of ``ModuleRules`` checked on both.
struct ModuleGraph {
    /// One target of the manifest.
    struct Target: Equatable {
        var name: String
        /// `regular`, `executable`, `test` or `plugin`, as `swift package dump-package` says.
        var type: String
        /// The project modules named in its `dependencies:`.
        var declared: Set<String>
        /// The project modules its Swift sources import; for an executable that applies the RegisterKinds plugin,
        /// with those its generated registry imports.
        var imported: Set<String>
        /// The other modules its sources import: the system's and the toolchain's.
        var systemImports: Set<String> = []
        /// Its source files (paths from the package root) that use unsafe code, for a library or executable.
        var unsafeFiles: [String] = []
    }

    var targets: [String: Target]

    init(_ targets: [Target]) {
        self.targets = Dictionary(uniqueKeysWithValues: targets.map { ($0.name, $0) })
    }

    /// The package at `root`: its manifest as SwiftPM evaluates it, and the imports of every target's sources.
    static func load(packageRoot root: URL) throws -> ModuleGraph {
        let manifest = try JSONSerialization.jsonObject(with: try dumpPackage(at: root)) as? [String: Any]
        guard let entries = manifest?["targets"] as? [[String: Any]] else { throw LoadError("no targets in the dump") }
        var targets: [Target] = []
        for entry in entries {
            guard let name = entry["name"] as? String, let type = entry["type"] as? String else { continue }
            let declared = (entry["dependencies"] as? [[String: Any]] ?? []).compactMap(dependencyName)
            let folder = (entry["path"] as? String) ?? (type == "test" ? "Tests/" : "Sources/") + name
            var imported = try sourceImports(in: root.appendingPathComponent(folder))
            // What ships: the libraries and executables under Sources, not the tests' helpers.
            let unsafeFiles =
                type == "test" || type == "plugin" || !folder.hasPrefix("Sources/")
                ? [] : try filesUsingUnsafeCode(in: root.appendingPathComponent(folder)).map { folder + "/" + $0 }
            let plugins = (entry["pluginUsages"] as? [[String: Any]] ?? []).compactMap { usage in
                (usage["plugin"] as? [Any])?.first as? String
            }
            if plugins.contains("RegisterKinds") {
                // The plugin registers every kind module the executable depends on.
                let kinds = declared.filter(RegistrySource.isKindModule)
                imported.formUnion(imports(inSource: RegistrySource.generate(modules: kinds)))
            }
            var target = Target(name: name, type: type, declared: Set(declared), imported: imported)
            target.unsafeFiles = unsafeFiles
            targets.append(target)
        }
        let project = Set(targets.map(\.name))
        return ModuleGraph(
            targets.map { target in
                var target = target
                target.declared.formIntersection(project)
                target.systemImports = target.imported.subtracting(project)
                target.imported.formIntersection(project)
                return target
            })
    }

    /// The modules the executable `name` links: its dependencies, theirs, and so on.
    func linked(by name: String) -> Set<String> {
        var seen: Set<String> = []
        var next = [name]
        while let module = next.popLast() {
            for other in targets[module]?.declared ?? [] where seen.insert(other).inserted { next.append(other) }
        }
        return seen
    }

    /// Every rule broken, one sentence each, sorted.
    func violations() -> [String] {
        var found: [String] = []
        let shipped = linked(by: ModuleRules.registeringExecutable)
        for name in shipped.sorted() {
            for module in (targets[name]?.systemImports ?? []).intersection(ModuleRules.notInTheBinary.modules).sorted()
            {
                found.append("\(name) imports \(module): \(ModuleRules.notInTheBinary.because)")
            }
        }
        for target in targets.values where target.type != "plugin" {
            let isTest = target.type == "test"
            if !isTest, ModuleRules.allowance(for: target.name) == nil {
                found.append("\(target.name) has no place in ModuleRules: add it, with what it may use and why")
                continue
            }
            for other in target.declared.union(target.imported).sorted() where other != target.name {
                if let reason = ModuleRules.reason(target.name, uses: other) {
                    found.append("\(target.name) uses \(other): \(reason)")
                }
            }
            for other in target.imported.subtracting(target.declared).sorted() {
                found.append("\(target.name) imports \(other) but does not declare it in Package.swift")
            }
            // A test may depend on an executable to have it built, as the end-to-end tests do.
            let buildOnly = target.declared.filter { isTest && targets[$0]?.type == "executable" }
            for other in target.declared.subtracting(target.imported).subtracting(buildOnly).sorted() {
                found.append("\(target.name) declares \(other) in Package.swift but never imports it")
            }
        }
        found += unsafeCodeViolations()
        return found.sorted()
    }

    /// The files outside the byte module that use unsafe code, by module.
    func unsafeFilesOutsideTheByteModule() -> [String: [String]] {
        targets.values.filter { $0.name != ModuleRules.byteModule && !$0.unsafeFiles.isEmpty }
            .reduce(into: [String: [String]]()) { $0[$1.name] = $1.unsafeFiles }
    }

    /// Unsafe code where it may not be: in a module that must hold none, or in more files outside the byte module
    /// than ``ModuleRules/unsafeFileLimit``.
    private func unsafeCodeViolations() -> [String] {
        var found: [String] = []
        let outside = unsafeFilesOutsideTheByteModule()
        for (module, files) in outside where ModuleRules.mustBeFreeOfUnsafeCode(module) {
            found.append("\(module) uses unsafe code in \(files.sorted().joined(separator: ", ")): it must hold none")
        }
        let count = outside.values.reduce(0) { $0 + $1.count }
        if count > ModuleRules.unsafeFileLimit {
            let byModule = outside.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.count)" }
            found.append(
                "\(count) files outside \(ModuleRules.byteModule) use unsafe code, more than "
                    + "\(ModuleRules.unsafeFileLimit) (\(byModule.joined(separator: ", ")))")
        }
        return found
    }

    /// Whether `source` uses unsafe code (``ModuleRules/unsafeConstructs``) outside its comment lines.
    static func usesUnsafeCode(inSource source: String) -> Bool {
        source.split(separator: "\n").contains { line in
            !line.drop { $0 == " " }.hasPrefix("//")
                && ModuleRules.unsafeConstructs.contains { line.contains($0) }
        }
    }

    /// The Swift files under `folder` that use unsafe code, by their path in it, sorted.
    private static func filesUsingUnsafeCode(in folder: URL) throws -> [String] {
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            if usesUnsafeCode(inSource: source) { found.append(file) }
        }
        return found.sorted()
    }

    /// The modules `source` imports, outside comments and multi-line strings (raw ones too).
    static func imports(inSource source: String) -> [String] {
        var modules: [String] = []
        var closer: String?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if let end = closer {
                if line.contains(end) { closer = nil }
                continue
            }
            if line.contains("#\"\"\""), !line.contains("\"\"\"#") {
                closer = "\"\"\"#"
                continue
            }
            if (line.components(separatedBy: "\"\"\"").count - 1) % 2 == 1 {
                closer = "\"\"\""
                continue
            }
            let words = line.split(separator: " ").map(String.init)
            let attributes: Set<String> = ["@testable", "@_exported", "public", "package", "internal", "private"]
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                words[..<index].allSatisfy(attributes.contains)
            else { continue }
            // `import struct TerminalTable.Cell` imports TerminalTable.
            let declarationKinds: Set<String> = [
                "struct", "class", "enum", "protocol", "typealias", "func", "let", "var",
            ]
            let path =
                declarationKinds.contains(words[index + 1]) && index + 2 < words.count
                ? words[index + 2] : words[index + 1]
            modules.append(String(path.prefix { $0 != "." }))
        }
        return modules
    }

    /// The modules the Swift files under `folder` import; none for a folder of C.
    private static func sourceImports(in folder: URL) throws -> Set<String> {
        var modules: Set<String> = []
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return modules }
        for case let file as String in files where file.hasSuffix(".swift") {
            modules.formUnion(
                imports(inSource: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)))
        }
        return modules
    }

    /// The target a dependency names: `"X"`, `.target(name: "X")` or `.product(name: "X", …)`.
    private static func dependencyName(_ dependency: [String: Any]) -> String? {
        for key in ["byName", "target", "product"] {
            if let parts = dependency[key] as? [Any], let name = parts.first as? String { return name }
        }
        return nil
    }

    /// The manifest as JSON, from SwiftPM itself, in a scratch folder of its own so that it does not wait for the
    /// build that runs these tests.
    private static func dumpPackage(at root: URL) throws -> Data {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("module-graph-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--scratch-path", scratch.path, "dump-package"]
        process.currentDirectoryURL = root
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let errorsFile = scratch.appendingPathComponent("stderr")
        try Data().write(to: errorsFile)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorsFile)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? ""
            throw LoadError("swift package dump-package failed: \(message)")
        }
        return data
    }

    struct LoadError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The package's root folder.
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}
