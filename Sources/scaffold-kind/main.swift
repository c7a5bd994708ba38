import Foundation
import KindCodegen

// Usage: scaffold-kind PACKAGE_DIRECTORY NAME [RESULTKIT_PACKAGE [EXECUTABLE...]]
// Creates Sources/<Name>Kind and Tests/<Name>KindTests. In a package with a `kindModules` list (ResultKit's own),
// adds the module to it; in any other (a team's package that depends on ResultKit, named RESULTKIT_PACKAGE there),
// prints the lines to add to its Package.swift. Refuses when anything already exists.
func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    fail("usage: swift package --allow-writing-to-package-directory new-kind <Name>", status: 64)
}
let root = URL(fileURLWithPath: arguments[0])
let resultKitPackage = arguments.count > 2 ? arguments[2] : nil
let executables = Array(arguments.dropFirst(3))
let name: KindName
do {
    name = try KindName(arguments[1])
} catch {
    fail(error.description, status: 64)
}
let fileManager = FileManager.default
for folder in ["Sources/\(name.moduleName)", "Tests/\(name.moduleName)Tests"]
where fileManager.fileExists(atPath: root.appendingPathComponent(folder).path) {
    fail(ScaffoldError.alreadyExists(folder).description)
}
let manifestURL = root.appendingPathComponent("Package.swift")
do {
    let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
    var updated: String?
    if KindScaffold.hasKindList(manifest) {
        updated = try KindScaffold.addingModule(name.moduleName, to: manifest)
    } else if manifest.contains("\"\(name.moduleName)\"") {
        throw ScaffoldError.alreadyExists("\(name.moduleName) in Package.swift")
    } else if resultKitPackage == nil {
        throw ScaffoldError.manifestListNotFound
    }
    for file in KindScaffold.files(for: name) {
        let url = root.appendingPathComponent(file.path)
        try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try file.contents.write(to: url, atomically: true, encoding: .utf8)
        print("created \(file.path)")
    }
    if let updated {
        try updated.write(to: manifestURL, atomically: true, encoding: .utf8)
        print("added \(name.moduleName) to kindModules in Package.swift")
        print("next: swift build, then `swift run search --list-kinds` shows '\(name.memberName)'")
    } else if let resultKitPackage {
        print()
        print(KindScaffold.manifestAdditions(for: name, package: resultKitPackage, executables: executables))
        let run = executables.count == 1 ? "`swift run \(executables[0]) --list-kinds`" : "`--list-kinds`"
        print("next: swift build, then \(run) shows '\(name.memberName)'")
    }
} catch let error as ScaffoldError {
    fail(error.description)
} catch {
    fail("\(error)")
}
