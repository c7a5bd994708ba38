/// A small, fast, seeded pseudo-random generator (SplitMix64) whose output
/// is the same on every platform and Swift version, so a seed names one file.
///
/// The standard library's `random(in:using:)` is not used: its algorithm is
/// an implementation detail that may change between releases.
public struct SplitMix64: Sendable {
    private var state: UInt64

    /// Starts the sequence for `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (Lemire's multiply-high reduction; `bound` > 0).
    public mutating func below(_ bound: Int) -> Int {
        let bound = UInt64(max(bound, 1))
        return Int(next().multipliedFullWidth(by: bound).high)
    }

    /// True with probability `permille` / 1000.
    public mutating func chance(permille: Int) -> Bool {
        below(1000) < permille
    }

    /// One element of `elements`, chosen uniformly (`elements` not empty).
    public mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }
}
