import ByteScan

/// ``LinePrefilter``'s scans in C (module `ByteScan`): 32 bytes at a time
/// with AVX2, each block's candidates a bit mask, each confirmed by the
/// rule ``LinePrefilter`` states. Empty on a processor without AVX2, and
/// for a word with more anchors, fragments or spellings than the C scan
/// holds: the Swift scans run then.
///
/// Immutable once made, so shared by the workers of a parallel search.
struct ScanKernel: Sendable {
    /// Whether this processor runs the C scans (x86-64 with AVX2).
    static let isAvailable = rk_scan_available() != 0

    /// Owns the C scan's memory.
    private final class Storage: @unchecked Sendable {
        let scan: UnsafeMutablePointer<rk_scan>
        init(_ scan: UnsafeMutablePointer<rk_scan>) { self.scan = scan }
        deinit { scan.deallocate() }
    }

    private let storage: Storage?

    /// No scan: ``isEmpty``.
    init() { storage = nil }

    /// - Parameters:
    ///   - anchors: Each fragment's first three bytes folded, and the
    ///     folds of the text's second and third bytes (0xFF: any byte).
    ///   - fragments: Lower-case fragments, ``MatchPattern/anyByte`` for
    ///     any byte.
    ///   - spellings: The word's ASCII spellings, folded.
    init(anchors: [(UInt8, UInt8, UInt8, UInt8, UInt8)], fragments: [[UInt8]], spellings: [[UInt8]]) {
        guard Self.isAvailable else {
            storage = nil
            return
        }
        let scan = UnsafeMutablePointer<rk_scan>.allocate(capacity: 1)
        rk_scan_init(scan)
        var fits = true
        for anchor in anchors where fits {
            fits = rk_scan_add_anchor(scan, anchor.0, anchor.1, anchor.2, anchor.3, anchor.4) != 0
        }
        for fragment in fragments where fits {
            fits = fragment.withUnsafeBufferPointer { rk_scan_add_fragment(scan, $0.baseAddress, $0.count) } != 0
        }
        for spelling in spellings where fits {
            fits = spelling.withUnsafeBufferPointer { rk_scan_add_spelling(scan, $0.baseAddress, $0.count) } != 0
        }
        if fits {
            storage = Storage(scan)
        } else {
            scan.deallocate()
            storage = nil
        }
    }

    /// Whether there is no scan.
    var isEmpty: Bool { storage == nil }

    /// The scan, for a caller that holds this kernel (or a copy) while it
    /// uses the pointer; `nil` when ``isEmpty``.
    var pointer: UnsafePointer<rk_scan>? { storage.map { UnsafePointer($0.scan) } }

    /// The first hit at or after `start` and before `end`, as
    /// ``LinePrefilter`` defines one; `nil` when there is none.
    /// - Precondition: The scan is not ``isEmpty``.
    @inline(__always)
    static func nextHit(
        _ scan: UnsafePointer<rk_scan>, in base: UnsafeRawPointer, from start: Int, end: Int, countsKeys: Bool
    ) -> Int? {
        let hit = rk_scan_next_hit(scan, base.assumingMemoryBound(to: UInt8.self), start, end, countsKeys ? 1 : 0)
        return hit < 0 ? nil : hit
    }

    /// ``LinePrefilter/mayMatchFuzzily(_:)``.
    @inline(__always)
    static func mayMatchFuzzily(_ scan: UnsafePointer<rk_scan>, _ line: UnsafeRawBufferPointer) -> Bool {
        guard let base = line.baseAddress else { return rk_scan_may_match_fuzzily(scan, nil, 0) != 0 }
        return rk_scan_may_match_fuzzily(scan, base.assumingMemoryBound(to: UInt8.self), line.count) != 0
    }
}
