/// The median, minimum and maximum of repeated measurements.
public struct Summary: Sendable, Equatable {
    /// The middle value; the mean of the two middle values for an even count.
    public let median: Double
    /// The smallest value.
    public let min: Double
    /// The largest value.
    public let max: Double
    /// How many values there were.
    public let count: Int

    /// Summarises `values`; `nil` when there are none.
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        min = sorted[0]
        max = sorted[sorted.count - 1]
        count = sorted.count
    }
}
