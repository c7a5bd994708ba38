import ByteScan
import Dispatch
import TextMatching

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Rules out NDJSON lines from their raw bytes, before any parsing, for a
/// query with a word that every result must match.
///
/// That word's ``MatchPattern/requiredFragments(minimumLength:)`` are byte
/// strings one of which every text it matches (below the fuzzy tier) holds.
/// A line that is plain ASCII, has no backslash (so no escape can spell a
/// letter) and holds none of the fragments in any case cannot match in a
/// search field that shows a value as written (``SearchField/isVerbatim``).
/// The search then only validates the line and finds its kind; it matches
/// records of other kinds as usual.
///
/// A word whose every spelling folds to non-ASCII letters (`日本`, `сестёр`)
/// has no fragments: the matcher never finds such a word in ASCII text, so
/// only lines with a byte from 0x80 or a backslash may match.
///
/// While nothing has matched, fuzzy matches stand in, and those hold no
/// fragment: a line is then also asked ``mayMatchFuzzily(_:)``, which
/// rules it out when the word's letters do not all appear in it in order.
///
/// The scan looks at 16 bytes at a time for the first three bytes of every
/// fragment, and for bytes from 0x80 and backslashes, and confirms each hit
/// on the exact bytes. On a processor with AVX2 the same scan runs 32 bytes
/// at a time in C (``ScanKernel``, module `ByteScan`), which Swift's SIMD
/// types cannot express as cheaply (no byte mask of a compare).
struct LinePrefilter: Sendable {
    /// The word the prefilter is for.
    let pattern: MatchPattern
    /// Whether the word is a `field:value` term, whose field a computed
    /// search field may stand for.
    let isFieldTerm: Bool
    /// The field a `field:value` term names.
    let field: String?
    /// Lower-case ASCII fragments, each at least two bytes long.
    let fragments: [[UInt8]]
    /// Their first bytes, as the vector scan compares them.
    private let anchors: [Anchor]
    /// How many anchors the scans compare blocks with (for tests).
    var anchorCount: Int { anchors.count }
    /// Whether every anchor is ``Anchor/isFolded`` (asked once: comparing
    /// the vectors costs more than a short line's scan).
    private let anchorsAreFolded: Bool
    /// The anchors, apart: those compared folded, then the others, for the
    /// scan of three or more.
    private let foldedAnchors: [FoldedAnchor]
    private let otherAnchors: [Anchor]
    /// The scan in C, when this processor has AVX2 and the word's anchors
    /// and fragments fit it; empty, the Swift scan runs.
    ///
    /// The per-line path calls it through ``FieldScanPlan/lineScan``, a
    /// plain pointer: called on the prefilter in the shared plan, a method
    /// may copy the prefilter first, counting a reference to each of its
    /// arrays, for which the workers' cores contend (`search zzqxj` ran
    /// 20 % slower so when this field was added). ``alternatives`` is
    /// computed, not stored, to keep the prefilter as small as it was.
    let kernel: ScanKernel

    /// Other sets of fragments for the same word, cut elsewhere
    /// (``MatchPattern/requiredFragmentSets(minimumLength:)``). Made when
    /// asked (once per file), not stored: see ``kernel``.
    var alternatives: [[[UInt8]]] { fragments.isEmpty ? [] : pattern.requiredFragmentSets(minimumLength: 2) }

    /// The folded units of each spelling of the word that can match ASCII
    /// text (see ``mayMatchFuzzily(_:)``); empty when none can.
    let spellings: [[UInt8]]

    /// A prefilter for the most selective word of `query`, or `nil` when no
    /// word gives one (no positive word, a word with both ASCII and other
    /// spellings) or fuzzy matches are asked for.
    init?(query: Query, fuzzy: Bool) {
        guard !fuzzy else { return nil }
        var best: (pattern: MatchPattern, isField: String?, sets: [[[UInt8]]])?
        var foreign: (pattern: MatchPattern, isField: String?)?
        for condition in query.conditions where !condition.negated {
            let pattern: MatchPattern
            let isField: String?
            switch condition.clause {
            case .text(let text, _): (pattern, isField) = (text, nil)
            // A number is compared as a number (`price:5.00` finds 5.0), whatever the bytes.
            case .fieldText(let field, let text, let raw) where Query.number(raw) == nil:
                (pattern, isField) = (text, field)
            default: continue
            }
            if foreign == nil, !pattern.isEmpty, Self.asciiSpellings(of: pattern).isEmpty {
                foreign = (pattern, isField)
            }
            let sets = pattern.requiredFragmentSets(minimumLength: 2)
            guard let fragments = sets.first else { continue }
            // The longest shortest fragment, then the fewest fragments.
            let shortest = fragments.map(\.count).min() ?? 0
            if let current = best?.sets[0] {
                let currentShortest = current.map(\.count).min() ?? 0
                guard
                    shortest > currentShortest
                        || (shortest == currentShortest && fragments.count < current.count)
                else { continue }
            }
            best = (pattern, isField, sets)
        }
        // A word no ASCII text can match rules out more than any fragment.
        if let foreign {
            self.init(pattern: foreign.pattern, field: foreign.isField, fragments: [])
            return
        }
        guard let best else { return nil }
        self.init(pattern: best.pattern, field: best.isField, fragments: best.sets[0])
    }

    /// The folded units of each spelling of `pattern` (the word and its
    /// alternatives) that is all ASCII: the others never match ASCII text.
    static func asciiSpellings(of pattern: MatchPattern) -> [[UInt8]] {
        ([pattern] + pattern.alternatives).compactMap { spelling in
            spelling.units.allSatisfy { $0 < 0x80 } ? spelling.units.map { UInt8(truncatingIfNeeded: $0) } : nil
        }
    }

    /// Whether the word may match `line` fuzzily: whether one of its ASCII
    /// spellings is a subsequence of the line's bytes, ignoring case. A
    /// fuzzy match (``MatchTier/fuzzy``) holds every unit of the word in
    /// order within one field's folded text, which a line of plain ASCII
    /// without escapes shows byte for byte.
    /// - Parameter line: A line that ``mayMatch(_:)`` ruled out: plain
    ///   ASCII without a backslash.
    func mayMatchFuzzily(_ line: UnsafeRawBufferPointer) -> Bool {
        if let scan = kernel.pointer { return ScanKernel.mayMatchFuzzily(scan, line) }
        guard let base = line.baseAddress else { return spellings.contains { $0.isEmpty } }
        let count = line.count
        for spelling in spellings {
            var index = 0
            var found = true
            for unit in spelling {
                // A letter is found in either case, anything else as it is.
                let fold: UInt8 = unit &- 0x61 < 26 ? 0x20 : 0
                guard let at = Self.firstIndex(of: unit, folding: fold, in: base, from: index, end: count) else {
                    found = false
                    break
                }
                index = at &+ 1
            }
            if found { return true }
        }
        return false
    }

    /// ``mayMatchFuzzily(_:)``, held to one value: whether one of the
    /// word's ASCII spellings is a subsequence, ignoring case, of the bytes
    /// between two quotes of the line (or before its first, or after its
    /// last). A field that shows a value as written
    /// (``SearchField/isVerbatim``) is one string's bytes between its quotes,
    /// or one number or literal, which holds no quote: the keys and other
    /// values that ``mayMatchFuzzily(_:)`` lets spell the word in order
    /// (`"rank"`, `"suit"`, `"condition"` for `refund`) are not one field.
    /// Asked only of a line that ``mayMatchFuzzily(_:)`` let through.
    /// - Parameter line: A line that ``mayMatch(_:)`` ruled out: plain
    ///   ASCII without a backslash.
    func mayMatchFuzzilyWithinOneValue(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let base = line.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            return spellings.contains { $0.isEmpty }
        }
        let count = line.count
        let quote = UInt8(ascii: "\"")
        return spellings.contains { spelling in
            spelling.withUnsafeBufferPointer { units in
                guard let first = units.first else { return true }
                // The leftmost match within each stretch between quotes: a
                // quote starts the spelling again.
                var matched = 0
                var unit = first
                var fold: UInt8 = unit &- 0x61 < 26 ? 0x20 : 0
                for index in 0..<count {
                    let byte = base[index]
                    if byte == quote {
                        matched = 0
                    } else if byte | fold == unit {
                        matched &+= 1
                        if matched == units.count { return true }
                    } else {
                        continue
                    }
                    unit = units[matched]
                    fold = unit &- 0x61 < 26 ? 0x20 : 0
                }
                return false
            }
        }
    }

    /// Whether the word may match a field of an unknown kind's record on
    /// `line` fuzzily: whether one of its ASCII spellings has each of its
    /// units somewhere in the line, in any order, letters in either case.
    /// The details field of an unknown kind joins `key=value` pairs in the
    /// order of their keys' first members, with the value of a key's last
    /// member, so a repeated key can show values in another order than the
    /// line's; but every unit of that text other than the `=` and the
    /// spaces it adds is a byte of the line. A spelling missing a unit the
    /// line does not hold cannot match, whatever the order.
    /// - Parameter line: A line that ``mayMatch(_:)`` ruled out.
    func mayMatchFuzzilyInAnyOrder(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let base = line.baseAddress else { return true }
        return spellings.contains { spelling in
            spelling.allSatisfy { unit in
                if unit == UInt8(ascii: "=") || unit == UInt8(ascii: " ") { return true }
                if memchr(base, Int32(unit), line.count) != nil { return true }
                // A letter is found in either case.
                return unit &- 0x61 < 26 && memchr(base, Int32(unit &- 0x20), line.count) != nil
            }
        }
    }

    /// The first offset from `start` before `end` whose byte, with `fold`
    /// set, is `unit`; 32 or 16 bytes at a time. The last bytes of a line of at
    /// least 16 are looked at as its last 16, the lanes before `start`
    /// cleared, not one at a time.
    @inline(__always)
    private static func firstIndex(
        of unit: UInt8, folding fold: UInt8, in base: UnsafeRawPointer, from start: Int, end: Int
    ) -> Int? {
        let wanted = SIMD16<UInt8>(repeating: unit)
        let folds = SIMD16<UInt8>(repeating: fold)
        let zero = SIMD16<UInt8>(repeating: 0)
        @inline(__always)
        func lanes(at index: Int) -> (UInt64, UInt64) {
            let chunk = base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) | folds
            let lanes = unsafeBitCast(zero.replacing(with: 0xFF, where: chunk .== wanted), to: SIMD2<UInt64>.self)
            return (lanes[0], lanes[1])
        }
        var index = start
        // 32 bytes at a time while neither half holds the byte.
        while index &+ 32 <= end {
            let first = base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) | folds
            let second = base.loadUnaligned(fromByteOffset: index &+ 16, as: SIMD16<UInt8>.self) | folds
            let any = unsafeBitCast(
                zero.replacing(with: 0xFF, where: (first .== wanted) .| (second .== wanted)), to: SIMD2<UInt64>.self)
            if any[0] | any[1] != 0 { break }
            index &+= 32
        }
        while index &+ 16 <= end {
            let (low, high) = lanes(at: index)
            if low != 0 { return index &+ low.trailingZeroBitCount >> 3 }
            if high != 0 { return index &+ 8 &+ high.trailingZeroBitCount >> 3 }
            index &+= 16
        }
        guard index < end else { return nil }
        if end >= 16 {
            let last = end &- 16
            var (low, high) = lanes(at: last)
            // The lanes before `index` (1 to 15 of them) were looked at, or
            // come before `start`.
            let seen = index &- last
            if seen >= 8 {
                low = 0
                high &= UInt64.max &<< UInt64((seen &- 8) &* 8)
            } else {
                low &= UInt64.max &<< UInt64(seen &* 8)
            }
            if low != 0 { return last &+ low.trailingZeroBitCount >> 3 }
            if high != 0 { return last &+ 8 &+ high.trailingZeroBitCount >> 3 }
            return nil
        }
        while index < end {
            if base.load(fromByteOffset: index, as: UInt8.self) | fold == unit { return index }
            index &+= 1
        }
        return nil
    }

    /// The longest fragment confirmed byte by byte: a longer one is cut to
    /// its start, which a line holding it holds too, so that a repetitive
    /// line (`aaaa…` for the word `aaa…ab`) costs at most this much per byte.
    static let maxFragmentLength = 64

    private init(
        pattern: MatchPattern, field: String?, fragments: [[UInt8]], scansInC: Bool = true
    ) {
        self.pattern = pattern
        self.isFieldTerm = field != nil
        self.field = field
        self.spellings = Self.asciiSpellings(of: pattern)
        let fragments = fragments.map { Array($0.prefix(Self.maxFragmentLength)) }
        self.fragments = fragments
        // Each fragment's first three bytes, folded; a two-byte fragment
        // accepts any third byte. Fragments that start alike share an
        // anchor (`cof` and `coffe emug`): a flagged byte is confirmed
        // against every fragment.
        var anchors: [Anchor] = []
        for fragment in fragments {
            let anySecond = fragment[1] == MatchPattern.anyByte
            let anyThird = fragment.count <= 2 || fragment[2] == MatchPattern.anyByte
            let anchor = Anchor(
                first: SIMD16(repeating: fragment[0] | 0x20),
                second: SIMD16(repeating: anySecond ? 0xFF : fragment[1] | 0x20),
                third: SIMD16(repeating: anyThird ? 0xFF : fragment[2] | 0x20),
                secondFold: SIMD16(repeating: anySecond ? 0xFF : 0x20),
                thirdFold: SIMD16(repeating: anyThird ? 0xFF : 0x20)
            )
            if !anchors.contains(anchor) { anchors.append(anchor) }
        }
        self.anchors = anchors
        self.anchorsAreFolded = anchors.allSatisfy(\.isFolded)
        self.foldedAnchors = anchors.filter(\.isFolded).map(FoldedAnchor.init)
        self.otherAnchors = anchors.filter { !$0.isFolded }
        self.kernel =
            scansInC
            ? ScanKernel(
                anchors: anchors.map { ($0.first[0], $0.second[0], $0.third[0], $0.secondFold[0], $0.thirdFold[0]) },
                fragments: fragments, spellings: spellings) : ScanKernel()
    }

    /// The same prefilter with the Swift scans alone: for tests, which check
    /// both scans against the rule read one byte at a time.
    func withoutKernel() -> LinePrefilter {
        LinePrefilter(pattern: pattern, field: field, fragments: fragments, scansInC: false)
    }

    /// The same word with the fragments that let the fewest lines of
    /// `sample` through (the current ones on a tie). Every set keeps the
    /// same promise, so the results do not change, only how many lines are
    /// matched in full.
    func adapted(toSample sample: UnsafeRawBufferPointer) -> LinePrefilter {
        let candidates =
            [self]
            + alternatives.prefix(16).filter { $0 != fragments }.map { fragments in
                LinePrefilter(pattern: pattern, field: field, fragments: fragments)
            }
        // Each set counted on a core of its own: the workers wait for this.
        let counts = Counts(count: candidates.count, sample: sample)
        DispatchQueue.concurrentPerform(iterations: candidates.count) { index in
            counts.set(index, candidates[index].hits(in: counts.sample, range: 0..<counts.sample.count).count)
        }
        // The first set with the fewest, as counting them in turn would pick.
        var best = 0
        for index in candidates.indices.dropFirst() where counts[index] < counts[best] { best = index }
        return candidates[best]
    }

    /// ``adapted(toSample:)-(UnsafeRawBufferPointer)`` for a sample read into an array.
    func adapted(toSample sample: [UInt8]) -> LinePrefilter {
        // The counting scans read the sample through a pointer, lent for this call only.
        sample.withUnsafeBytes { adapted(toSample: $0) }
    }

    /// Counts that parallel iterations each set once, at their own index,
    /// all before any is read, and the sample they read (valid meanwhile).
    private final class Counts: @unchecked Sendable {
        private let values: UnsafeMutableBufferPointer<Int>
        let sample: UnsafeRawBufferPointer
        init(count: Int, sample: UnsafeRawBufferPointer) {
            values = .allocate(capacity: count)
            self.sample = sample
        }
        deinit { values.deallocate() }
        func set(_ index: Int, _ value: Int) { values[index] = value }
        subscript(index: Int) -> Int { values[index] }
    }

    /// Whether `line` (one line, without its line break) may hold a match.
    func mayMatch(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let base = line.baseAddress, !line.isEmpty else { return false }
        return nextHit(base, from: 0, end: line.count) != nil
    }

    /// Whether `line` may hold a match in a record of an unknown kind,
    /// whose search text joins keys and values: a fragment in a key counts.
    func mayMatchKeysOrValues(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let base = line.baseAddress, !line.isEmpty else { return false }
        return nextHit(base, from: 0, end: line.count, countsKeys: true) != nil
    }

    /// ``mayMatch(_:)`` (or, with `countsKeys`, ``mayMatchKeysOrValues(_:)``)
    /// one byte at a time, as the rule reads: for tests, which check the
    /// vector scan against it.
    func mayMatchByteByByte(_ line: UnsafeRawBufferPointer, countsKeys: Bool) -> Bool {
        guard let base = line.baseAddress, !line.isEmpty else { return false }
        return nextHitByteByByte(base, from: 0, end: line.count, countsKeys: countsKeys) != nil
    }

    /// ``hits(in:range:)`` one byte at a time, as the rule reads: for tests.
    func hitsByteByByte(in buffer: UnsafeRawBufferPointer, range: Range<Int>) -> [Int] {
        var found: [Int] = []
        guard let base = buffer.baseAddress, range.upperBound <= buffer.count else { return found }
        var index = range.lowerBound
        while let hit = nextHitByteByByte(base, from: index, end: range.upperBound, countsKeys: false) {
            found.append(hit)
            guard let newline = buffer[hit..<range.upperBound].firstIndex(of: 0x0A) else { break }
            index = newline + 1
        }
        return found
    }

    private func nextHitByteByByte(_ base: UnsafeRawPointer, from start: Int, end: Int, countsKeys: Bool) -> Int? {
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        return (start..<end).first { isHit(bytes, at: $0, end: end, countsKeys: countsKeys) }
    }

    /// The offsets, ascending, of bytes in `range` of `buffer` that keep
    /// their line from being ruled out: the first byte of a fragment, a byte
    /// from 0x80 or a backslash. After a hit the rest of its line is not
    /// looked at, so a line has at most one.
    func hits(in buffer: UnsafeRawBufferPointer, range: Range<Int>) -> [Int] {
        var found: [Int] = []
        guard let base = buffer.baseAddress, range.upperBound <= buffer.count else { return found }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        var index = range.lowerBound
        while let hit = nextHit(base, from: index, end: range.upperBound) {
            found.append(hit)
            guard let found = memchr(bytes + hit, 0x0A, range.upperBound - hit) else { break }
            index = UnsafeRawPointer(found) - base + 1
        }
        return found
    }

    /// ``hits(in:range:)-(UnsafeRawBufferPointer,_)`` for bytes lent as a
    /// span, as a block of a file is: lent to the SIMD loop as a pointer.
    func hits(in bytes: Span<UInt8>, range: Range<Int>) -> [Int] {
        bytes.withUnsafeBytes { buffer in hits(in: buffer, range: range) }
    }

    /// The offset of the first byte in `range` of `buffer` that keeps its
    /// record from being ruled out (as in ``hits(in:range:)-(UnsafeRawBufferPointer,_)``), or `nil`:
    /// for records that are not lines, the elements of a JSON array.
    @inline(__always)
    func firstHit(in bytes: Span<UInt8>, range: Range<Int>) -> Int? {
        // The SIMD scan reads through a pointer, lent for this call only.
        bytes.withUnsafeBytes { firstHit(in: $0, range: range) }
    }

    /// ``firstHit(in:range:)-(Span<UInt8>,_)`` over bytes lent as a pointer.
    func firstHit(in buffer: UnsafeRawBufferPointer, range: Range<Int>) -> Int? {
        guard let base = buffer.baseAddress, range.upperBound <= buffer.count, !range.isEmpty else { return nil }
        return nextHit(base, from: range.lowerBound, end: range.upperBound)
    }

    /// The first hit at or after `start` and before `end`; with
    /// `countsKeys`, a fragment in an object key counts too.
    ///
    /// One or two anchors (most words) are held in locals, so that the scan
    /// compares each block with them without a loop over the anchors or
    /// their loads from the array; more take the loop. The blocks flagged
    /// are the same either way.
    private func nextHit(_ base: UnsafeRawPointer, from start: Int, end: Int, countsKeys: Bool = false) -> Int? {
        if let scan = kernel.pointer {
            return ScanKernel.nextHit(scan, in: base, from: start, end: end, countsKeys: countsKeys)
        }
        // Fragments of letters alone (most words) have no byte that may be
        // any byte: each byte is compared folded, and the folds of the
        // block one and two bytes on are made once for both anchors. (Two
        // anchors of which one is not folded, rare, take the loop.)
        let folded = anchorsAreFolded
        switch anchors.count {
        case 1 where folded:
            return nextHit(base, from: start, end: end, countsKeys: countsKeys, anchors: OneFoldedAnchor(anchors[0]))
        case 2 where folded:
            return nextHit(
                base, from: start, end: end, countsKeys: countsKeys,
                anchors: TwoFoldedAnchors(anchors[0], anchors[1]))
        case 1:
            return nextHit(base, from: start, end: end, countsKeys: countsKeys, anchors: OneAnchor(a: anchors[0]))
        default:
            return foldedAnchors.withUnsafeBufferPointer { folded in
                otherAnchors.withUnsafeBufferPointer { others in
                    nextHit(
                        base, from: start, end: end, countsKeys: countsKeys,
                        anchors: AnyAnchors(folded: folded, others: others))
                }
            }
        }
    }

    /// The anchors a block is compared with, as a type of its own for each
    /// count held in locals, so that the scan is compiled for each.
    private protocol Anchors {
        /// The lanes of a block (folded: `c0`; raw, one and two bytes on:
        /// `raw1`, `raw2`) where a fragment may start.
        func flags(_ c0: SIMD16<UInt8>, _ raw1: SIMD16<UInt8>, _ raw2: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>>
    }

    private struct OneAnchor: Anchors {
        let a: Anchor
        @inline(__always)
        func flags(_ c0: SIMD16<UInt8>, _ raw1: SIMD16<UInt8>, _ raw2: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
            a.flags(c0, raw1, raw2)
        }
    }

    /// An anchor whose second and third bytes are compared folded, as
    /// ``Anchor/flags(_:_:_:)`` compares them when their folds are 0x20.
    private struct FoldedAnchor {
        let first: SIMD16<UInt8>
        let second: SIMD16<UInt8>
        let third: SIMD16<UInt8>
        init(_ anchor: Anchor) {
            (first, second, third) = (anchor.first, anchor.second, anchor.third)
        }
        @inline(__always)
        func flags(_ c0: SIMD16<UInt8>, _ c1: SIMD16<UInt8>, _ c2: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
            (c0 .== first) .& (c1 .== second) .& (c2 .== third)
        }
    }

    private struct OneFoldedAnchor: Anchors {
        let a: FoldedAnchor
        init(_ a: Anchor) { self.a = FoldedAnchor(a) }
        @inline(__always)
        func flags(_ c0: SIMD16<UInt8>, _ raw1: SIMD16<UInt8>, _ raw2: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
            let fold = SIMD16<UInt8>(repeating: 0x20)
            return a.flags(c0, raw1 | fold, raw2 | fold)
        }
    }

    private struct TwoFoldedAnchors: Anchors {
        let a: FoldedAnchor
        let b: FoldedAnchor
        init(_ a: Anchor, _ b: Anchor) { (self.a, self.b) = (FoldedAnchor(a), FoldedAnchor(b)) }
        @inline(__always)
        func flags(_ c0: SIMD16<UInt8>, _ raw1: SIMD16<UInt8>, _ raw2: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
            let fold = SIMD16<UInt8>(repeating: 0x20)
            let c1 = raw1 | fold
            let c2 = raw2 | fold
            return a.flags(c0, c1, c2) .| b.flags(c0, c1, c2)
        }
    }

    /// Any number of anchors: those compared folded share the block's
    /// folds one and two bytes on, made once; the others fold as they say.
    private struct AnyAnchors: Anchors {
        let folded: UnsafeBufferPointer<FoldedAnchor>
        let others: UnsafeBufferPointer<Anchor>
        @inline(__always)
        func flags(_ c0: SIMD16<UInt8>, _ raw1: SIMD16<UInt8>, _ raw2: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
            var flagged = SIMDMask<SIMD16<Int8>>(repeating: false)
            let fold = SIMD16<UInt8>(repeating: 0x20)
            let c1 = raw1 | fold
            let c2 = raw2 | fold
            for anchor in folded { flagged .|= anchor.flags(c0, c1, c2) }
            for anchor in others { flagged .|= anchor.flags(c0, raw1, raw2) }
            return flagged
        }
    }

    /// ``nextHit(_:from:end:countsKeys:)`` with `anchors`. Four blocks
    /// are looked at a time, and confirmed in order only when any has a
    /// flagged lane.
    @inline(__always)
    private func nextHit(
        _ base: UnsafeRawPointer,
        from start: Int,
        end: Int,
        countsKeys: Bool,
        anchors: some Anchors
    ) -> Int? {
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        let fold = SIMD16<UInt8>(repeating: 0x20)
        // A backslash folds to `|` (0x7C), as `|` does: confirmed exactly.
        let backslash = SIMD16<UInt8>(repeating: 0x7C)
        let zero = SIMD16<Int8>(repeating: 0)
        // Masks, each lane all ones or zero: a byte from 0x80 is negative.
        @inline(__always)
        func flags(at index: Int) -> SIMDMask<SIMD16<Int8>> {
            let raw = base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let raw1 = base.loadUnaligned(fromByteOffset: index &+ 1, as: SIMD16<UInt8>.self)
            let raw2 = base.loadUnaligned(fromByteOffset: index &+ 2, as: SIMD16<UInt8>.self)
            let c0 = raw | fold
            return (c0 .== backslash) .| (SIMD16<Int8>(truncatingIfNeeded: raw) .< zero)
                .| anchors.flags(c0, raw1, raw2)
        }
        // The first confirmed hit among the flagged lanes of the block at
        // `index`. A lane is flagged when any bit of its byte is set; each
        // is confirmed on the exact bytes.
        @inline(__always)
        func confirm(_ flagged: SIMDMask<SIMD16<Int8>>, at index: Int) -> Int? {
            let lanes = unsafeBitCast(flagged, to: SIMD2<UInt64>.self)
            var bits = (lanes[0], lanes[1])
            while bits.0 | bits.1 != 0 {
                let lane: Int
                if bits.0 != 0 {
                    lane = bits.0.trailingZeroBitCount >> 3
                    bits.0 &= ~(0xFF << UInt64(lane * 8))
                } else {
                    lane = 8 + bits.1.trailingZeroBitCount >> 3
                    bits.1 &= ~(0xFF << UInt64((lane - 8) * 8))
                }
                if isHit(bytes, at: index &+ lane, end: end, countsKeys: countsKeys) { return index &+ lane }
            }
            return nil
        }
        var index = start
        while index &+ 66 <= end {
            let first = flags(at: index)
            let second = flags(at: index &+ 16)
            let third = flags(at: index &+ 32)
            let fourth = flags(at: index &+ 48)
            let any = unsafeBitCast((first .| second) .| (third .| fourth), to: SIMD2<UInt64>.self)
            if any[0] | any[1] != 0 {
                if let hit = confirm(first, at: index) { return hit }
                if let hit = confirm(second, at: index &+ 16) { return hit }
                if let hit = confirm(third, at: index &+ 32) { return hit }
                if let hit = confirm(fourth, at: index &+ 48) { return hit }
            }
            index &+= 64
        }
        while index &+ 18 <= end {
            if let hit = confirm(flags(at: index), at: index) { return hit }
            index &+= 16
        }
        while index < end {
            if isHit(bytes, at: index, end: end, countsKeys: countsKeys) { return index }
            index &+= 1
        }
        return nil
    }

    /// The first three bytes of a fragment, folded, in every lane. A second
    /// or third byte that is ``MatchPattern/anyByte``, or a third of a
    /// two-byte fragment, is 0xFF with a fold of 0xFF: any text byte, or-ed
    /// with the fold, equals it.
    private struct Anchor: Equatable {
        var first: SIMD16<UInt8>
        var second: SIMD16<UInt8>
        var third: SIMD16<UInt8>
        /// What the text's second and third bytes are or-ed with: 0x20
        /// (ASCII case), or 0xFF for any byte.
        var secondFold: SIMD16<UInt8>
        var thirdFold: SIMD16<UInt8>

        /// Whether the second and third bytes are compared folded with
        /// 0x20 (no byte that may be any byte).
        var isFolded: Bool {
            secondFold == SIMD16(repeating: 0x20) && thirdFold == SIMD16(repeating: 0x20)
        }

        /// The lanes of a block (folded: `c0`; raw, one and two bytes on:
        /// `raw1`, `raw2`) where this fragment may start. A second or third
        /// byte that may be any byte has a fold of all ones, as its wanted
        /// byte: always equal.
        @inline(__always)
        func flags(_ c0: SIMD16<UInt8>, _ raw1: SIMD16<UInt8>, _ raw2: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
            (c0 .== first) .& ((raw1 | secondFold) .== second) .& ((raw2 | thirdFold) .== third)
        }
    }

    /// Whether the byte at `position` is from 0x80, a backslash, or starts a
    /// fragment that ends before `end`.
    @inline(__always)
    private func isHit(_ bytes: UnsafePointer<UInt8>, at position: Int, end: Int, countsKeys: Bool = false) -> Bool {
        let byte = bytes[position]
        if byte >= 0x80 || byte == 0x5C { return true }
        for fragment in fragments where position &+ fragment.count <= end {
            var offset = 0
            while offset < fragment.count {
                let text = bytes[position &+ offset]
                let folded = text &- 0x41 < 26 ? text | 0x20 : text
                if folded != fragment[offset] && fragment[offset] != MatchPattern.anyByte { break }
                offset &+= 1
            }
            if offset == fragment.count && (countsKeys || !isInKey(bytes, from: position &+ offset, end: end)) {
                return true
            }
        }
        return false
    }

    /// Whether the bytes from `start` run to a closing quote followed by a
    /// colon: the occurrence is inside an object key (`"kind":`), which no
    /// known kind's search field holds (an unknown kind's does: see
    /// ``mayMatchKeysOrValues(_:)``). A line with a backslash is a hit before
    /// this is asked, so no escaped quote can mislead it.
    @inline(__always)
    private func isInKey(_ bytes: UnsafePointer<UInt8>, from start: Int, end: Int) -> Bool {
        var index = start
        while index < end && index &- start < 64 {
            let byte = bytes[index]
            if byte == 0x22 { return index &+ 1 < end && bytes[index &+ 1] == 0x3A }
            if byte == 0x2C || byte == 0x7B || byte == 0x7D { return false }
            index &+= 1
        }
        return false
    }
}
