/// Shares a table's width among its columns so that text gets the width, no
/// value is cut into another meaning, no value is cut while the table is
/// narrower than the width, and more width never shows less.
///
/// The columns are the shared columns (KIND, NAME, ...) and the columns of
/// each group's details region. The region is as wide as its widest group;
/// a group narrower than the region has that room to spare for free.
///
/// ## What each column asks
/// - A column of a group with no rows is left out; every other column is
///   kept when it fits, even when no row shows a value in it.
/// - Its *full* width fits its header and its widest cell: nothing is cut.
///   Its *natural* width is that within its maximum width, which is a
///   preference for a table of no width limit (through a pipe): fitting a
///   terminal, a column cut at its maximum width would leave text cut while
///   the table is narrower than the terminal.
/// - Its *floor* is the narrowest it is shown at; narrower, it is dropped.
///   A column of whole values (numbers, money, ratings, dates, or cells of
///   4 cells or fewer) has its widest cell as its floor, so those values are
///   shown whole or not at all. A text column's floor is its minimum width,
///   at least 6 cells (so a short word never splits and no cell is a bare
///   `…`), at most its natural width. Under 60 columns a column with a
///   compact width (KIND) has that as its floor instead.
/// - A column may keep a share of the width (NAME keeps half): up to its
///   full width, it is never narrower than that share.
///
/// ## Growing, so that more width never shows less
/// Columns are ranked: required first, then by priority, then in order. The
/// layout at W is grown from the narrowest width that holds the first
/// column, one cell at a time, and each step only adds columns or widens
/// them, so a cell's visible text never shrinks as the width grows. Each
/// step spends the new cell and any held before it:
/// 1. on a kept column narrower than its floor at this width (KIND at 60
///    columns, NAME's share);
/// 2. on the required columns not yet shown, in rank order;
/// 3. on the kept columns whose text is cut, up to the width that cuts none
///    (text that may wrap onto its row's lines needs less than its full
///    width), those that abbreviate (KIND) first, then in rank order: text
///    is cut only when the table fills the width;
/// 4. only when no kept column is cut, on the next column in rank order, at
///    its floor. Until it can be paid for, the width is held for it, blank
///    (no more than its floor and gap), and given to no other column, which
///    would have to give it back;
/// 5. with every column shown and none cut, on text that wraps, up to its
///    full width, so that it takes fewer lines.
/// A group's column that fits in the room its group has spare in the region
/// costs nothing: it is shown, and widened, whenever it fits.
struct WidthPlan {
    /// What one column asks of the plan.
    struct Demand {
        /// The group of a details column, `nil` for a shared column.
        var group: Int?
        /// Its width with nothing cut (header and widest cell), within its
        /// maximum width.
        var natural: Int
        /// Its width with nothing cut, past its maximum width: what it
        /// takes of the width the table leaves when every column is natural.
        var full: Int
        /// Its width with nothing cut, its text wrapped onto its rows' lines
        /// where it may (at most ``full``).
        var uncut: Int
        /// Whether it abbreviates (KIND, under 60 columns): widened before
        /// the others, so that its labels are cut last.
        var abbreviates: Bool
        /// The narrowest it is shown at, in a table of 60 columns or more.
        var floor: Int
        /// The narrowest it is shown at in a narrower table.
        var compactFloor: Int
        /// The percentage of the table's width it keeps, up to its natural width.
        var share: Int
        /// Kept before every column that is not required.
        var isRequired: Bool
        /// Lower priorities are dropped first.
        var priority: Int
        /// Left out: empty in every shown row.
        var isEmpty: Bool
    }

    /// Tables narrower than this are compact: KIND abbreviates.
    static let compactBelow = 60

    private let demands: [Demand]
    private let groupCount: Int
    private let border: BorderStyle
    /// The gap between two columns of a group inside the region.
    private let gap: Int
    /// The narrowest the region is when drawn (its header not a bare `…`).
    private let regionMinimum: Int
    /// The columns in rank order, empty ones left out.
    private let ranked: [Int]
    /// Per group, its columns in rank order.
    private let groupRanked: [[Int]]
    /// The order in which spare width widens the columns: those that
    /// abbreviate first, then in rank order.
    private let widening: [Int]

    init(demands: [Demand], groupCount: Int, border: BorderStyle, gap: Int, regionMinimum: Int) {
        var demands = demands
        // A table keeps at least one column: the first in rank order, when none is required.
        if !demands.contains(where: { $0.isRequired && !$0.isEmpty }),
            let first = Self.rank(demands).first
        {
            demands[first].isRequired = true
        }
        self.demands = demands
        self.groupCount = groupCount
        self.border = border
        self.gap = gap
        self.regionMinimum = regionMinimum
        let ranked = Self.rank(demands)
        self.ranked = ranked
        var groupRanked = Array(repeating: [Int](), count: groupCount)
        for column in ranked {
            if let group = demands[column].group, groupRanked.indices.contains(group) {
                groupRanked[group].append(column)
            }
        }
        self.groupRanked = groupRanked
        widening = ranked.filter { demands[$0].abbreviates } + ranked.filter { !demands[$0].abbreviates }
    }

    /// The columns that are not empty, in rank order.
    private static func rank(_ demands: [Demand]) -> [Int] {
        demands.indices.filter { !demands[$0].isEmpty }.sorted { left, right in
            let a = demands[left]
            let b = demands[right]
            if a.isRequired != b.isRequired { return a.isRequired }
            if a.priority != b.priority { return a.priority > b.priority }
            return left < right
        }
    }

    // MARK: Measuring a layout

    /// Widths per column (0 for a column not shown) and what they add up to.
    struct Layout {
        var widths: [Int]
        /// Per group, its kept columns' widths and gaps.
        var groupUsed: [Int]
        /// The widest group's width.
        var widestGroup = 0
        var sharedUsed = 0
        var sharedCount = 0
        var regionColumns = 0

        init(columns: Int, groups: Int) {
            widths = Array(repeating: 0, count: columns)
            groupUsed = Array(repeating: 0, count: groups)
        }
    }

    /// The width of the region of `layout`, 0 when it has no column.
    private func regionWidth(_ layout: Layout) -> Int {
        layout.regionColumns > 0 ? max(regionMinimum, layout.widestGroup) : 0
    }

    /// The width a layout takes, frame and gaps included.
    func total(_ layout: Layout) -> Int {
        let columns = layout.sharedCount + (layout.regionColumns > 0 ? 1 : 0)
        return layout.sharedUsed + regionWidth(layout) + border.overhead(columns: columns)
    }

    /// What adding one more render column adds to the frame and gaps.
    private func separatorCost(_ layout: Layout) -> Int {
        let columns = layout.sharedCount + (layout.regionColumns > 0 ? 1 : 0)
        return border.overhead(columns: columns + 1) - border.overhead(columns: columns)
    }

    /// What `column`'s group would take were the column `width` wide.
    private func groupUsed(_ group: Int, _ column: Int, width: Int, in layout: Layout) -> Int {
        let old = layout.widths[column]
        let used = layout.groupUsed[group]
        return old == 0 ? used + (used > 0 ? gap : 0) + width : used + width - old
    }

    /// What setting `column` to `width` (more than it has) adds to the total width.
    private func cost(_ column: Int, to width: Int, in layout: Layout) -> Int {
        let old = layout.widths[column]
        guard width > old else { return 0 }
        guard let group = demands[column].group else {
            return width - old + (old == 0 ? separatorCost(layout) : 0)
        }
        let used = groupUsed(group, column, width: width, in: layout)
        if layout.regionColumns == 0 { return max(regionMinimum, used) + separatorCost(layout) }
        return max(0, max(regionMinimum, used) - regionWidth(layout))
    }

    /// Sets column `column` of `layout` to `width` (more than it has).
    private func set(_ column: Int, to width: Int, in layout: inout Layout) {
        let old = layout.widths[column]
        guard width > old else { return }
        if let group = demands[column].group {
            layout.groupUsed[group] = groupUsed(group, column, width: width, in: layout)
            layout.widestGroup = max(layout.widestGroup, layout.groupUsed[group])
            if old == 0 { layout.regionColumns += 1 }
        } else {
            layout.sharedUsed += width - old
            if old == 0 { layout.sharedCount += 1 }
        }
        layout.widths[column] = width
    }

    // MARK: Growing

    /// The floor of `column` in a table `width` wide, its share included.
    private func floor(_ column: Int, width: Int) -> Int {
        let demand = demands[column]
        let base = width < Self.compactBelow ? demand.compactFloor : demand.floor
        guard demand.share > 0 else { return base }
        return max(base, min(demand.full, width * demand.share / 100))
    }

    /// The widest `column` is shown at: its full width, at least its floor.
    private func full(_ column: Int) -> Int {
        max(demands[column].full, demands[column].floor)
    }

    /// The width at which nothing of `column` is cut, at least its floor.
    private func uncut(_ column: Int) -> Int {
        max(demands[column].uncut, demands[column].floor)
    }

    /// Every column that is not empty, at its full width.
    private var whole: Layout {
        var layout = Layout(columns: demands.count, groups: groupCount)
        for column in ranked { set(column, to: full(column), in: &layout) }
        return layout
    }

    /// Whether every column that is not empty fits a table `width` wide with nothing cut.
    func fitsWhole(_ width: Int) -> Bool {
        total(whole) <= width
    }

    /// The widths of the columns in a table `width` wide: 0 for a column
    /// that is dropped. A table too narrow for its first column keeps it,
    /// squashed.
    func widths(for width: Int) -> [Int] {
        let whole = self.whole
        if total(whole) <= width { return whole.widths }
        guard let first = ranked.first else { return whole.widths }
        var layout = Layout(columns: demands.count, groups: groupCount)
        set(first, to: floor(first, width: 0), in: &layout)
        let start = total(layout)
        guard width >= start else { return squashed(width) }
        if start < width {
            for step in (start + 1)...width { grow(&layout, to: step) }
        }
        return layout.widths
    }

    /// One step of growth: `layout` fits `width - 1`; widen it to fit `width`.
    private func grow(_ layout: inout Layout, to width: Int) {
        var spare = width - total(layout)
        defer { useFreeRoom(&layout, width: width) }
        /// Sets `column` to `target` when the spare width pays for it.
        func pay(_ column: Int, _ target: Int) -> Bool {
            let cost = cost(column, to: target, in: layout)
            guard cost <= spare else { return false }
            set(column, to: target, in: &layout)
            spare -= cost
            return true
        }
        // 1. Kept columns under their floor at this width.
        for column in ranked where layout.widths[column] > 0 && layout.widths[column] < floor(column, width: width) {
            guard pay(column, floor(column, width: width)) else { return }
        }
        // 2. The required columns.
        for column in ranked where demands[column].isRequired && layout.widths[column] == 0 {
            guard pay(column, floor(column, width: width)) else { return }
        }
        // 3. Cut text, up to the width that cuts none.
        var cut = false
        for column in widening where layout.widths[column] > 0 && layout.widths[column] < uncut(column) {
            widen(column, to: uncut(column), by: spare, in: &layout, spare: &spare)
            cut = cut || layout.widths[column] < uncut(column)
        }
        guard !cut else { return }
        // 4. The next column.
        if let next = ranked.first(where: { layout.widths[$0] == 0 }) {
            _ = pay(next, floor(next, width: width))
            return
        }
        // 5. Every column shown, none cut: text that wraps takes fewer lines.
        for column in widening where layout.widths[column] < full(column) {
            widen(column, to: full(column), by: spare, in: &layout, spare: &spare)
        }
    }

    /// Widens `column` of `layout` towards `target` with the room its
    /// group has spare in the region and up to `extra` cells of `spare`.
    private func widen(_ column: Int, to target: Int, by extra: Int, in layout: inout Layout, spare: inout Int) {
        let old = layout.widths[column]
        var grown = old
        while grown < target && cost(column, to: grown + 1, in: layout) <= min(extra, spare) {
            grown += 1
        }
        guard grown > old else { return }
        spare -= cost(column, to: grown, in: layout)
        set(column, to: grown, in: &layout)
    }

    /// Shows and widens, in each group's rank order, the columns that fit in
    /// the room the group has spare in the region: they cost no width.
    private func useFreeRoom(_ layout: inout Layout, width: Int) {
        guard layout.regionColumns > 0 else { return }
        var none = 0
        for group in groupRanked.indices {
            for column in groupRanked[group] {
                if layout.widths[column] == 0 {
                    let floor = self.floor(column, width: width)
                    guard cost(column, to: floor, in: layout) == 0 else { break }
                    set(column, to: floor, in: &layout)
                }
                widen(column, to: full(column), by: 0, in: &layout, spare: &none)
            }
        }
    }

    /// The first column alone, squashed into a table too narrow for its floor.
    private func squashed(_ width: Int) -> [Int] {
        var widths = Array(repeating: 0, count: demands.count)
        if let first = ranked.first {
            widths[first] = max(1, min(full(first), width - border.overhead(columns: 1)))
        }
        return widths
    }
}
