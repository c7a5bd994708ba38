/// Writes the lines of a table whose column widths are settled, straight into
/// the output: cells padded to their widths, separated by two spaces (plain)
/// or framed (ascii, rounded), with colour added only as text is written.
struct LineDrawer {
    /// Which horizontal rule to draw.
    enum Rule {
        case top
        case separator
        case bottom
    }

    /// One cell of a line: a render column, or a detail column inside the region.
    struct Slot {
        /// The cell's lines, one per line of the row.
        var lines: [FittedLine]
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

    private static let spaces = String(repeating: " ", count: 256)

    /// Appends a horizontal rule and a line feed, unless the style is plain.
    func rule(_ rule: Rule, into output: inout String) {
        guard let glyphs = border.glyphs, !widths.isEmpty else { return }
        let joints =
            switch rule {
            case .top: glyphs.top
            case .separator: glyphs.separator
            case .bottom: glyphs.bottom
            }
        output.append(joints.left)
        for (index, width) in widths.enumerated() {
            if index > 0 { output.append(joints.middle) }
            output += String(repeating: glyphs.horizontal, count: width + 2)
        }
        output.append(joints.right)
        output.append("\n")
    }

    /// Appends `height` lines of `slots`, each ending with a line feed.
    func draw(_ slots: [Slot], height: Int, into output: inout String) {
        let vertical = border.glyphs.map { String($0.vertical) }
        let columnSeparator = vertical.map { " " + $0 + " " } ?? "  "
        for line in 0..<height {
            if let vertical {
                output += vertical
                output += " "
            }
            for (index, slot) in slots.enumerated() {
                if index > 0 { output += slot.insideRegion ? "  " : columnSeparator }
                let fitted = line < slot.lines.count ? slot.lines[line] : .blank
                write(fitted, style: slot.style, width: slot.width, alignment: slot.alignment, into: &output)
                Self.pad(slot.trailing, into: &output)
            }
            if let vertical {
                output += " "
                output += vertical
            } else {
                while output.utf8.last == 0x20 {
                    output.removeLast()
                }
            }
            output += "\n"
        }
    }

    /// Appends `count` spaces.
    static func pad(_ count: Int, into output: inout String) {
        var remaining = count
        while remaining > 0 {
            let chunk = min(remaining, spaces.utf8.count)
            output += spaces.utf8.count == chunk ? spaces[...] : spaces.prefix(chunk)
            remaining -= chunk
        }
    }

    /// Appends a fitted line padded to `width`, in `style` with its highlights
    /// emphasised when colour is on.
    func write(_ line: FittedLine, style: CellStyle, width: Int, alignment: Alignment, into output: inout String) {
        let padding = max(0, width - line.width)
        if alignment == .right { Self.pad(padding, into: &output) }
        if !color || line.text.isEmpty || (style == .plain && line.highlights.isEmpty) {
            output += line.text
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

    private static func styled(_ text: String, _ style: CellStyle, emphasized: Bool, into output: inout String) {
        var parameters = style.sgrParameter ?? ""
        if emphasized { parameters += parameters.isEmpty ? "1;4" : ";1;4" }
        guard !parameters.isEmpty else {
            output += text
            return
        }
        output += TerminalText.sgr(parameters)
        output += text
        output += TerminalText.reset
    }
}
