#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about the terminal a program writes to.
///
/// Only a program's entry point should ask; code that renders takes the width
/// as a parameter.
public enum Terminal {
    /// The width in columns of the terminal behind `fd` (TIOCGWINSZ).
    /// - Parameter fd: A file descriptor, such as `STDOUT_FILENO`.
    /// - Returns: The number of columns, or `nil` when `fd` is not a terminal or
    ///   reports no size.
    public static func columns(ofFileDescriptor fd: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The height in lines of the terminal behind `fd` (TIOCGWINSZ).
    /// - Parameter fd: A file descriptor, such as `STDOUT_FILENO`.
    /// - Returns: The number of lines, or `nil` when `fd` is not a terminal or
    ///   reports no size.
    package static func lines(ofFileDescriptor fd: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }

    /// Whether `fd` is a terminal.
    /// - Parameter fd: A file descriptor, such as `STDOUT_FILENO`.
    public static func isTerminal(_ fd: Int32) -> Bool {
        isatty(fd) == 1
    }

    /// The width output should fit: `requested` (`--width`), else the terminal's
    /// width, else a positive `COLUMNS` from `environment`, else `nil` (no limit;
    /// piped output is never cut to 80 columns).
    /// - Parameters:
    ///   - requested: An explicit width, such as from `--width`.
    ///   - terminalColumns: ``columns(ofFileDescriptor:)`` of the output.
    ///   - environment: The process environment.
    public static func outputWidth(requested: Int?, terminalColumns: Int?, environment: [String: String]) -> Int? {
        if let requested { return requested }
        if let terminalColumns { return terminalColumns }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        return nil
    }
}
