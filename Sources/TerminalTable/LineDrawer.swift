import RawBytes

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
    let vertical: [UInt8]?
    /// What separates two render columns: two spaces, or ` | `.
    let columnSeparator: [UInt8]

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

    /// Appends a rule of dashes under each column, for the plain style.
    func dashedRule(into output: inout [UInt8]) {
        guard border == .plain, !widths.isEmpty else { return }
        let line = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        output.append(contentsOf: line.utf8)
        output.append(0x0A)
    }

    /// Appends `height` lines of `slots`, each ending with a line feed.
    func draw(_ slots: [Slot], height: Int, into output: inout [UInt8]) {
        var line = ByteBuffer(capacity: widths.reduce(0, +) + 64)
        var lines = ByteBuffer(capacity: height * (widths.reduce(0, +) + 64))
        draw(slots, height: height, line: &line, into: &lines)
        lines.withBytes(0..<lines.count) { output.append(copying: $0) }
    }

    /// Appends `height` lines of `slots`, each made in `line` (empty, and
    /// left empty) and then appended to `output`.
    func draw(_ slots: [Slot], height: Int, line: inout ByteBuffer, into output: inout ByteBuffer) {
        for index in 0..<height {
            startLine(into: &line)
            for (position, slot) in slots.enumerated() {
                if position > 0 { separate(insideRegion: slot.insideRegion, into: &line) }
                write(slot.lines[index], style: slot.style, width: slot.width, alignment: slot.alignment, into: &line)
                line.appendSpaces(slot.trailing)
            }
            endLine(&line, into: &output)
        }
    }

    /// Starts a line: the left border, if any.
    @inline(__always)
    func startLine(into line: inout ByteBuffer) {
        if let vertical {
            line.append(vertical)
            line.append(0x20)
        }
    }

    /// Separates two cells of a line: two spaces inside the details region,
    /// else the column separator.
    @inline(__always)
    func separate(insideRegion: Bool, into line: inout ByteBuffer) {
        if insideRegion {
            line.appendSpaces(2)
        } else {
            line.append(columnSeparator)
        }
    }

    /// Ends a line: the right border, or else no trailing spaces; then a
    /// line feed. The line goes to `output` in one copy, and `line` is
    /// emptied.
    @inline(__always)
    func endLine(_ line: inout ByteBuffer, into output: inout ByteBuffer) {
        if let vertical {
            line.append(0x20)
            line.append(vertical)
        } else {
            line.trimTrailingSpaces()
        }
        line.append(0x0A)
        output.append(line)
        line.removeAll()
    }

    /// Whether ``endLine(_:into:)`` drops the spaces that end a line (no right
    /// border): padding written last is then not worth writing.
    var trimsTrailingSpaces: Bool { vertical == nil }

    /// Appends a fitted line padded to `width`, in `style` with its highlights
    /// emphasised when colour is on.
    func write(_ line: FittedLine, style: CellStyle, width: Int, alignment: Alignment, into output: inout ByteBuffer) {
        let padding = max(0, width - line.width)
        if alignment == .right { output.appendSpaces(padding) }
        if !color || line.text.isEmpty || (style == .plain && line.highlights.isEmpty) {
            output.append(line.text)
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
        if alignment == .left { output.appendSpaces(padding) }
    }

    private static func styled(_ text: String, _ style: CellStyle, emphasized: Bool, into output: inout ByteBuffer) {
        var parameters = style.sgrParameter ?? ""
        // A match is bold and underlined; a bold style needs only the underline.
        if emphasized { parameters += style == .bold ? ";4" : parameters.isEmpty ? "1;4" : ";1;4" }
        guard !parameters.isEmpty else {
            output.append(text)
            return
        }
        output.append(TerminalText.sgr(parameters))
        output.append(text)
        output.append(TerminalText.reset)
    }
}
