import FuzzSupport
import SearchCLI

/// Parses the input as a command line of `search`.
///
/// The input is split at NUL bytes into arguments (as `argv` arrives, with
/// invalid UTF-8 repaired as `CommandLine.arguments` does). Properties: no
/// crash and no trap, whatever numbers or names are given; a refused command
/// line gets the usage error block (`error: …`, the usage line, the hint);
/// and that block holds no control but the line feed, whatever the input
/// held, so that no option value reaches the terminal raw.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOptionParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(32).map {
        String(decoding: $0, as: UTF8.self)
    }
    guard let message = SearchCommand.usageMessage(for: arguments) else { return 0 }
    Invariant.require(
        message.hasPrefix("error: "), "a usage error not starting with 'error: ': \(message.debugDescription)")
    Invariant.require(
        message.hasSuffix("  See 'search --help' for more information.\n"),
        "a usage error without its hint: \(message.debugDescription)")
    if let control = TerminalSafety.firstControl(in: message) {
        Invariant.fail("control U+\(String(control, radix: 16)) in a usage error: \(message.debugDescription)")
    }
    Invariant.require(
        SearchCommand.usageMessage(for: arguments) == message, "the same command line gave two messages")
    return 0
}
