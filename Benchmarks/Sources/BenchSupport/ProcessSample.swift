/// What one run of a child process measured.
public struct ProcessSample: Sendable {
    /// Wall time from spawn to exit.
    public var seconds: Double
    /// Wall time from spawn to the first byte on stdout, when it was watched.
    public var firstOutputSeconds: Double?
    /// CPU time in user mode, the process and the children it waited for.
    public var userSeconds: Double
    /// CPU time in the kernel, likewise.
    public var systemSeconds: Double
    /// The largest resident set of the process or of any child it waited for, in KiB.
    public var peakRSSKiB: Int
    /// The exit status, or 128 + the signal that ended it.
    public var exitStatus: Int32

    /// A sample of these measures.
    public init(
        seconds: Double, firstOutputSeconds: Double?, userSeconds: Double, systemSeconds: Double, peakRSSKiB: Int,
        exitStatus: Int32
    ) {
        self.seconds = seconds
        self.firstOutputSeconds = firstOutputSeconds
        self.userSeconds = userSeconds
        self.systemSeconds = systemSeconds
        self.peakRSSKiB = peakRSSKiB
        self.exitStatus = exitStatus
    }
}
