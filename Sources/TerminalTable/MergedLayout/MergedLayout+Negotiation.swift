extension MergedLayout {
    /// The widths that the rows of a block want, and which columns show a
    /// value in some row: per shared column, and per group, per detail column.
    struct Wanted {
        var shared: [Int]
        var details: [[Int]]
        var sharedHasValue: [Bool]
        var detailHasValue: [[Bool]]
        var hasRows: [Bool]

        init(_ block: RowBlock, groups: [DetailGroup]) {
            let sharedCount = block.sharedColumns
            var shared = Array(repeating: 0, count: sharedCount)
            var details = groups.map { Array(repeating: 0, count: $0.columns.count) }
            var sharedHasValue = Array(repeating: false, count: sharedCount)
            var detailHasValue = groups.map { Array(repeating: false, count: $0.columns.count) }
            var hasRows = Array(repeating: false, count: groups.count)
            block.entries.withUnsafeBufferPointer { entries in
                block.wanted.withUnsafeBufferPointer { wanted in
                    for entry in entries {
                        let first = entry.firstWanted
                        let cells = entry.firstCell
                        let cellCount = entry.sharedCount
                        for index in 0..<sharedCount {
                            let width = Int(wanted[first + index])
                            if width > shared[index] { shared[index] = width }
                            if !sharedHasValue[index], index < cellCount, block.hasValue(at: cells + index) {
                                sharedHasValue[index] = true
                            }
                        }
                        let group = Int(entry.group)
                        guard details.indices.contains(group) else { continue }
                        hasRows[group] = true
                        let detailsStart = first + sharedCount
                        let detailCells = cells + cellCount
                        let detailCount = entry.detailCount
                        for index in details[group].indices {
                            let width = Int(wanted[detailsStart + index])
                            if width > details[group][index] { details[group][index] = width }
                            if !detailHasValue[group][index], index < detailCount,
                                block.hasValue(at: detailCells + index)
                            {
                                detailHasValue[group][index] = true
                            }
                        }
                    }
                }
            }
            self.shared = shared
            self.details = details
            self.sharedHasValue = sharedHasValue
            self.detailHasValue = detailHasValue
            self.hasRows = hasRows
        }

        /// The widths and values of `self` and `other` together.
        mutating func merge(_ other: Wanted) {
            for index in shared.indices {
                shared[index] = max(shared[index], other.shared[index])
                sharedHasValue[index] = sharedHasValue[index] || other.sharedHasValue[index]
            }
            for group in details.indices where other.hasRows[group] {
                hasRows[group] = true
                for index in details[group].indices {
                    details[group][index] = max(details[group][index], other.details[group][index])
                    detailHasValue[group][index] = detailHasValue[group][index] || other.detailHasValue[group][index]
                }
            }
        }
    }
    static func headerWidth(_ header: String) -> Int {
        DisplayWidth.of(TerminalText.sanitize(header.uppercased()))
    }

    /// What `column` asks of the plan, given the widest cell it holds.
    static func demand(_ column: Column, group: Int?, content: Int, hasValue: Bool, headers: Bool)
        -> WidthPlan.Demand
    {
        let header = headers ? headerWidth(column.header) : 0
        var natural = max(header, content)
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
            group: group, natural: natural, floor: floor, compactFloor: compact, share: column.share,
            isRequired: column.isRequired, priority: column.priority, isEmpty: !hasValue && !column.isRequired)
    }

    /// The widths of `--wide`, or of a table of no width limit: every
    /// column that shows a value is kept, at its natural width, squashed
    /// only when a limit is given and too narrow.
    ///
    /// Squashing first stops at each column's floor (so words stay whole);
    /// when the floors do not fit, at one cell per column. The table is then
    /// wider than the limit only when the limit cannot give every kept column
    /// one cell, the details region room for its widest group's columns and
    /// gaps, and the frame its separators.
    static func wideWidths(
        _ demands: [WidthPlan.Demand], limit: Int?, regionMinimum: Int, options: RenderOptions
    ) -> [Int] {
        let naturals = demands.map { $0.isEmpty ? 0 : $0.natural }
        guard let limit else { return naturals }
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
