import BenchSupport
import Glibc

do {
    try SearchBench(arguments: Array(CommandLine.arguments.dropFirst())).run()
} catch {
    StandardError.line("error: \(error)")
    exit(2)
}
