import RawBytes
import ResultKit

/// Where in its file a record's bytes lie, for messages about them: a
/// message located within the bytes (as a parser locates it) is moved to
/// the line and column it has in the file.
enum ElementPlacement {
    /// The location in the file of byte `offset` of `bytes`, which start at `start`.
    static func locate(offset: Int, in bytes: Span<UInt8>, startingAt start: SourceLocation) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        var line = start.line
        var lineStart = 0
        var position = 0
        while position < offset, let hit = bytes.firstIndex(of: 0x0A, in: position..<offset) {
            position = hit + 1
            line += 1
            lineStart = position
        }
        let column = line == start.line ? (start.column ?? 1) + offset : offset - lineStart + 1
        return SourceLocation(file: start.file, line: line, column: column)
    }

    /// `diagnostic` moved from a location within `bytes` (its line and a
    /// column counted from their start, as the line path reports) to the
    /// place in the file; other diagnostics are kept as they are.
    static func relocate(_ diagnostic: Diagnostic, in bytes: Span<UInt8>, startingAt start: SourceLocation)
        -> Diagnostic
    {
        guard let location = diagnostic.location, location.line == start.line, let column = location.column else {
            return diagnostic
        }
        var moved = diagnostic
        moved.location = locate(offset: column - 1, in: bytes, startingAt: start)
        return moved
    }
}
