import Foundation
import KindCodegen

// Usage: scaffold-kind PACKAGE_DIRECTORY NAME
// Creates Sources/<Name>Kind and Tests/<Name>KindTests, and adds the module to
// Package.swift's kindModules list. Refuses when anything already exists.
func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else {
    fail("usage: swift package --allow-writing-to-package-directory new-kind <Name>", status: 64)
}
let root = URL(fileURLWithPath: arguments[0])
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
    let updated = try KindScaffold.addingModule(name.moduleName, to: manifest)
    for file in KindScaffold.files(for: name) {
        let url = root.appendingPathComponent(file.path)
        try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try file.contents.write(to: url, atomically: true, encoding: .utf8)
        print("created \(file.path)")
    }
    try updated.write(to: manifestURL, atomically: true, encoding: .utf8)
    print("added \(name.moduleName) to kindModules in Package.swift")
    print("next: swift build, then `swift run search --list-kinds` shows '\(name.memberName)'")
} catch let error as ScaffoldError {
    fail(error.description)
} catch {
    fail("\(error)")
}
