/// Whether each open container is an object or an array, one bit per level,
/// with no heap memory for the first 64 levels.
struct ContainerKindStack {
    /// The number of open containers.
    private(set) var depth = 0
    /// Bit `n` is set when the container at level `n` (below 64) is an object.
    private var low: UInt64 = 0
    /// The levels from 64 up, `true` for an object.
    private var high: [Bool] = []

    /// Opens a container.
    @inline(__always)
    mutating func push(isObject: Bool) {
        if depth < 64 {
            let bit: UInt64 = 1 << UInt64(depth)
            low = isObject ? low | bit : low & ~bit
        } else {
            high.append(isObject)
        }
        depth += 1
    }

    /// Whether the innermost open container is an object; there must be one.
    @inline(__always)
    var topIsObject: Bool {
        let level = depth - 1
        if level < 64 {
            return low >> UInt64(level) & 1 == 1
        }
        return high[level - 64]
    }

    /// Closes the innermost container; there must be one.
    @inline(__always)
    mutating func pop() {
        depth -= 1
        if depth >= 64 {
            high.removeLast()
        }
    }
}
