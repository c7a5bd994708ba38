public import ResultKit
import StreamingJSON

/// What one line of NDJSON is, decided in one place for every route: the
/// reader's line by line pass, the search's line path and the parallel file
/// reader's blocks all ask ``classify(_:isFirstLine:maxLineBytes:)->NDJSONLineRule.Extent``, and
/// report what it finds with the diagnostics here, so that the routes cannot
/// drift apart in what they count or say.
///
/// - An over-long line is one record skipped, with a located warning.
/// - A blank line (spaces and tabs only) is nothing: not counted, not reported.
/// - Any other line is one record's content, without the byte-order mark a
///   file's first line may start with; it is a record when it parses as a
///   JSON object, else one record skipped with a located warning.
public enum NDJSONLineRule {
    /// What a line is.
    public enum Verdict {
        /// Longer than the cap: skipped, with ``overLong(at:maxLineBytes:)``.
        case overLong
        /// Only spaces and tabs: skipped silently.
        case blank
        /// The content to parse.
        case content(UnsafeRawBufferPointer)
    }

    /// What a line is, with its content as a range of its bytes.
    public enum Extent: Equatable {
        /// Longer than the cap: skipped, with ``overLong(at:maxLineBytes:)``.
        case overLong
        /// Only spaces and tabs: skipped silently.
        case blank
        /// Where the content to parse lies in the line.
        case content(Range<Int>)
    }

    /// Classifies one line, given without its line break.
    /// - Parameters:
    ///   - line: The line's bytes, without `\n` (and a `\r` before it).
    ///   - isFirstLine: Whether it is its file's first, which a byte-order mark may start.
    ///   - maxLineBytes: The longest line read.
    @inline(__always)
    public static func classify(_ line: Span<UInt8>, isFirstLine: Bool, maxLineBytes: Int) -> Extent {
        let count = line.count
        guard count <= maxLineBytes else { return .overLong }
        var start = 0
        if isFirstLine, count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF { start = 3 }
        // A line that holds anything but spaces and tabs is content: its
        // first byte settles it nearly always (most lines start with `{`).
        var index = start
        while index < count {
            let byte = line[index]
            if byte != 0x20, byte != 0x09 { return .content(start..<count) }
            index &+= 1
        }
        return .blank
    }

    /// ``classify(_:isFirstLine:maxLineBytes:)-(Span<UInt8>,_,_)`` for a
    /// line lent as a pointer, as the sequential reader and the picker's
    /// index read lines.
    @inline(__always)
    public static func classify(_ line: UnsafeRawBufferPointer, isFirstLine: Bool, maxLineBytes: Int) -> Verdict {
        // The same rule as the span form's, written again over the pointer:
        // lent through the span form, the text-line reader's per-line closure
        // was no longer inlined (+0.6 % instructions on text lines).
        guard line.count <= maxLineBytes else { return .overLong }
        var bytes = line
        if isFirstLine, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = UnsafeRawBufferPointer(rebasing: bytes[3...])
        }
        if let first = bytes.first, first != 0x20, first != 0x09 { return .content(bytes) }
        return bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) ? .blank : .content(bytes)
    }

    /// The record a line's content holds, or `nil` after reporting why it
    /// holds none.
    static func record(
        _ content: UnsafeRawBufferPointer,
        at location: SourceLocation,
        hint: String?,
        parse: (UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue,
        diagnose: (Diagnostic) -> Void
    ) -> Record? {
        do {
            let value = try parse(content)
            guard case .object(let object) = value else {
                diagnose(notAnObject(value, at: location))
                return nil
            }
            return Record(object: object, location: location, kindHint: hint)
        } catch {
            diagnose(malformed(error, at: location))
            return nil
        }
    }

    /// The warning for a line over the cap, which is skipped.
    public static func overLong(at location: SourceLocation, maxLineBytes: Int) -> Diagnostic {
        Diagnostic(
            .warning, "line is longer than --max-line-bytes (\(RecordReader.describe(bytes: maxLineBytes))); skipped",
            at: location)
    }

    /// The warning for a line that is not JSON, at the column of the mistake.
    static func malformed(_ error: JSONParseError, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .warning,
            "malformed JSON: \(error.reason)",
            at: SourceLocation(file: location.file, line: location.line, column: error.offset + 1)
        )
    }

    /// The warning for a record that is valid JSON but not an object.
    static func notAnObject(_ value: JSONValue, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, "expected a JSON object, found \(value.typeName)", at: location)
    }
}
