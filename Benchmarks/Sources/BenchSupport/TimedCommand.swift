/// A command to time as a whole process, with the label the report shows.
public struct TimedCommand: Sendable {
    /// What the report shows, e.g. `rg -i coffee FILE | wc -l`.
    public var label: String
    /// The program's path and its arguments.
    public var arguments: [String]

    /// A command shown as `label` that runs `arguments`.
    public init(label: String, arguments: [String]) {
        self.label = label
        self.arguments = arguments
    }

    /// A shell pipeline run through `/bin/sh -c`, shown as `label`.
    public static func shell(_ command: String, label: String) -> TimedCommand {
        TimedCommand(label: label, arguments: Shell.arguments(command))
    }
}
