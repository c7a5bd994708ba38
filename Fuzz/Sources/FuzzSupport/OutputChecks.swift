import StreamingJSON
public import TerminalTable

/// The properties every rendered output must have, checked with ``Invariant``.
public enum OutputChecks {
    /// Checks a table rendered with colour off.
    ///
    /// No line holds a control character; framed lines all have the same
    /// display width (frame by frame, for sections); and when `fitWidth` is given, no line is wider.
    /// - Parameters:
    ///   - text: The rendered table.
    ///   - border: The border it was rendered with.
    ///   - fitWidth: The width every line must fit, or `nil` to skip that check
    ///     (no limit, or a limit too narrow for the columns that must be kept).
    ///   - checkFrame: Whether to check that framed lines are equally wide.
    public static func table(_ text: String, border: BorderStyle, fitWidth: Int?, checkFrame: Bool = true) {
        if let control = TerminalSafety.firstControl(in: text) {
            Invariant.fail(
                "control U+\(String(control, radix: 16)) in table output: \(text.debugDescription)")
        }
        Invariant.require(text.isEmpty || text.hasSuffix("\n"), "the table does not end with a line feed")
        var frameWidth: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let width = DisplayWidth.of(line)
            if let fitWidth {
                Invariant.require(
                    width <= fitWidth, "a line \(width) wide exceeds \(fitWidth): \(line.debugDescription)")
            }
            guard checkFrame, border != .plain, isFrameLine(line) else {
                // A section title or the blank line between sections: the next frame may differ.
                frameWidth = nil
                continue
            }
            if let frameWidth {
                Invariant.require(width == frameWidth, "framed lines \(frameWidth) and \(width) wide: \(text)")
            } else {
                frameWidth = width
            }
        }
    }

    /// Whether `line` belongs to a frame rather than a section title: it
    /// starts and ends with a border character (a title may start with one,
    /// as a kind named `+lace` does, but ends with its count in parentheses).
    private static func isFrameLine(_ line: Substring) -> Bool {
        guard let first = line.first, let last = line.last else { return false }
        return "+|╭│├╰".contains(first) && "+|╮│┤╯".contains(last)
    }

    /// Checks that `text` is one JSON document or, with `lines`, one per line.
    /// - Parameters:
    ///   - text: JSON output.
    ///   - lines: Whether `text` is NDJSON.
    public static func json(_ text: String, lines: Bool = false) {
        let documents = lines ? text.split(separator: "\n").map(String.init) : [text]
        for document in documents {
            do {
                _ = try JSONParser().parse(document)
            } catch {
                Invariant.fail("output JSON does not parse (\(error)): \(document.debugDescription)")
            }
        }
    }
}
