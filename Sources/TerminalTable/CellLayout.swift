/// Fits a cell's text into a column's width and a row's height.
///
/// Text wraps at spaces when it can, else between grapheme clusters (never
/// inside one, never inside a wide character). A row of height N gets exactly N
/// lines: blank lines pad shorter content, and when the content is longer, the
/// last line is cut with `…`.
enum CellLayout {
    /// The ellipsis that marks cut text.
    static let ellipsis = "…"

    /// The lines of `cell` (`nil` draws blank) in a row `height` lines tall,
    /// each at most `width` cells wide; the lines past the cell's are blank.
    ///
    /// Right-aligned cells (numbers) never wrap: a number split across lines
    /// would read as two numbers, so each of their lines is cut with `…` instead.
    static func fit(
        _ cell: Cell?, width: Int, height: Int, alignment: Alignment = .left, wraps: Bool? = nil
    ) -> FittedCell {
        let height = max(1, height)
        guard let cell, width > 0 else { return .blank }
        if cell.lineCount == 1, cell.firstWidth <= width {
            return FittedCell(FittedLine(text: cell.firstLine, width: cell.firstWidth, highlights: cell.highlights))
        }
        return FittedCell(lines: wrapped(cell, width: width, height: height, wraps: wraps ?? (alignment == .left)))
    }

    /// A line of a cell as grapheme clusters, each with its UTF-8 bounds and width.
    private struct Clusters {
        let utf8: [UInt8]
        /// `bounds[i]..<bounds[i + 1]` are the bytes of cluster `i`.
        let bounds: [Int]
        let widths: [Int]
        let highlights: [Range<Int>]

        init(_ text: String, width: Int, highlights: [Range<Int>]) {
            utf8 = Array(text.utf8)
            if utf8.count == width {
                // Sanitised text as wide as it is long is printable ASCII: one cluster per byte.
                bounds = Array(0...utf8.count)
                widths = Array(repeating: 1, count: utf8.count)
            } else {
                var bounds = [0]
                var widths: [Int] = []
                var offset = 0
                for character in text {
                    offset += character.utf8.count
                    bounds.append(offset)
                    widths.append(DisplayWidth.of(character))
                }
                self.bounds = bounds
                self.widths = widths
            }
            self.highlights = highlights
        }

        var count: Int { widths.count }

        /// Whether cluster `index` is a plain space.
        func isSpace(_ index: Int) -> Bool {
            bounds[index + 1] - bounds[index] == 1 && utf8[bounds[index]] == 0x20
        }

        /// Whether a line may break after cluster `index`: a hyphen or a slash.
        func isBreakAfter(_ index: Int) -> Bool {
            guard bounds[index + 1] - bounds[index] == 1 else { return false }
            let byte = utf8[bounds[index]]
            return byte == 0x2D || byte == 0x2F
        }

        /// The end of the text without trailing spaces.
        var trimmedEnd: Int {
            var end = count
            while end > 0 && isSpace(end - 1) {
                end -= 1
            }
            return end
        }

        /// Visual lines, as ranges of cluster offsets, that fit `width`.
        func wrap(width: Int) -> [Range<Int>] {
            var result: [Range<Int>] = []
            var start = 0
            while start < count {
                var used = 0
                var index = start
                var lastSpace = -1
                // Just after a hyphen or slash inside a word, where it may break too.
                var lastBreak = -1
                while index < count && used + widths[index] <= width {
                    if isSpace(index) {
                        lastSpace = index
                    } else if isBreakAfter(index), index > start {
                        lastBreak = index + 1
                    }
                    used += widths[index]
                    index += 1
                }
                if index >= count {
                    result.append(start..<count)
                    break
                }
                var end: Int
                if isSpace(index) {
                    end = index
                } else if lastSpace > start || lastBreak > start {
                    end = max(lastSpace, lastBreak)
                } else if index == start {
                    end = start + 1  // one cluster wider than the column: cut below
                } else {
                    end = index
                }
                let next = end
                while end > start && isSpace(end - 1) {
                    end -= 1
                }
                result.append(start..<end)
                start = next
                while start < count && isSpace(start) {
                    start += 1
                }
            }
            return result.isEmpty ? [0..<0] : result
        }

        /// The clusters in `range`, cut with `…` to fit `width` when they do not
        /// fit, or always when `forceEllipsis` is set.
        func line(_ range: Range<Int>, width: Int, forceEllipsis: Bool = false) -> FittedLine {
            let total = widths[range].reduce(0, +)
            if !forceEllipsis && total <= width {
                return make(range, width: total, ellipsis: false)
            }
            var used = 0
            var end = range.lowerBound
            while end < range.upperBound && used + widths[end] <= width - 1 {
                used += widths[end]
                end += 1
            }
            return make(range.lowerBound..<end, width: used + 1, ellipsis: true)
        }

        private func make(_ range: Range<Int>, width: Int, ellipsis: Bool) -> FittedLine {
            var text = String(decoding: utf8[bounds[range.lowerBound]..<bounds[range.upperBound]], as: UTF8.self)
            if ellipsis { text += CellLayout.ellipsis }
            let local = highlights.compactMap { highlight -> Range<Int>? in
                let lower = max(highlight.lowerBound, range.lowerBound)
                let upper = min(highlight.upperBound, range.upperBound)
                return lower < upper ? (lower - range.lowerBound)..<(upper - range.lowerBound) : nil
            }
            return FittedLine(text: text, width: width, highlights: local)
        }
    }

    private static func wrapped(_ cell: Cell, width: Int, height: Int, wraps: Bool) -> [FittedLine] {
        var pieces: [(clusters: Clusters, range: Range<Int>)] = []
        for index in 0..<cell.lineCount {
            let clusters = Clusters(
                cell.line(index), width: cell.lineWidth(index), highlights: index == 0 ? cell.highlights : [])
            let ranges = wraps ? clusters.wrap(width: width) : [0..<clusters.count]
            for range in ranges {
                pieces.append((clusters, range))
                if pieces.count > height { break }
            }
            if pieces.count > height { break }
        }
        if pieces.count <= height {
            var result = pieces.map { $0.clusters.line($0.range, width: width) }
            result += Array(repeating: .blank, count: height - result.count)
            return result
        }
        var result = pieces.prefix(height - 1).map { $0.clusters.line($0.range, width: width) }
        let last = pieces[height - 1]
        let rest = last.range.lowerBound..<max(last.range.lowerBound, last.clusters.trimmedEnd)
        result.append(last.clusters.line(rest, width: width, forceEllipsis: true))
        return result
    }
}
