import RawBytes
import ResultKit
import StreamingJSON
import TerminalTable

/// The one gate every byte `search` prints passes through, to standard output
/// or standard error: nothing else calls the ``Console``'s writers, and only
/// the console calls `write(2)` (a test greps the sources for any other way
/// out).
///
/// The renderers already show data's controls in a visible notation fit for
/// their format; the gate is the guarantee behind them, so that a renderer's
/// slip or an unforeseen path (an option's value echoed in an error, a file
/// name) still cannot drive the terminal:
/// - Standard error carries messages: every control but the line feed is
///   made visible as ``TerminalText/sanitize(_:)`` does (`ESC` as `^[`).
/// - Standard output carries results. To a terminal, the line feed and the
///   tab pass, a carriage return passes only before a line feed (a CRLF line
///   end), an escape passes only as an SGR colour sequence and only while
///   colour is on, and every other C0 or C1 control, and DEL, is made
///   visible. To anything else (a pipe, a file), a program reads the
///   results: every control passes, so that CSV and TSV carry the data
///   exactly (an RFC 4180 field may hold any character). Either way invalid
///   UTF-8 becomes U+FFFD. Bidi controls pass: JSON keeps them as text, and
///   the table shows them visibly itself.
struct Output {
    let console: Console
    /// Whether SGR colour sequences may reach standard output.
    var allowsColor = false
    /// Whether the reader of standard output went away (EPIPE).
    private(set) var readerGone = false
    /// Why writing standard output failed, other than a reader gone.
    private(set) var failure: String?
    /// Results held back until they are known to fit the terminal, or not.
    private var held: HeldResults?
    /// Whether standard output goes to a pager.
    private(set) var paging = false

    init(console: Console) {
        self.console = console
    }

    /// Whether writing stopped, for a reader gone or a failure.
    var stopped: Bool { readerGone || failure != nil }

    /// Writes results to standard output.
    mutating func print(_ text: String) {
        guard !stopped else { return }
        var text = text
        text.makeContiguousUTF8()
        let safe = OutputFilter.safeBytes(text.utf8.span, policy: policy)
        if held != nil {
            hold(safe ?? Array(text.utf8))
        } else if let safe {
            note(console.writeOutputBytes(safe))
        } else {
            note(console.writeOutput(text))
        }
    }

    /// Writes results, as UTF-8 bytes, to standard output.
    mutating func print(utf8 bytes: [UInt8]) {
        print(check(bytes))
    }

    /// Bytes for standard output that passed the gate's check.
    struct Checked: Sendable {
        fileprivate let bytes: [UInt8]
    }

    /// The gate's check of results for standard output, for bytes made on
    /// other threads: what it gives is written as it is by ``print(_:)``.
    var check: @Sendable ([UInt8]) -> Checked {
        let policy = policy
        return { bytes in
            Checked(bytes: OutputFilter.safeBytes(bytes.span, policy: policy) ?? bytes)
        }
    }

    /// Writes results that passed ``check`` to standard output.
    mutating func print(_ checked: Checked) {
        guard !stopped else { return }
        if held != nil { return hold(checked.bytes) }
        note(console.writeOutputBytes(checked.bytes))
    }

    // MARK: Paging

    /// Results held back while they may yet fit the terminal: the bytes,
    /// and the lines they take on it.
    private struct HeldResults {
        let command: String
        let environment: [String: String]
        /// The terminal's size.
        let lines: Int
        let columns: Int
        var bytes: [UInt8] = []
        /// The lines the held bytes end, each as many as it wraps onto.
        var taken = 0
        /// The characters (scalars) on the line not yet ended.
        var column = 0

        mutating func add(_ more: [UInt8]) {
            bytes += more
            for byte in more where taken < lines {
                if byte == 0x0A {
                    taken += 1 + max(0, column - 1) / max(1, columns)
                    column = 0
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
        }
    }

    /// From now on, holds the results back until they take as many lines
    /// as the terminal has, then sends them, and the rest, through the
    /// pager `command`; results that fit are written when ``finishResults(trailer:)``
    /// says they are all written.
    mutating func pageWhenTaller(command: String, environment: [String: String], lines: Int, columns: Int) {
        held = HeldResults(command: command, environment: environment, lines: lines, columns: columns)
    }

    private mutating func hold(_ bytes: [UInt8]) {
        guard var results = held else { return }
        held = nil
        results.add(bytes)
        if results.taken >= results.lines {
            startPager(results)
        } else {
            held = results
        }
    }

    private mutating func startPager(_ results: HeldResults) {
        paging = console.startPager(results.command, results.environment)
        note(console.writeOutputBytes(results.bytes))
    }

    /// The results are all written: writes those held back, through the
    /// pager when they and the `trailer` lines (what is said about them)
    /// are taller than the terminal. Returns whether the trailer went into
    /// the pager, last, in which case it is not to be said elsewhere.
    mutating func finishResults(trailer: [String]) -> Bool {
        if let results = held {
            held = nil
            guard results.taken + trailer.count >= results.lines else {
                if !results.bytes.isEmpty, !stopped { note(console.writeOutputBytes(results.bytes)) }
                return false
            }
            startPager(results)
        }
        guard paging else { return false }
        for line in trailer { print(line) }
        return true
    }

    /// Waits for the pager to quit, after the last results: its exit
    /// status, or `nil` when none ran.
    func closePager() -> Int32? {
        paging ? console.finishPager() : nil
    }

    /// Writes a message (an error, a warning, statistics) to standard error,
    /// with every control but the line feed made visible. Data quoted in a
    /// message is sanitised where the message is made, line feeds included,
    /// so that it cannot start a line that looks like a message.
    func error(_ text: String) {
        console.writeError(Self.sanitizedMessage(text))
    }

    /// A warning or error about the input, with data made safe to print.
    func diagnostic(_ diagnostic: Diagnostic) {
        // One line: a line feed in the data is shown as ^J, so that it cannot
        // forge a message of its own.
        error(TerminalText.sanitize(diagnostic.description) + "\n")
    }

    /// `text` with every control but the line feed made visible.
    static func sanitizedMessage(_ text: String) -> String {
        // By scalars: "\r\n" is one Character, and its CR must be shown.
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.sanitize(String(String.UnicodeScalarView($0))) }
            .joined(separator: "\n")
    }

    private var policy: OutputFilter.Policy {
        OutputFilter.Policy(allowsColor: allowsColor, rawControls: !console.outputIsTerminal)
    }

    private mutating func note(_ outcome: WriteOutcome) {
        switch outcome {
        case .written: break
        case .readerGone: readerGone = true
        case .failed(let reason): failure = reason
        }
    }
}

/// The byte-level check of standard output described at ``Output``.
enum OutputFilter {
    struct Policy: Sendable {
        var allowsColor: Bool
        /// Whether every control passes as it is: output that is not a terminal.
        var rawControls: Bool
    }

    /// The longest SGR parameter list let through (`ESC [ 1;38;5;208 m` and the like).
    static let maxSGRParameterBytes = 32

    /// `nil` when `bytes` may be written as they are (the usual case, checked
    /// without copying); else the bytes with every unsafe one made visible.
    static func safeBytes(_ bytes: Span<UInt8>, policy: Policy) -> [UInt8]? {
        guard let first = firstUnsafeIndex(bytes, policy: policy) else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + 16)
        out.append(copying: bytes.extracting(..<first))
        // The rest, scalar by scalar, invalid UTF-8 repaired as U+FFFD.
        let rest = Array(String(decodingUTF8: bytes.extracting(first...)).unicodeScalars)
        var index = 0
        while index < rest.count {
            let scalar = rest[index]
            switch scalar.value {
            case 0x0A, 0x09:
                out.append(UInt8(scalar.value))
            case 0x00...0x1F where policy.rawControls, 0x7F...0x9F where policy.rawControls:
                out.append(contentsOf: String(scalar).utf8)
            case 0x0D where policy.rawControls || (index + 1 < rest.count && rest[index + 1] == "\n"):
                out.append(0x0D)
            case 0x1B where policy.allowsColor:
                let length = sgrLength(rest[index...].lazy.map { $0.value < 0x80 ? UInt8($0.value) : 0xFF })
                if length > 0 {
                    for scalar in rest[index..<(index + length)] { out.append(UInt8(scalar.value)) }
                    index += length
                    continue
                }
                out.append(contentsOf: TerminalText.sanitize(String(scalar)).utf8)
            case 0x00...0x1F, 0x7F...0x9F:
                out.append(contentsOf: TerminalText.sanitize(String(scalar)).utf8)
            default:
                out.append(contentsOf: String(scalar).utf8)
            }
            index += 1
        }
        return out
    }

    /// The index of the first byte the policy does not let through as it is.
    static func firstUnsafeIndex(_ bytes: Span<UInt8>, policy: Policy) -> Int? {
        let count = bytes.count
        var index = 0
        while index < count {
            // Eight bytes at a time that are printable ASCII or line feeds
            // (a table's lines), which pass as they are; else on to the
            // first byte that is not, for the rules below.
            if index + 8 <= count {
                let word = bytes.loadUInt64(at: index)
                let stopped = notPassed(word)
                if stopped == 0 {
                    index += 8
                    continue
                }
                index += stopped.trailingZeroBitCount >> 3
            }
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F {
                index += 1
                continue
            }
            switch byte {
            case 0x0A, 0x09:
                index += 1
            case 0x0D:
                guard policy.rawControls || (index + 1 < count && bytes[index + 1] == 0x0A) else { return index }
                index += 1
            case 0x1B where policy.rawControls:
                index += 1
            case 0x1B:
                guard policy.allowsColor else { return index }
                let length = sgrLength(bytes, from: index)
                guard length > 0 else { return index }
                index += length
            case 0xC2:
                // U+0080–U+009F (C1 controls) are C2 80–C2 9F.
                let lowest: UInt8 = policy.rawControls ? 0x80 : 0xA0
                guard index + 1 < count, (lowest...0xBF).contains(bytes[index + 1]) else { return index }
                index += 2
            case 0xE1...0xEC, 0xEE, 0xEF:
                // Three bytes (★, –, most CJK): after these leads any two
                // continuation bytes make a scalar, and none is a control
                // (the rule `UTF8Sequence.length` applies, without the call).
                guard index + 2 < count, bytes[index + 1] & 0xC0 == 0x80, bytes[index + 2] & 0xC0 == 0x80 else {
                    return index
                }
                index += 3
            case 0xC3...0xF4:
                guard let length = UTF8Sequence.length(in: bytes, at: index) else { return index }
                index += length
            case 0x00...0x1F where policy.rawControls, 0x7F where policy.rawControls:
                index += 1
            default:
                // Other C0 controls, DEL, stray continuation bytes, C0, C1 and F5–FF.
                return index
            }
        }
        return nil
    }

    /// Whether each of the eight bytes of `word` is printable ASCII
    /// (0x20–0x7E) or a line feed. Each byte is tested on its own (no carry
    /// crosses from one byte to the next), so the answer is exact.
    @inline(__always)
    static func passesAsIs(_ word: UInt64) -> Bool {
        notPassed(word) == 0
    }

    /// The high bit of each byte of `word` that is neither printable ASCII
    /// nor a line feed (any other bits are clear), as ``passesAsIs(_:)`` tests.
    @inline(__always)
    static func notPassed(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let seven: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let low = word & seven
        // The high bit of each byte: set where the byte's low seven bits are 0x20 or more.
        let printable = low &+ 0x6060_6060_6060_6060
        // Set where the byte is 0x0A, and where it is 0x7F (DEL).
        let feed = word ^ 0x0A0A_0A0A_0A0A_0A0A
        let isFeed = ~(((feed & seven) &+ seven) | feed)
        let delete = word ^ seven
        let isDelete = ~(((delete & seven) &+ seven) | delete)
        // Not passed: a byte of 0x80 or more, a control other than the line feed, DEL.
        return (word | ~(printable | isFeed) | isDelete) & high
    }

    /// The length of the SGR sequence (`ESC [`, digits and semicolons, `m`)
    /// that `bytes` starts with, or 0 when it starts with none.
    static func sgrLength(_ bytes: some Collection<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        return sgrLength { iterator.next() }
    }

    /// ``sgrLength(_:)`` of the bytes of `bytes` from `start`.
    static func sgrLength(_ bytes: Span<UInt8>, from start: Int) -> Int {
        var index = start
        return sgrLength {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }
    }

    /// ``sgrLength(_:)`` of the bytes that `next` gives one by one (`nil`
    /// at their end).
    private static func sgrLength(_ next: () -> UInt8?) -> Int {
        guard next() == 0x1B, next() == UInt8(ascii: "[") else { return 0 }
        var length = 2
        while let byte = next(), length <= maxSGRParameterBytes + 2 {
            length += 1
            if byte == UInt8(ascii: "m") { return length }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ";") else { return 0 }
        }
        return 0
    }
}
