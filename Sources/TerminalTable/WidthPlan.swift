/// Shares a table's width among its columns so that text gets the width, no
/// value is cut into another meaning, and more width never shows less.
///
/// The columns are the shared columns (KIND, NAME, ...) and the columns of
/// each group's details region. The region is as wide as its widest group;
/// a group narrower than the region has that room to spare for free.
///
/// ## What each column asks
/// - A column that is empty in every shown row (no text, or only `–`) is
///   left out, its header with it; a required column never is.
/// - Its *natural* width fits its header and its widest cell (within its
///   maximum width).
/// - Its *floor* is the narrowest it is shown at; narrower, it is dropped.
///   A column of whole values (numbers, money, ratings, dates, or cells of
///   4 cells or fewer) has its widest cell as its floor, so those values are
///   shown whole or not at all. A text column's floor is its minimum width,
///   at least 6 cells (so a short word never splits and no cell is a bare
///   `…`), at most its natural width. Under 60 columns a column with a
///   compact width (KIND) has that as its floor instead.
/// - A column may keep a share of the width (NAME keeps half): up to its
///   natural width, it is that wide before any column ranked below it shows.
///
/// ## The ideal layout at width W
/// Columns are ranked: required first, then by priority, then in order. The
/// ideal layout keeps the longest run of that ranking whose floors (with the
/// shares) fit W; a column is never shown while one ranked above it (that
/// costs width) is dropped. A group's column that fits in room its group
/// has spare in the region is shown for free.
///
/// ## Growing, so that more width never shows less
/// The layout at W is not the ideal layout at W: it is grown from the layout
/// at the narrowest width that holds the first column, one cell at a time,
/// and each step only adds columns or widens them:
/// 1. Columns the ideal layout at this width keeps, or keeps wider, are
///    brought to their ideal width in rank order while the spare width pays
///    for them. When one cannot be paid for yet (a column shows where the
///    width before gave its cells to NAME), the spare width is held for it:
///    it shows a few cells later, and never more than its floor and gap of
///    width is left blank meanwhile.
/// 2. Otherwise what spare width is left widens the kept columns, in rank order.
/// 3. Room a group has spare in the region is always used, for its next
///    column or for its columns' widths.
/// Widths and kept columns never shrink from one step to the next, so a
/// cell's visible text never shrinks as the width grows.
struct WidthPlan {
    /// What one column asks of the plan.
    struct Demand {
        /// The group of a details column, `nil` for a shared column.
        var group: Int?
        /// Its width with nothing cut (header and widest cell).
        var natural: Int
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

    // MARK: The ideal layout

    /// The floor of `column` in a table `width` wide, its share included.
    private func floor(_ column: Int, width: Int) -> Int {
        let demand = demands[column]
        let base = width < Self.compactBelow ? demand.compactFloor : demand.floor
        guard demand.share > 0 else { return base }
        return max(base, min(demand.natural, width * demand.share / 100))
    }

    /// The floors of the columns the ideal layout at `width` keeps (0 for the others).
    private func ideal(_ width: Int) -> Layout {
        var layout = Layout(columns: demands.count, groups: groupCount)
        for column in ranked {
            let floor = self.floor(column, width: width)
            // The first column is kept however narrow the table; the others when they fit.
            let isFirst = layout.sharedCount + layout.regionColumns == 0
            guard isFirst || total(layout) + cost(column, to: floor, in: layout) <= width else { break }
            set(column, to: floor, in: &layout)
        }
        addFree(to: &layout, width: width)
        widen(&layout, spare: width - total(layout))
        return layout
    }

    /// Adds to each group, in its rank order, the columns that fit in the
    /// room it has spare in the region, at their floors.
    private func addFree(to layout: inout Layout, width: Int) {
        guard layout.regionColumns > 0 else { return }
        for group in groupRanked.indices {
            for column in groupRanked[group] where layout.widths[column] == 0 {
                let floor = self.floor(column, width: width)
                guard cost(column, to: floor, in: layout) == 0 else { break }
                set(column, to: floor, in: &layout)
            }
        }
    }

    // MARK: Growing

    /// The narrowest width that holds the first column at its floor.
    private var narrowest: Int {
        var layout = Layout(columns: demands.count, groups: groupCount)
        if let first = ranked.first { set(first, to: floor(first, width: 0), in: &layout) }
        return total(layout)
    }

    /// Every column that is not empty, at its natural width.
    private var full: Layout {
        var layout = Layout(columns: demands.count, groups: groupCount)
        for column in ranked {
            set(column, to: max(demands[column].natural, demands[column].floor), in: &layout)
        }
        return layout
    }

    /// The widths of the columns in a table `width` wide: 0 for a column
    /// that is dropped. A table too narrow for its first column keeps it,
    /// squashed.
    func widths(for width: Int) -> [Int] {
        let full = self.full
        if total(full) <= width { return full.widths }
        let start = narrowest
        guard width >= start else { return squashed(width) }
        // A huge width starts growing from its ideal layout a good way below it.
        var first = max(start, width - 4_096)
        var layout = ideal(first)
        while total(layout) > first && first < width {
            first += 1
            layout = ideal(first)
        }
        guard total(layout) <= first else { return squashed(width) }
        if first < width {
            for step in (first + 1)...width {
                grow(&layout, to: step)
            }
        }
        return layout.widths
    }

    /// One step of growth: `layout` fits `width - 1`; widen it to fit `width`.
    private func grow(_ layout: inout Layout, to width: Int) {
        let target = ideal(width)
        var spare = width - total(layout)
        // Whether the spare width is held for a column it cannot pay for yet.
        var held = false
        for column in ranked where target.widths[column] > layout.widths[column] {
            let cost = cost(column, to: target.widths[column], in: layout)
            guard cost <= spare else {
                held = true
                break
            }
            set(column, to: target.widths[column], in: &layout)
            spare -= cost
        }
        addFree(to: &layout, width: width)
        widen(&layout, spare: held ? 0 : spare)
    }

    /// Widens the kept columns of `layout` towards their natural widths, in
    /// rank order, with the room their groups have spare in the region and
    /// `spare` cells more.
    private func widen(_ layout: inout Layout, spare: Int) {
        var spare = spare
        for column in ranked where layout.widths[column] > 0 {
            let old = layout.widths[column]
            let natural = max(demands[column].natural, old)
            guard natural > old else { continue }
            var room = spare
            if let group = demands[column].group {
                room += regionWidth(layout) - layout.groupUsed[group]
            }
            let grown = min(natural, old + max(0, room))
            guard grown > old else { continue }
            spare -= cost(column, to: grown, in: layout)
            set(column, to: grown, in: &layout)
        }
    }

    /// The first column alone, squashed into a table too narrow for its floor.
    private func squashed(_ width: Int) -> [Int] {
        var widths = Array(repeating: 0, count: demands.count)
        if let first = ranked.first {
            widths[first] = max(1, min(demands[first].natural, width - border.overhead(columns: 1)))
        }
        return widths
    }
}
