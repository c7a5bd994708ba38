/// The runs of one command and what its last run printed.
public struct Measurement: Sendable {
    /// The command.
    public var command: TimedCommand
    /// Every counted run, in order.
    public var samples: [ProcessSample]
    /// The start of the last run's stdout (at most 64 KiB).
    public var stdout: String
    /// The start of the last run's stderr (at most 64 KiB).
    public var stderr: String
    /// Lines in the last run's whole stdout.
    public var stdoutLines: Int

    /// A measurement of `command`.
    public init(command: TimedCommand, samples: [ProcessSample], stdout: String, stderr: String, stdoutLines: Int) {
        self.command = command
        self.samples = samples
        self.stdout = stdout
        self.stderr = stderr
        self.stdoutLines = stdoutLines
    }

    /// Wall times.
    public var wall: Summary? { Summary(samples.map(\.seconds)) }

    /// CPU times, user and system, of the process and the children it waited for.
    public var cpu: Summary? { Summary(samples.map { $0.userSeconds + $0.systemSeconds }) }

    /// The largest peak RSS over the runs, in KiB.
    public var peakRSSKiB: Int { samples.map(\.peakRSSKiB).max() ?? 0 }

    /// The exit statuses that differ from `expected`, or empty when all match.
    public func unexpectedStatuses(expected: Set<Int32>) -> [Int32] {
        samples.map(\.exitStatus).filter { !expected.contains($0) }
    }
}
