extension MergedLayout {
    /// The widths that the rows of a block want, per shared column and per
    /// group, per detail column; the widths at which no value of a column is
    /// cut (see ``RowBlock/uncutWidth(ofCell:wanted:height:)``); and which
    /// groups have rows.
    ///
    /// Measured in two passes, the second only when it is needed: the first
    /// reads every row's wanted widths, and takes as uncut the width of every
    /// value that cannot wrap (a one-line row's, a column's that does not
    /// wrap); the second (``measureWrapped(_:shared:groups:)``, for a table
    /// that does not fit whole) reads the text of the values that may wrap
    /// onto their row's other lines, which need less than their width.
    struct Wanted {
        var shared: [Int]
        var details: [[Int]]
        var sharedUncut: [Int]
        var detailUncut: [[Int]]
        var hasRows: [Bool]

        init(_ block: RowBlock, shared columns: [Column], groups: [DetailGroup]) {
            let sharedCount = block.sharedColumns
            var shared = Array(repeating: 0, count: sharedCount)
            var sharedUncut = shared
            // Every group's detail columns side by side, group `g` from
            // `starts[g]`: one flat array per measure, not one per group,
            // keeps the loop below to plain stores.
            let starts = Self.starts(groups)
            var details = Array(repeating: 0, count: starts[starts.count - 1])
            var detailUncut = details
            var hasRows = Array(repeating: false, count: groups.count)
            let sharedWraps = Self.sharedWraps(columns, count: sharedCount)
            let detailWraps = Self.detailWraps(groups)
            let entries = block.entries.span
            let wanted = block.wanted.span
            for entryIndex in entries.indices {
                let entry = entries[entryIndex]
                let first = entry.firstWanted
                let isTall = entry.height > 1
                for index in 0..<sharedCount {
                    let width = Int(wanted[first + index])
                    if width > shared[index] { shared[index] = width }
                    if width > sharedUncut[index], !(isTall && sharedWraps[index]) { sharedUncut[index] = width }
                }
                let group = Int(entry.group)
                guard hasRows.indices.contains(group) else { continue }
                hasRows[group] = true
                let detailsStart = first + sharedCount
                let start = starts[group]
                for index in 0..<(starts[group + 1] - start) {
                    let slot = start + index
                    let width = Int(wanted[detailsStart + index])
                    if width > details[slot] { details[slot] = width }
                    if width > detailUncut[slot], !(isTall && detailWraps[slot]) { detailUncut[slot] = width }
                }
            }
            self.shared = shared
            self.details = groups.indices.map { Array(details[starts[$0]..<starts[$0 + 1]]) }
            self.sharedUncut = sharedUncut
            self.detailUncut = groups.indices.map { Array(detailUncut[starts[$0]..<starts[$0 + 1]]) }
            self.hasRows = hasRows
        }

        /// `self` with the widths at which no value is cut taken as the
        /// widths wanted: for a table that shows every value whole.
        var uncutAsWanted: Wanted {
            var copy = self
            copy.sharedUncut = shared
            copy.detailUncut = details
            return copy
        }

        /// Takes into the uncut widths the values of `block` that may wrap
        /// onto their row's other lines: only rows taller than a line, and
        /// only columns that wrap, are read.
        mutating func measureWrapped(_ block: RowBlock, shared columns: [Column], groups: [DetailGroup]) {
            let sharedCount = block.sharedColumns
            let sharedWraps = Self.sharedWraps(columns, count: sharedCount)
            let wrapping = (0..<sharedCount).filter { sharedWraps[$0] }
            let groupWrapping = groups.map { group in group.columns.indices.filter { wraps(group.columns[$0]) } }
            guard !wrapping.isEmpty || groupWrapping.contains(where: { !$0.isEmpty }) else { return }
            let entries = block.entries.span
            let wanted = block.wanted.span
            for entryIndex in entries.indices {
                let entry = entries[entryIndex]
                let height = Int(entry.height)
                guard height > 1 else { continue }
                let first = entry.firstWanted
                let cells = entry.firstCell
                for index in wrapping where index < entry.sharedCount {
                    let width = Int(wanted[first + index])
                    guard width > sharedUncut[index] else { continue }
                    sharedUncut[index] = max(
                        sharedUncut[index], block.uncutWidth(ofCell: cells + index, wanted: width, height: height))
                }
                let group = Int(entry.group)
                guard groupWrapping.indices.contains(group) else { continue }
                let detailsStart = first + sharedCount
                let detailCells = cells + entry.sharedCount
                for index in groupWrapping[group] where index < entry.detailCount {
                    let width = Int(wanted[detailsStart + index])
                    guard width > detailUncut[group][index] else { continue }
                    detailUncut[group][index] = max(
                        detailUncut[group][index],
                        block.uncutWidth(ofCell: detailCells + index, wanted: width, height: height))
                }
            }
        }

        /// Where each group's columns start among all groups' columns, and
        /// where the last ends.
        private static func starts(_ groups: [DetailGroup]) -> [Int] {
            var starts = [0]
            for group in groups { starts.append(starts[starts.count - 1] + group.columns.count) }
            return starts
        }

        /// Whether each of the `count` shared columns wraps.
        private static func sharedWraps(_ columns: [Column], count: Int) -> [Bool] {
            (0..<count).map { $0 < columns.count && MergedLayout.wraps(columns[$0]) }
        }

        /// Whether each detail column of every group, side by side, wraps.
        private static func detailWraps(_ groups: [DetailGroup]) -> [Bool] {
            groups.flatMap { $0.columns.map { MergedLayout.wraps($0) } }
        }

        /// The widths and values of `self` and `other` together.
        mutating func merge(_ other: Wanted) {
            for index in shared.indices {
                shared[index] = max(shared[index], other.shared[index])
                sharedUncut[index] = max(sharedUncut[index], other.sharedUncut[index])
            }
            for group in details.indices where other.hasRows[group] {
                hasRows[group] = true
                for index in details[group].indices {
                    details[group][index] = max(details[group][index], other.details[group][index])
                    detailUncut[group][index] = max(detailUncut[group][index], other.detailUncut[group][index])
                }
            }
        }
    }

    static func headerWidth(_ header: String) -> Int {
        DisplayWidth.of(TerminalText.sanitize(header.uppercased()))
    }

    /// What `column` asks of the plan, given the widest cell it holds: a
    /// column of a group with no rows is left out; every other column is
    /// kept when it fits, even when no row shows a value in it, so that a
    /// kind's columns stay put from one search to the next.
    /// - Parameters:
    ///   - content: The width of its widest cell.
    ///   - uncut: The width at which no cell of it is cut, wrapped onto its row's lines.
    static func demand(_ column: Column, group: Int?, content: Int, uncut: Int, hasRows: Bool, headers: Bool)
        -> WidthPlan.Demand
    {
        let header = headers ? headerWidth(column.header) : 0
        let full = max(header, content)
        var natural = full
        if let maxWidth = column.maxWidth { natural = min(natural, max(maxWidth, column.minWidth)) }
        let floor: Int
        if column.keepsWhole {
            // Whole values or none; the header may be cut, but not to a bare `…`.
            floor = max(1, content, min(header, 4))
            natural = max(natural, floor)
        } else {
            floor = max(1, min(natural, max(column.minWidth, Self.textFloor)))
        }
        natural = max(natural, floor)
        let compact = column.compactWidth.map { max(1, min(floor, max($0, min(header, 4)))) } ?? floor
        return WidthPlan.Demand(
            group: group, natural: natural, full: max(full, natural),
            uncut: min(max(full, natural), max(header, uncut, floor)), abbreviates: column.compactWidth != nil,
            floor: floor, compactFloor: compact, share: column.share, isRequired: column.isRequired,
            priority: column.priority, isEmpty: !hasRows && !column.isRequired)
    }

    /// The narrowest width from `width` up to `natural` at which the values
    /// of shared column `column` that `rule` cuts in the middle all read
    /// apart, or `nil` when they do at `width`.
    ///
    /// Two values read alike when both are cut and show the same start and
    /// end; a value that fits is shown whole, and no cut value reads as one
    /// shown whole (it has a `…` where the other has text). The start and
    /// the end a cut shows only grow with the width, so values apart at a
    /// width are apart at every wider one, and the narrowest is found by
    /// halving.
    static func widthKeepingApart(
        _ column: Int, from width: Int, to natural: Int, in blocks: [RowBlock], rule: CutRule
    ) -> Int? {
        // The different values of the column wider than `width`, with the end each keeps.
        var seen: Set<String> = []
        var values: [(text: String, width: Int, keep: CellLayout.Kept)] = []
        for block in blocks {
            for row in 0..<block.count {
                let entry = block.entries[row]
                guard column < entry.sharedCount, block.width(ofCell: entry.firstCell + column) > width else {
                    continue
                }
                let cell = block.cell(at: entry.firstCell + column)
                guard cell.lineCount == 1, let keep = rule.keptEnd(cell.firstLine), keep > 0,
                    seen.insert(cell.firstLine).inserted
                else { continue }
                values.append((cell.firstLine, cell.firstWidth, .init(count: keep, restToStart: rule.restToStart)))
            }
        }
        func apart(at limit: Int) -> Bool {
            var shown: Set<String> = []
            for value in values where value.width > limit {
                guard
                    shown.insert(CellLayout.middle(value.text, width: value.width, limit: limit, keeping: value.keep))
                        .inserted
                else { return false }
            }
            return true
        }
        guard values.count > 1, !apart(at: width) else { return nil }
        var low = width + 1
        var high = max(low, natural)
        while low < high {
            let middle = (low + high) / 2
            if apart(at: middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The widths of `--wide`, or of a table of no width limit: every
    /// column of a group with rows is kept, at its natural width with no
    /// limit, and with a limit at its full width, squashed when the limit
    /// is too narrow.
    ///
    /// Squashing first stops at each column's floor (so words stay whole);
    /// when the floors do not fit, at one cell per column. The table is then
    /// wider than the limit only when the limit cannot give every kept column
    /// one cell, the details region room for its widest group's columns and
    /// gaps, and the frame its separators.
    static func wideWidths(
        _ demands: [WidthPlan.Demand], limit: Int?, regionMinimum: Int, options: RenderOptions
    ) -> [Int] {
        // Every value whole on one line, as on a terminal wide enough for all
        // of them. With a limit, the width is used before text is cut.
        let naturals = demands.map { $0.isEmpty ? 0 : max($0.full, $0.floor) }
        // With no limit (a pipe) too, up to ``unlimitedColumnWidth`` for a
        // column that pads what follows it on the line: one huge value would
        // pad every row to its width, so that the table grew as its rows
        // times that value. Without borders a line's trailing spaces are
        // trimmed, so the column that ends a line (each group's last, or
        // the last shared one when no group has columns) is never capped.
        // (A column of whole values keeps them: its floor is its widest.)
        guard let limit else {
            var endsLine: Set<Int> = []
            if options.border == .plain {
                let lastOfGroups = Dictionary(
                    demands.indices.filter { !demands[$0].isEmpty }.compactMap { index in
                        demands[index].group.map { ($0, index) }
                    },
                    uniquingKeysWith: { max($0, $1) })
                endsLine = Set(lastOfGroups.values)
                if lastOfGroups.isEmpty,
                    let last = demands.indices.last(where: { demands[$0].group == nil && !demands[$0].isEmpty })
                {
                    endsLine.insert(last)
                }
            }
            return demands.indices.map { index in
                endsLine.contains(index)
                    ? naturals[index] : min(naturals[index], max(Self.unlimitedColumnWidth, demands[index].floor))
            }
        }
        let sharedColumns = demands.indices.filter { demands[$0].group == nil && !demands[$0].isEmpty }
        let groups = Set(demands.compactMap { $0.isEmpty ? nil : $0.group })
        let groupColumns = Dictionary(
            uniqueKeysWithValues: groups.map { group in
                (group, demands.indices.filter { demands[$0].group == group && !demands[$0].isEmpty })
            })
        /// The region's width were each group's columns `width(column)` wide.
        func region(_ width: (Int) -> Int) -> Int {
            groupColumns.values.map { columns in
                columns.reduce(0) { $0 + width($1) } + detailGap * max(0, columns.count - 1)
            }.max() ?? 0
        }
        var render = sharedColumns.map { naturals[$0] }
        var floors = sharedColumns.map { demands[$0].floor }
        var hardFloors = sharedColumns.map { _ in 1 }
        if !groups.isEmpty {
            render.append(max(regionMinimum, region { naturals[$0] }))
            floors.append(max(regionMinimum, region { demands[$0].floor }))
            hardFloors.append(max(regionMinimum, region { _ in 1 }))
        }
        let available = limit - options.border.overhead(columns: render.count)
        let minimums = floors.reduce(0, +) <= available ? floors : hardFloors
        let distributed = WidthNegotiation.distribute(naturals: render, minimums: minimums, available: available)
        var widths = naturals
        for (index, column) in sharedColumns.enumerated() { widths[column] = distributed[index] }
        if let region = distributed.last, !groups.isEmpty {
            for columns in groupColumns.values {
                let inside = WidthNegotiation.distribute(
                    naturals: columns.map { naturals[$0] }, minimums: columns.map { demands[$0].floor },
                    available: region - detailGap * max(0, columns.count - 1))
                for (index, column) in columns.enumerated() { widths[column] = max(1, inside[index]) }
            }
        }
        return widths
    }
}
