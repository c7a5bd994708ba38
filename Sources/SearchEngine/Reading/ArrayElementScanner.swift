import ByteScan

/// Finds where the elements of a JSON array start and end without parsing
/// them, as ``JSONDocumentReader`` finds them (module `ByteScan`,
/// `rk_elements_scan`): 64 bytes at a time with AVX2 where the processor
/// has it, else one byte at a time by the same rule.
///
/// The scan stops, unsure, at anything the reader in order would have to
/// judge and report: a value it would find malformed, a missing or a
/// trailing comma, brackets that do not match, nesting deeper than 64, an
/// element over the cap, a backslash outside a string. ``resume`` then says
/// where that reader takes over, as if it had read every element found so
/// far itself.
package struct ArrayElementScanner {
    /// Why ``scan(_:base:limit:maxElementBytes:into:)`` stopped.
    package enum Stop: Equatable, Sendable {
        /// At the end of the bytes given: the next ones are needed.
        case more
        /// An element ended at or past the limit, or the elements' room is full.
        case block
        /// At the array's end: ``position`` is just past its `]`.
        case end
        /// At something the reader in order judges (see above).
        case unsure
    }

    /// Whether this processor runs the vector scan.
    package static let vectorAvailable = rk_elements_available() != 0

    private var state = rk_elements()
    /// Whether the vector scan runs (tests compare it with the other).
    private let vector: Bool

    /// Starts at `position`, just past the array's `[` (`first`) or past
    /// one of its elements.
    package init(at position: Int, first: Bool, vector: Bool = Self.vectorAvailable) {
        state.position = position
        state.resume = position
        state.resume_first = first ? 1 : 0
        state.first = first ? 1 : 0
        self.vector = vector
    }

    /// The next byte the scan looks at; past the `]` once it stopped at ``Stop/end``.
    package var position: Int { state.position }
    /// Where the last element found ends, or where the scan started.
    package var resume: Int { state.resume }
    /// Whether no element of the array comes before ``resume``.
    package var resumesAtFirst: Bool { state.resume_first != 0 }

    /// Finds elements from ``position`` in `bytes`, the input's bytes from
    /// offset `base`, appending to `elements` each one's start and end
    /// offsets, until an element ends at or past `limit`, `capacity`
    /// elements were found, or one of the other stops.
    package mutating func scan(
        _ bytes: Span<UInt8>, base: Int, limit: Int, maxElementBytes: Int, capacity: Int,
        into elements: inout [Int]
    ) -> Stop {
        precondition(capacity > 0 && position >= base && position <= base + bytes.count)
        let first = elements.count
        elements.append(contentsOf: repeatElement(0, count: 2 * capacity))
        var found = 0
        // The C scan reads `bytes` and writes at most `capacity` pairs of
        // offsets from `first`, the room appended above.
        let status = elements.withUnsafeMutableBufferPointer { room in
            bytes.withUnsafeBufferPointer { bytes in
                withUnsafeMutablePointer(to: &state) { state in
                    rk_elements_scan(
                        state, bytes.baseAddress, base, bytes.count, limit, maxElementBytes, room.baseAddress! + first,
                        capacity, &found, vector ? 1 : 0)
                }
            }
        }
        elements.removeLast(2 * (capacity - found))
        switch status {
        case Int32(RK_ELEMENTS_MORE): return .more
        case Int32(RK_ELEMENTS_BLOCK): return .block
        case Int32(RK_ELEMENTS_END): return .end
        default: return .unsure
        }
    }

    /// How many line feeds `bytes` hold, and the offset of the last.
    package static func newlines(in bytes: Span<UInt8>) -> (count: Int, last: Int?) {
        guard !bytes.isEmpty else { return (0, nil) }
        var last = -1
        let count = bytes.withUnsafeBufferPointer { rk_count_newlines($0.baseAddress, $0.count, &last) }
        return (count, last < 0 ? nil : last)
    }
}
