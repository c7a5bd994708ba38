/// A line of output as runs of text with their style, coloured only when it is
/// turned into a string, after layout.
struct StyledLine {
    /// A run of text with one style.
    private struct Span {
        var text: String
        var style: CellStyle
        var emphasized: Bool
    }

    private var spans: [Span] = []

    /// Appends unstyled text, such as padding or a border.
    mutating func append(_ text: String) {
        guard !text.isEmpty else { return }
        spans.append(Span(text: text, style: .plain, emphasized: false))
    }

    /// Appends every run of `other`.
    mutating func append(contentsOf other: StyledLine) {
        spans += other.spans
    }

    /// Appends `count` spaces.
    mutating func pad(_ count: Int) {
        if count > 0 { append(String(repeating: " ", count: count)) }
    }

    /// Appends a fitted line in `style`, with its highlights emphasised when
    /// `color` is on, padded to `width` according to `alignment`.
    mutating func append(_ line: FittedLine, style: CellStyle, width: Int, alignment: Alignment, color: Bool) {
        let padding = max(0, width - line.width)
        if alignment == .right { pad(padding) }
        if color && !line.highlights.isEmpty {
            appendHighlighted(line, style: style)
        } else if !line.text.isEmpty {
            spans.append(Span(text: line.text, style: style, emphasized: false))
        }
        if alignment == .left { pad(padding) }
    }

    private mutating func appendHighlighted(_ line: FittedLine, style: CellStyle) {
        var run = ""
        var runEmphasized = false
        for (offset, character) in line.text.enumerated() {
            let emphasized = line.highlights.contains { $0.contains(offset) }
            if emphasized != runEmphasized && !run.isEmpty {
                spans.append(Span(text: run, style: style, emphasized: runEmphasized))
                run = ""
            }
            runEmphasized = emphasized
            run.append(character)
        }
        if !run.isEmpty {
            spans.append(Span(text: run, style: style, emphasized: runEmphasized))
        }
    }

    /// The line as a string, with SGR codes when `color` is on, and without
    /// trailing spaces when `trimTrailingSpaces` is set.
    func rendered(color: Bool, trimTrailingSpaces: Bool) -> String {
        var spans = spans
        if trimTrailingSpaces {
            while let last = spans.last, last.text.last == " " {
                let trimmed = String(last.text.reversed().drop { $0 == " " }.reversed())
                if trimmed.isEmpty {
                    spans.removeLast()
                } else {
                    spans[spans.count - 1].text = trimmed
                    break
                }
            }
        }
        var result = ""
        for span in spans {
            var parameters: [String] = []
            if color {
                if let parameter = span.style.sgrParameter { parameters.append(parameter) }
                if span.emphasized { parameters.append("1;4") }
            }
            if parameters.isEmpty {
                result += span.text
            } else {
                result += TerminalText.sgr(parameters.joined(separator: ";")) + span.text + TerminalText.reset
            }
        }
        return result
    }
}
