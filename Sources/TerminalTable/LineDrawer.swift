/// Writes the lines of a table whose column widths are settled, straight into
/// the output bytes: cells padded to their widths, separated by two spaces
/// (plain) or framed (ascii, rounded), with colour added only as text is
/// written.
struct LineDrawer: Sendable {
    /// Which horizontal rule to draw.
    enum Rule {
        case top
        case separator
        case bottom
    }

    /// One cell of a line: a render column, or a detail column inside the region.
    struct Slot {
        /// The cell's lines, one per line of the row.
        var lines: FittedCell
        var style: CellStyle
        var alignment: Alignment
        var width: Int
        /// Whether the slot follows the previous one inside the details region
        /// (two spaces) rather than across a column border.
        var insideRegion = false
        /// Spaces after the slot, which pad the details region to its width.
        var trailing = 0
    }

    /// The widths of the render columns; the last is the details region when
    /// a region is drawn.
    let widths: [Int]
    let border: BorderStyle
    let color: Bool
    /// The UTF-8 of the vertical border glyph, `nil` for plain.
    private let vertical: [UInt8]?
    /// What separates two render columns: two spaces, or ` | `.
    private let columnSeparator: [UInt8]

    init(widths: [Int], border: BorderStyle, color: Bool) {
        self.widths = widths
        self.border = border
        self.color = color
        self.vertical = border.glyphs.map { Array(String($0.vertical).utf8) }
        self.columnSeparator = vertical.map { [0x20] + $0 + [0x20] } ?? [0x20, 0x20]
    }

    /// Appends a horizontal rule and a line feed, unless the style is plain.
    func rule(_ rule: Rule, into output: inout [UInt8]) {
        guard let glyphs = border.glyphs, !widths.isEmpty else { return }
        let joints =
            switch rule {
            case .top: glyphs.top
            case .separator: glyphs.separator
            case .bottom: glyphs.bottom
            }
        var line = String(joints.left)
        for (index, width) in widths.enumerated() {
            if index > 0 { line.append(joints.middle) }
            line += String(repeating: glyphs.horizontal, count: width + 2)
        }
        line.append(joints.right)
        line.append("\n")
        output.append(contentsOf: line.utf8)
    }

    /// Appends `height` lines of `slots`, each ending with a line feed.
    func draw(_ slots: [Slot], height: Int, into output: inout [UInt8]) {
        for line in 0..<height {
            startLine(into: &output)
            for (index, slot) in slots.enumerated() {
                if index > 0 { separate(insideRegion: slot.insideRegion, into: &output) }
                write(slot.lines[line], style: slot.style, width: slot.width, alignment: slot.alignment, into: &output)
                Self.pad(slot.trailing, into: &output)
            }
            endLine(into: &output)
        }
    }

    /// Starts a line: the left border, if any.
    func startLine(into output: inout [UInt8]) {
        if let vertical {
            output.append(contentsOf: vertical)
            output.append(0x20)
        }
    }

    /// Separates two cells of a line: two spaces inside the details region,
    /// else the column separator.
    func separate(insideRegion: Bool, into output: inout [UInt8]) {
        if insideRegion {
            output.append(0x20)
            output.append(0x20)
        } else {
            output.append(contentsOf: columnSeparator)
        }
    }

    /// Ends a line: the right border, or else no trailing spaces; then a line feed.
    func endLine(into output: inout [UInt8]) {
        if let vertical {
            output.append(0x20)
            output.append(contentsOf: vertical)
        } else {
            let end = output.withUnsafeBufferPointer { bytes in
                var end = bytes.count
                while end > 0 && bytes[end - 1] == 0x20 {
                    end -= 1
                }
                return end
            }
            if end < output.count { output.removeLast(output.count - end) }
        }
        output.append(0x0A)
    }

    /// Whether ``endLine(into:)`` drops the spaces that end a line (no right
    /// border): padding written last is then not worth writing.
    var trimsTrailingSpaces: Bool { vertical == nil }

    /// Appends the UTF-8 of `text` in one copy (appending the UTF-8 view
    /// goes byte by byte).
    static func append(_ text: String, to output: inout [UInt8]) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { output.append(contentsOf: $0) }
        if copied == nil { output.append(contentsOf: text.utf8) }
    }

    /// Appends `count` spaces.
    static func pad(_ count: Int, into output: inout [UInt8]) {
        guard count > 0 else { return }
        // Copied from a run of spaces in the binary: appending a repeated
        // byte goes one byte at a time, and no reference count is shared
        // between the threads that draw.
        spaces.withUTF8Buffer { run in
            var left = count
            while left > 0 {
                let chunk = min(left, run.count)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: run[..<chunk]))
                left -= chunk
            }
        }
    }

    /// What ``pad(_:into:)`` copies from: 64 spaces.
    private static let spaces: StaticString = "                                                                "

    /// Appends a fitted line padded to `width`, in `style` with its highlights
    /// emphasised when colour is on.
    func write(_ line: FittedLine, style: CellStyle, width: Int, alignment: Alignment, into output: inout [UInt8]) {
        let padding = max(0, width - line.width)
        if alignment == .right { Self.pad(padding, into: &output) }
        if !color || line.text.isEmpty || (style == .plain && line.highlights.isEmpty) {
            Self.append(line.text, to: &output)
        } else if line.highlights.isEmpty {
            Self.styled(line.text, style, emphasized: false, into: &output)
        } else {
            var run = ""
            var runEmphasized = false
            for (offset, character) in line.text.enumerated() {
                let emphasized = line.highlights.contains { $0.contains(offset) }
                if emphasized != runEmphasized && !run.isEmpty {
                    Self.styled(run, style, emphasized: runEmphasized, into: &output)
                    run = ""
                }
                runEmphasized = emphasized
                run.append(character)
            }
            Self.styled(run, style, emphasized: runEmphasized, into: &output)
        }
        if alignment == .left { Self.pad(padding, into: &output) }
    }

    private static func styled(_ text: String, _ style: CellStyle, emphasized: Bool, into output: inout [UInt8]) {
        var parameters = style.sgrParameter ?? ""
        if emphasized { parameters += parameters.isEmpty ? "1;4" : ";1;4" }
        guard !parameters.isEmpty else {
            output.append(contentsOf: text.utf8)
            return
        }
        output.append(contentsOf: TerminalText.sgr(parameters).utf8)
        output.append(contentsOf: text.utf8)
        output.append(contentsOf: TerminalText.reset.utf8)
    }
}
