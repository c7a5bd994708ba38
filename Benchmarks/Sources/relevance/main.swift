import BenchSupport
import Glibc

do {
    try RelevanceBench(arguments: Array(CommandLine.arguments.dropFirst())).run()
} catch {
    StandardError.line("error: \(error)")
    exit(2)
}
