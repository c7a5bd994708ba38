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
    ///
    /// A cell of one line that `cut` keeps the end of is cut in the middle
    /// (see ``middle(_:width:keeping:)``) when it does not fit its lines.
    static func fit(
        _ cell: Cell?, width: Int, height: Int, alignment: Alignment = .left, wraps: Bool? = nil,
        cut: CutRule? = nil
    ) -> FittedCell {
        let height = max(1, height)
        guard let cell, width > 0 else { return .blank }
        if cell.lineCount == 1, cell.firstWidth <= width {
            return FittedCell(FittedLine(text: cell.firstLine, width: cell.firstWidth, highlights: cell.highlights))
        }
        let keep = cell.lineCount == 1 ? cut?.keptEnd(cell.firstLine).flatMap { $0 > 0 ? $0 : nil } : nil
        return FittedCell(
            lines: wrapped(
                cell, width: width, height: height, wraps: wraps ?? (alignment == .left),
                keep: keep.map { Kept(count: $0, restToStart: cut?.restToStart ?? false) }))
    }

    /// `text` (sanitised, one line, `width` wide) cut in the middle to fit
    /// `limit` cells, keeping its last `keep` characters, as ``fit`` cuts a
    /// cell whose column keeps its end: `queenc…eling.com`.
    static func middle(_ text: String, width: Int, limit: Int, keeping keep: Kept) -> String {
        guard width > limit, limit > 0 else { return limit > 0 ? text : "" }
        let clusters = Clusters(text, width: width, highlights: [])
        return clusters.middle(0..<clusters.count, width: limit, keeping: keep).text
    }

    /// What a cut in the middle keeps: the last `count` characters, and
    /// where the width left goes (see ``CutRule/restToStart``).
    struct Kept {
        var count: Int
        var restToStart: Bool
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

        /// The clusters in `range` cut in the middle to fit `width` when
        /// they do not fit: the last `keep` of them always (a host's public
        /// suffix), and of the width left, half to the start and half to
        /// more of the end, so that more width never shows less of either.
        /// Too narrow for the kept end and one more cell, the line is `…`
        /// and as much of the end as fits.
        func middle(_ range: Range<Int>, width: Int, keeping kept: Kept) -> FittedLine {
            let keep = kept.count
            let total = widths[range].reduce(0, +)
            if total <= width { return make(range, width: total, ellipsis: false) }
            let keptStart = range.upperBound - min(max(0, keep), range.count)
            let keptWidth = widths[keptStart..<range.upperBound].reduce(0, +)
            let rest = width - 1 - keptWidth
            guard rest >= 1 else {
                // Only the end: as much of it as fits after the `…`.
                var start = range.upperBound
                var used = 0
                while start > range.lowerBound && used + widths[start - 1] <= width - 1 {
                    start -= 1
                    used += widths[start]
                }
                return join(range.lowerBound..<range.lowerBound, start..<range.upperBound, width: used + 1)
            }
            var headEnd = range.lowerBound
            var headUsed = 0
            let headBudget = kept.restToStart ? rest : (rest + 1) / 2
            while headEnd < keptStart && headUsed + widths[headEnd] <= headBudget {
                headUsed += widths[headEnd]
                headEnd += 1
            }
            var tailStart = keptStart
            var tailUsed = 0
            while tailStart > headEnd && tailUsed + widths[tailStart - 1] <= rest - headBudget {
                tailStart -= 1
                tailUsed += widths[tailStart]
            }
            return join(
                range.lowerBound..<headEnd, tailStart..<range.upperBound, width: headUsed + 1 + keptWidth + tailUsed)
        }

        /// The clusters of `head`, `…`, then those of `tail`, `width` wide.
        private func join(_ head: Range<Int>, _ tail: Range<Int>, width: Int) -> FittedLine {
            var bytes = Array(utf8[bounds[head.lowerBound]..<bounds[head.upperBound]])
            bytes += CellLayout.ellipsis.utf8
            bytes += utf8[bounds[tail.lowerBound]..<bounds[tail.upperBound]]
            // The highlights of each part, where the part now sits.
            var local: [Range<Int>] = []
            for highlight in highlights {
                let lower = max(highlight.lowerBound, head.lowerBound)
                let upper = min(highlight.upperBound, head.upperBound)
                if lower < upper { local.append((lower - head.lowerBound)..<(upper - head.lowerBound)) }
            }
            let shift = head.count + 1 - tail.lowerBound
            for highlight in highlights {
                let lower = max(highlight.lowerBound, tail.lowerBound)
                let upper = min(highlight.upperBound, tail.upperBound)
                if lower < upper { local.append((lower + shift)..<(upper + shift)) }
            }
            return FittedLine(text: String(decoding: bytes, as: UTF8.self), width: width, highlights: local)
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

    /// The lines of `cell` in `height` lines of `width`; with `keep`, the
    /// line that must be cut is cut in the middle, keeping that many
    /// characters of the end (a cell of one line; a line of one row is cut
    /// so, not wrapped).
    private static func wrapped(_ cell: Cell, width: Int, height: Int, wraps: Bool, keep: Kept?) -> [FittedLine] {
        if let keep, height == 1 || !wraps {
            let clusters = Clusters(cell.firstLine, width: cell.firstWidth, highlights: cell.highlights)
            let line = clusters.middle(0..<clusters.trimmedEnd, width: width, keeping: keep)
            return [line] + Array(repeating: .blank, count: height - 1)
        }
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
        if let keep {
            result.append(last.clusters.middle(rest, width: width, keeping: keep))
        } else {
            result.append(last.clusters.line(rest, width: width, forceEllipsis: true))
        }
        return result
    }
}
