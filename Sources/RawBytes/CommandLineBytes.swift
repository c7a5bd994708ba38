#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's arguments as the system gave them: bytes, which need not be
/// UTF-8 (a file name is any bytes but `/` and NUL).
package enum CommandLineBytes {
    /// The bytes of each argument after the program's name.
    package static func arguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            unsafe CommandLine.unsafeArgv[index].map { argument in
                unsafe Array(UnsafeBufferPointer(start: argument, count: strlen(argument)))
                    .map { UInt8(bitPattern: $0) }
            }
        }
    }
}
