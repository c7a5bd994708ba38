/// Lays out a ``MergedTable``: negotiates column widths, then draws the lines.
///
/// The render columns are the kept shared columns, then the details region as
/// one more column. Inside the region, each group's kept columns are separated
/// by two spaces and sized among that group's rows only.
///
/// Its jobs, a file each: what the columns ask of the width plan
/// (`MergedLayout+Negotiation`), drawing the table in pieces
/// (`MergedLayout+Drawing`), drawing one block of rows (`MergedLayout+RowPlan`),
/// the rows one line high, copied byte for byte when they can be
/// (`MergedLayout+LineLayout`), and the legend lines under the header
/// (`MergedLayout+Legend`).
struct MergedLayout {
    let shared: [Column]
    let detailsHeader: String
    let groups: [DetailGroup]
    /// The rows, in blocks drawn one after another (each on its own core).
    let blocks: [RowBlock]
    let options: RenderOptions
    /// Indices of the groups that have rows.
    let activeGroups: [Int]
    /// The shared columns drawn, and their widths.
    let sharedKept: [Int]
    let sharedWidths: [Int]
    /// Per group, the columns drawn, and their widths.
    let detailKept: [[Int]]
    let detailWidths: [[Int]]
    /// The width of the details region, 0 when it is not drawn.
    let regionWidth: Int
    /// The columns left out to fit the width: shared ones, then each
    /// group's with rows, in order.
    let hiddenColumns: [HiddenColumn]

    /// Whether `column`'s text wraps onto a row's spare lines: labels that
    /// abbreviate (KIND) and whole values are cut or kept on one line.
    static func wraps(_ column: Column) -> Bool {
        column.wraps && column.alignment == .left && !column.keepsWhole && column.compactWidth == nil
    }

    /// The gap between detail columns inside the region.
    static let detailGap = 2
    /// The widest a column grows with no width to fit (a pipe): values past
    /// it are cut, as on a terminal 1,024 columns wide for that column.
    package static let unlimitedColumnWidth = 1024

    /// The narrowest a text column is shown at: no short word splits, and a
    /// cut cell keeps a few characters before its `…`.
    static let textFloor = 6

    /// Lays out `table`, its rows made into blocks first.
    init(_ table: MergedTable, options: RenderOptions) {
        let sharedColumns = table.shared.count
        let groupColumns = table.groups.map(\.columns.count)
        let rows = table.rows
        let blocks = ParallelBlocks.map(count: rows.count) { range in
            RowBlock(rows[range], sharedColumns: sharedColumns, groupColumns: groupColumns)
        }
        self.init(
            shared: table.shared, detailsHeader: table.detailsHeader, groups: table.groups, blocks: blocks,
            options: options)
    }

    /// Lays out a merged table whose rows are in `blocks`, in order; each
    /// block was made for `shared` and `groups`.
    init(shared: [Column], detailsHeader: String, groups: [DetailGroup], blocks: [RowBlock], options: RenderOptions) {
        self.shared = shared
        self.detailsHeader = detailsHeader
        self.groups = groups
        self.blocks = blocks
        self.options = options

        /// What the rows want, and the widths at which no value that cannot wrap is cut.
        func measure() -> Wanted {
            let perBlock = ParallelBlocks.mapBlocks(blocks.count, parallel: blocks.count > 1) { index in
                Wanted(blocks[index], shared: shared, groups: groups)
            }
            var wanted =
                perBlock.first
                ?? Wanted(RowBlock(sharedColumns: shared.count, groupColumns: []), shared: shared, groups: groups)
            for block in perBlock.dropFirst() { wanted.merge(block) }
            return wanted
        }
        /// `wanted` with the widths at which no value that wraps is cut, either.
        func measureWrapped(_ wanted: Wanted) -> Wanted {
            let perBlock = ParallelBlocks.mapBlocks(blocks.count, parallel: blocks.count > 1) { index in
                var block = wanted
                block.measureWrapped(blocks[index], shared: shared, groups: groups)
                return block
            }
            var merged = wanted
            for block in perBlock { merged.merge(block) }
            return merged
        }
        let headers = options.showHeaders
        let detailsHeaderWidth = headers ? Self.headerWidth(detailsHeader) : 0
        var detailStart: [Int] = []
        /// What each column asks of the plan: the shared ones, then each group's.
        func demandsOf(_ wanted: Wanted) -> [WidthPlan.Demand] {
            var demands: [WidthPlan.Demand] = []
            detailStart = []
            for (index, column) in shared.enumerated() {
                demands.append(
                    Self.demand(
                        column, group: nil, content: wanted.shared[index], uncut: wanted.sharedUncut[index],
                        hasRows: true, headers: headers))
            }
            for group in groups.indices {
                detailStart.append(demands.count)
                for (index, column) in groups[group].columns.enumerated() {
                    demands.append(
                        Self.demand(
                            column, group: group, content: wanted.details[group][index],
                            uncut: wanted.detailUncut[group][index], hasRows: wanted.hasRows[group], headers: headers))
                }
            }
            return demands
        }
        func planOf(_ demands: [WidthPlan.Demand]) -> WidthPlan {
            WidthPlan(
                demands: demands, groupCount: groups.count, border: options.border, gap: Self.detailGap,
                regionMinimum: min(4, detailsHeaderWidth))
        }
        let measured = measure()
        var wanted = measured.uncutAsWanted
        activeGroups = groups.indices.filter { wanted.hasRows[$0] }
        var demands = demandsOf(wanted)
        var plan = planOf(demands)
        // Text that wraps onto its row's lines needs less than its width
        // not to be cut: measured (the cells read again) only when the
        // table cannot show every value whole.
        if let limit = options.maxWidth, !plan.fitsWhole(limit) {
            wanted = measureWrapped(measured)
            demands = demandsOf(wanted)
            plan = planOf(demands)
        }
        var widths: [Int]
        // `--wide` keeps every column; when they all fit, as the plan keeps them.
        if let limit = options.maxWidth, !options.wide || plan.fitsWhole(limit) {
            widths = plan.widths(for: limit)
            // A column that keeps apart the values it cuts, and would show two alike: as wide as tells them apart.
            for (column, rule) in shared.enumerated() where widths[column] > 0 && wanted.shared[column] > widths[column]
            {
                guard let rule = rule.cut, rule.keepsApart,
                    let apart = Self.widthKeepingApart(
                        column, from: widths[column], to: demands[column].natural, in: blocks, rule: rule)
                else { continue }
                demands[column].floor = max(demands[column].floor, apart)
                demands[column].compactFloor = max(demands[column].compactFloor, apart)
                demands[column].natural = max(demands[column].natural, apart)
                demands[column].full = max(demands[column].full, apart)
                demands[column].uncut = max(demands[column].uncut, apart)
                plan = planOf(demands)
                widths = plan.widths(for: limit)
            }
        } else {
            widths = Self.wideWidths(
                demands, limit: options.maxWidth, regionMinimum: min(4, detailsHeaderWidth), options: options)
        }

        let sharedKept = shared.indices.filter { widths[$0] > 0 }
        let detailKept = groups.indices.map { group in
            groups[group].columns.indices.filter { widths[detailStart[group] + $0] > 0 }
        }
        let detailWidths = groups.indices.map { group in
            detailKept[group].map { widths[detailStart[group] + $0] }
        }
        let sharedWidths = sharedKept.map { widths[$0] }
        let used = activeGroups.map { group in
            detailWidths[group].reduce(0, +) + Self.detailGap * max(0, detailWidths[group].count - 1)
        }
        let hasRegion = activeGroups.contains { !detailKept[$0].isEmpty }
        var region = hasRegion ? max(min(4, detailsHeaderWidth), used.max() ?? 0) : 0
        if hasRegion {
            // With room to spare, the region's header is not cut.
            let spare =
                (options.maxWidth ?? Int.max) - sharedWidths.reduce(0, +) - region
                - options.border.overhead(columns: sharedKept.count + 1)
            region = max(region, min(detailsHeaderWidth, region + min(max(0, spare), detailsHeaderWidth)))
        }
        var hidden = shared.indices.filter { widths[$0] == 0 }.map {
            HiddenColumn(group: nil, header: shared[$0].header.uppercased())
        }
        for group in activeGroups {
            for column in groups[group].columns.indices where widths[detailStart[group] + column] == 0 {
                hidden.append(
                    HiddenColumn(group: groups[group].title, header: groups[group].columns[column].header.uppercased()))
            }
        }
        hiddenColumns = hidden
        self.sharedKept = sharedKept
        self.sharedWidths = sharedWidths
        self.detailKept = detailKept
        self.detailWidths = detailWidths
        regionWidth = region
    }

    /// Whether the details region is drawn.
    var hasRegion: Bool { regionWidth > 0 }
}
