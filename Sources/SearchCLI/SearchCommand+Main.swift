public import ResultKit

extension SearchCommand {
    /// Runs `search` as this process and ends it, the whole of an executable's `main.swift`: sets up memory for
    /// one search, then runs with the process's arguments and environment on the standard console, reading large
    /// files in place, and exits with the command's status.
    /// - Parameter kinds: The kinds to register, usually `registeredKinds` from the RegisterKinds build plugin;
    ///   made after memory is set up.
    public static func main(kinds: @autoclosure () -> [ResultKind]) -> Never {
        tuneAllocatorForOneSearch()
        let status = run(
            arguments: ProcessArguments.current,
            environment: ProcessEnvironment.current,
            console: .standard(),
            kinds: kinds(),
            readsFilesInPlace: true
        )
        exitProcess(status)
    }
}
