import BenchSupport
import Glibc

do {
    try InteractiveBench(arguments: Array(CommandLine.arguments.dropFirst())).run()
} catch {
    StandardError.line("error: \(error)")
    exit(2)
}
