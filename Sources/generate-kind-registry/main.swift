import Foundation
import KindCodegen

// Usage: generate-kind-registry OUTPUT MODULE...
// Writes the registration source; leaves the file untouched when unchanged.
let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: generate-kind-registry OUTPUT MODULE...\n".utf8))
    exit(64)
}
let source = RegistrySource.generate(modules: Array(arguments.dropFirst()))
let url = URL(fileURLWithPath: output)
if (try? String(contentsOf: url, encoding: .utf8)) != source {
    do {
        try source.write(to: url, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("error: cannot write \(output): \(error)\n".utf8))
        exit(1)
    }
}
