/// Speeds up ``JSONFieldScanner/scanFlat(_:into:)`` over many lines that
/// are laid out alike, as the lines of one NDJSON producer are: the same
/// keys in the same order, with the same punctuation, and values that vary.
///
/// It learns the layout (the *shape*) of each line that `scanFlat` takes:
/// the bytes between the values, and which wanted key each value belongs
/// to. A later line is first checked against the shapes it learned: the
/// bytes between its values compared as they are (keys, colons, commas and
/// whitespace at once), and only the values scanned. A text that matches a
/// shape is valid, because the shape's bytes came from a valid flat object
/// and every value in between is a valid scalar that ends where the next
/// stretch of punctuation starts. A line that matches no shape is given to
/// `scanFlat`, and its shape is learned.
///
/// The answers are exactly `scanFlat`'s. Shapes are told apart by the start
/// of the line up to the end of its first value (`{"kind":"card"`, say), so
/// that a line is compared in full with a few shapes at most; when few
/// lines match a shape, it stops trying.
///
/// ```swift
/// var shapes = FlatObjectShapes(scanner: JSONFieldScanner(keys: ["kind"]))
/// var values: [JSONFieldScanner.RawValue] = []
/// for line in lines where line.withUnsafeBytes({ shapes.scan($0, into: &values) }) { ... }
/// ```
public struct FlatObjectShapes: Sendable {
    /// One stretch of bytes before a value (or, last, after the last one).
    private struct Gap: Sendable {
        /// Where its bytes are in `bytes`.
        var start: Int
        var count: Int
        /// The wanted key of the value after it, or -1.
        var match: Int
        /// The index in `keys` of the key of the value after it, or -1
        /// for the last gap.
        var key: Int
        /// Its first and last eight bytes (which overlap below sixteen),
        /// when it has eight to sixteen, as most gaps between members
        /// have (`,"name":`): the plain walk compares them as two words
        /// without looking its bytes up. Zero otherwise.
        var head: UInt64 = 0
        var tail: UInt64 = 0
        /// For a gap of one to seven bytes with eight bytes of the line
        /// up to its end (the last gap, `"}`, most often): the bytes
        /// that a word loaded to the gap's end keeps of it (`tail` then
        /// holds them as learned, the rest zero). Zero otherwise.
        var shortMask: UInt64 = 0

        /// Whether `head` and `tail` hold the whole gap.
        @inline(__always)
        var isTwoWords: Bool { UInt(bitPattern: count &- 8) <= 8 }

        /// Whether the gap is the bytes of `raw` that end at `end`, when
        /// `shortMask` is set and `end` is eight or more: one word, loaded
        /// to the gap's end, masked. (Nearer the start, the bytes are
        /// compared as they are: the walk and ``shapeWithGap`` must agree
        /// on whether a gap is there.)
        @inline(__always)
        func endsShort(at end: Int, in raw: UnsafeRawPointer) -> Bool {
            (raw.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self) & shortMask) == tail
        }
    }

    /// One member of a line that matched a shape: its key (an index in
    /// `keys`) and where its value is.
    package struct MemberSpan: Sendable {
        var key: Int
        var value: JSONFieldScanner.RawValue
    }

    /// One learned shape: `gapCount` gaps from `firstGap`, so
    /// `gapCount - 1` values.
    private struct Shape: Sendable {
        var firstGap: Int
        var gapCount: Int
        /// Where the bytes that tell lines of this shape apart are in
        /// `bytes`, and how many: the first gap and, when it is a short
        /// string, the first value.
        var selectorStart: Int
        var selectorCount: Int
        /// The selector's first and last eight bytes (which overlap below
        /// sixteen), when it has eight or more: compared first, as words.
        var selectorHead: UInt64 = 0
        var selectorTail: UInt64 = 0
    }

    /// The scanner whose `scanFlat` this speeds up.
    public let scanner: JSONFieldScanner
    /// At most this many shapes; when full, they are forgotten and learned
    /// again.
    static let capacity = 16
    /// The longest stretch of a line's bytes between values that is learned.
    static let maxShapeBytes = 4_096

    private var shapes: [Shape] = []
    private var gaps: [Gap] = []
    private var bytes: [UInt8] = []
    /// The keys that the learned shapes name, each once, made when learned.
    private var keys: [String] = []
    private var layout = JSONFieldScanner.FlatLayout()
    /// Lines scanned, and those that matched a shape, while deciding whether
    /// shapes pay off.
    private var lines = 0
    /// How many lines matched a learned shape.
    private(set) var matched = 0
    private var isEnabled = true

    /// Shapes for the flat objects that `scanner` scans.
    public init(scanner: JSONFieldScanner) {
        self.scanner = scanner
    }

    /// Does what ``JSONFieldScanner/scanFlat(_:into:)`` does, with the same
    /// answer and values, faster for a line laid out like one before it.
    public mutating func scan(
        _ text: UnsafeRawBufferPointer,
        into values: inout [JSONFieldScanner.RawValue]
    ) -> Bool {
        scan(text, into: &values, members: nil, plainASCII: false)
    }

    /// ``scan(_:into:)`` for a line known to hold no byte from 0x80 and no
    /// backslash (as every line that ``LinePrefilter`` rules out): the same
    /// answer and values. A string of such a line ends at its first quote
    /// or control byte, so a value laid out as learned is found by looking
    /// for those two alone, 16 bytes at a time, not for every byte a string
    /// may not hold as it is.
    /// `FlatObjectShapesTests` checks it against ``scan(_:into:)`` and
    /// `scanFlat` on random and damaged lines.
    package mutating func scanPlainASCII(
        _ text: UnsafeRawBufferPointer,
        into values: inout [JSONFieldScanner.RawValue]
    ) -> Bool {
        scan(text, into: &values, members: nil, plainASCII: true)
    }

    /// Parses a flat object of plain text into the ``JSONObject`` that
    /// ``JSONParser`` makes of it (every member, in order, strings and
    /// numbers as written) without parsing its keys: they come from the
    /// line's shape. `nil` when the line is not such an object, or when its
    /// shape cannot be learned, which says nothing about whether it is
    /// valid: the caller parses it then. `values` gets the wanted keys'
    /// values, as ``scan(_:into:)`` gives them.
    /// `spans` is scratch space, kept from line to line.
    package mutating func parseObject(
        _ text: UnsafeRawBufferPointer,
        values: inout [JSONFieldScanner.RawValue],
        spans: inout [MemberSpan],
        cache: ShortStringCache
    ) -> JSONObject? {
        var storage = ReusedMembers()
        return parseObject(text, values: &values, spans: &spans, cache: cache, reusing: &storage)
    }

    /// ``parseObject(_:values:spans:cache:)``, with the members in
    /// `storage`'s buffer when nothing else holds it any more (the object
    /// made from the line before was let go): no buffer is allocated and
    /// freed per line. `storage` then shares its buffer with the object.
    package mutating func parseObject(
        _ text: UnsafeRawBufferPointer,
        values: inout [JSONFieldScanner.RawValue],
        spans: inout [MemberSpan],
        cache: ShortStringCache,
        reusing storage: inout ReusedMembers
    ) -> JSONObject? {
        guard isEnabled else { return nil }
        if spans.count < JSONFieldScanner.FlatLayout.capacity {
            spans = Array(
                repeating: MemberSpan(key: 0, value: .absent), count: JSONFieldScanner.FlatLayout.capacity)
        }
        return spans.withUnsafeMutableBufferPointer { spans -> JSONObject? in
            var found = spans
            guard scanMembers(text, into: &values, members: &found) else { return nil }
            guard let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            // `reserveCapacity` then `append`, as in `MoveStack.popArray`:
            // `Array(unsafeUninitializedCapacity:)` looks the storage class
            // up in the runtime's metadata cache for every line, which the
            // cores of a parallel search contend for.
            keys.withUnsafeBufferPointer { keys in
                Self.refill(&storage, keys: keys, spans: found) {
                    $0.valueNotingReference(in: base, count: text.count, cache: cache)
                }
            }
            return JSONObject(storage.members)
        }
    }

    /// Where a member's value is within a `JSONObject.Member`, if the
    /// layout says (`MemoryLayout.offset(of:)` is not a constant here).
    private static let valueOffset = MemoryLayout<JSONObject.Member>.offset(of: \JSONObject.Member.value)

    /// Makes `storage` the members `spans` name, in order: each key is
    /// `keys[span.key]`, each value `value(span.value)`, which also says
    /// whether the value holds no reference to count (see
    /// `JSONValue.holdsNoReference`).
    ///
    /// The members already there are overwritten in place, each by its own
    /// assignment, rather than emptied through the array's generic destroy
    /// and appended again (the buffer is copied first when something else
    /// still holds it). Most keys and values of a line hold no reference to
    /// count (see ``ReusedMembers``), and those are written over without a
    /// release, and made without a retain: a key whose bits are those of
    /// the key already in place is left as it is, and one that holds no
    /// reference, replacing another that holds none, is written as bits.
    /// The lines of one shape have their keys at the same places.
    /// `FlatObjectShapesTests` checks the result against members made one
    /// by one, over buffers of every length, shared or not, and that
    /// nothing made is kept once written over.
    @inline(__always)
    package static func refill(
        _ storage: inout ReusedMembers,
        keys: UnsafeBufferPointer<String>,
        spans: UnsafeMutableBufferPointer<MemberSpan>,
        value: (JSONFieldScanner.RawValue) -> (JSONValue, holdsNoReference: Bool)
    ) {
        if storage.members.count > spans.count { storage.members.removeSubrange(spans.count...) }
        let reused = storage.members.count
        var uncounted = storage.uncounted
        if reused > 0, let keyBase = keys.baseAddress {
            let valueOffset = Self.valueOffset
            storage.members.withUnsafeMutableBufferPointer { members in
                guard let memberBase = members.baseAddress else { return }
                let stride = MemoryLayout<JSONObject.Member>.stride
                let keyStride = MemoryLayout<String>.stride
                for index in 0..<reused {
                    let span = spans[index]
                    let member = UnsafeMutableRawPointer(memberBase) + index &* stride
                    if keyStride == 16 {
                        let old = (member + SmallASCIIKey.keyOffset).loadUnaligned(as: (UInt64, UInt64).self)
                        let new = (UnsafeRawPointer(keyBase) + span.key &* keyStride).loadUnaligned(
                            as: (UInt64, UInt64).self)
                        if old != new {
                            if SmallASCIIKey.holdsNoReference(old), SmallASCIIKey.holdsNoReference(new) {
                                (member + SmallASCIIKey.keyOffset).storeBytes(of: new, as: (UInt64, UInt64).self)
                            } else {
                                members[index].key = keys[span.key]
                            }
                        }
                    } else {
                        members[index].key = keys[span.key]
                    }
                    let (made, holdsNoReference) = value(span.value)
                    let bit: UInt64 = index < 64 ? 1 &<< UInt64(index) : 0
                    if uncounted & bit != 0, let valueOffset {
                        // The value there holds nothing to release.
                        (member + valueOffset).assumingMemoryBound(to: JSONValue.self).initialize(to: made)
                    } else {
                        members[index].value = made
                    }
                    if holdsNoReference { uncounted |= bit } else { uncounted &= ~bit }
                }
            }
        }
        if reused < spans.count {
            storage.members.reserveCapacity(spans.count)
            for index in reused..<spans.count {
                let span = spans[index]
                let (made, holdsNoReference) = value(span.value)
                let bit: UInt64 = index < 64 ? 1 &<< UInt64(index) : 0
                if holdsNoReference { uncounted |= bit } else { uncounted &= ~bit }
                storage.members.append(JSONObject.Member(key: keys[span.key], value: made))
            }
        }
        storage.uncounted = uncounted
    }

    /// ``scan(_:into:members:plainASCII:)`` for any line, with members: a
    /// function of its own, in which the walk is compiled for any strings
    /// alone.
    @inline(never)
    private mutating func scanMembers(
        _ text: UnsafeRawBufferPointer,
        into values: inout [JSONFieldScanner.RawValue],
        members: UnsafeMutablePointer<UnsafeMutableBufferPointer<MemberSpan>>
    ) -> Bool {
        scan(text, into: &values, members: members, plainASCII: false)
    }

    /// ``scan(_:into:)``, and when `members` is given, every member of a
    /// line that matches or teaches a shape, in order: `members` is then
    /// cut to them (it holds ``JSONFieldScanner/FlatLayout/capacity``).
    /// A line that `scanFlat` takes but whose shape is not learned gives
    /// `false` when members are asked for.
    @inline(__always)
    private mutating func scan(
        _ text: UnsafeRawBufferPointer,
        into values: inout [JSONFieldScanner.RawValue],
        members: UnsafeMutablePointer<UnsafeMutableBufferPointer<MemberSpan>>?,
        plainASCII: Bool
    ) -> Bool {
        guard isEnabled else { return members == nil && scanner.scanFlat(text, into: &values) }
        if values.count != scanner.keys.count {
            values = Array(repeating: .absent, count: scanner.keys.count)
        }
        guard let start = text.baseAddress, scanner.maxDepth > 0, scanner.allKeysASCII else { return false }
        let base = start.assumingMemoryBound(to: UInt8.self)
        let found = values.withUnsafeMutableBufferPointer { values in
            for index in values.indices { values[index] = .absent }
            if let members {
                var count = 0
                if matchesShape(
                    base, count: text.count, into: values, members: members.pointee, memberCount: &count,
                    plainASCII: plainASCII)
                {
                    members.pointee = UnsafeMutableBufferPointer(rebasing: members.pointee[..<count])
                    return true
                }
            } else if matchesShape(
                base, count: text.count, into: values, members: nil, memberCount: nil, plainASCII: plainASCII)
            {
                return true
            }
            for index in values.indices { values[index] = .absent }
            layout.members.removeAll(keepingCapacity: true)
            layout.isComplete = true
            guard scanner.scanFlatObject(base, count: text.count, into: values, layout: &layout) else {
                for index in values.indices { values[index] = .absent }
                return false
            }
            let learned = learn(base, count: text.count)
            guard let members else { return true }
            guard learned, let shape = shapes.last else { return false }
            // The members of the line just learned, from its layout and its shape's keys.
            for (index, member) in layout.members.enumerated() {
                members.pointee[index] = MemberSpan(
                    key: gaps[shape.firstGap + index].key,
                    value: JSONFieldScanner.RawValue(
                        kind: JSONFieldScanner.RawValue.Kind(firstByte: base[member.start]), from: member.start,
                        to: member.end))
            }
            members.pointee = UnsafeMutableBufferPointer(rebasing: members.pointee[..<layout.members.count])
            return true
        }
        lines &+= 1
        if lines == 4_096 {
            // Shapes that are seldom matched cost more than they save.
            isEnabled = matched * 2 >= lines
        }
        return found
    }

    /// Whether the text matches a learned shape; `values` then holds the
    /// values of the wanted keys.
    @inline(__always)
    private mutating func matchesShape(
        _ base: UnsafePointer<UInt8>,
        count: Int,
        into values: UnsafeMutableBufferPointer<JSONFieldScanner.RawValue>,
        members: UnsafeMutableBufferPointer<MemberSpan>?,
        memberCount: UnsafeMutablePointer<Int>?,
        plainASCII: Bool
    ) -> Bool {
        let scanner = scanner
        let (first, last) = shapes.withUnsafeBufferPointer { shapes -> (Int, Int) in
            gaps.withUnsafeBufferPointer { gaps in
                bytes.withUnsafeBufferPointer { bytes -> (Int, Int) in
                    guard let stored = bytes.baseAddress else { return (-1, -1) }
                    // The first shape that the start of the line selects;
                    // the walk moves to another where the line parts from it.
                    // A selector of eight bytes or more is first compared
                    // as its first and last words, the rest (past sixteen)
                    // as bytes.
                    let raw = UnsafeRawPointer(base)
                    let head = count >= 8 ? raw.loadUnaligned(as: UInt64.self) : 0
                    for (index, shape) in shapes.enumerated() {
                        let selected: Bool
                        if shape.selectorCount >= 8 {
                            selected =
                                shape.selectorCount <= count && head == shape.selectorHead
                                && raw.loadUnaligned(fromByteOffset: shape.selectorCount &- 8, as: UInt64.self)
                                    == shape.selectorTail
                                && (shape.selectorCount <= 16
                                    || Self.equal(base, stored + shape.selectorStart, count: shape.selectorCount))
                        } else {
                            selected =
                                shape.selectorCount <= count
                                && Self.equal(base, stored + shape.selectorStart, count: shape.selectorCount)
                        }
                        guard selected else { continue }
                        let last =
                            plainASCII && members == nil
                            ? Self.matchesPlainASCII(
                                base, count: count, from: index, shapes: shapes, gaps: gaps, stored: stored,
                                scanner: scanner, into: values)
                            : Self.matches(
                                base, count: count, from: index, shapes: shapes, gaps: gaps, stored: stored,
                                scanner: scanner, into: values, members: members, memberCount: memberCount,
                                plainASCII: plainASCII)
                        return (index, last)
                    }
                    return (-1, -1)
                }
            }
        }
        guard last >= 0 else { return false }
        matched &+= 1
        // A line that parted from the shape it selected for one later in
        // the list (a domain line without its last member, or with it):
        // that one is selected first from now on. Of two such shapes, lines
        // then part from the one selected at most half the time, however
        // they were learned, at no cost to the lines that do not part.
        if last > first {
            // Through the buffer: `swapAt` on the array is a call of its own.
            shapes.withUnsafeMutableBufferPointer { shapes in
                (shapes[first], shapes[last]) = (shapes[last], shapes[first])
            }
        }
        return true
    }

    /// Whether the text is gaps of learned shapes with valid scalar values
    /// in between, starting with shape `first`. Where a gap of the line is
    /// not that of the current shape, the walk goes on with any shape whose
    /// gap at that place it is (the two kinds of domain line, with and
    /// without a last member, part only at the end), so that no value is
    /// scanned twice. Any such mix is a valid object: every shape's first
    /// gap opens an object and names a key, its middle gaps are a comma and
    /// a key, and its last gap closes the object, and each gap is compared
    /// with the line byte for byte.
    /// Returns the shape the walk ended in, or -1 when the text is not such
    /// gaps and values.
    @inline(__always)
    private static func matches(
        _ base: UnsafePointer<UInt8>,
        count: Int,
        from first: Int,
        shapes: UnsafeBufferPointer<Shape>,
        gaps: UnsafeBufferPointer<Gap>,
        stored: UnsafePointer<UInt8>,
        scanner: JSONFieldScanner,
        into values: UnsafeMutableBufferPointer<JSONFieldScanner.RawValue>,
        members: UnsafeMutableBufferPointer<MemberSpan>?,
        memberCount: UnsafeMutablePointer<Int>?,
        plainASCII: Bool
    ) -> Int {
        var current = first
        var shape = shapes[first]
        var position = 0
        var slot = 0
        // Past the selector, as in the plain walk.
        let opening = gaps[shape.firstGap]
        if shape.selectorCount > opening.count {
            let value = JSONFieldScanner.RawValue(kind: .string, from: opening.count, to: shape.selectorCount)
            if opening.match >= 0 { scanner.setValue(value, forKeyAt: opening.match, in: values) }
            if let members {
                guard members.count > 0 else { return -1 }
                members[0] = MemberSpan(key: opening.key, value: value)
            }
            position = shape.selectorCount
            slot = 1
        }
        while true {
            let last = shape.gapCount &- 1
            while slot < last {
                let gap = gaps[shape.firstGap &+ slot]
                guard position &+ gap.count < count, equal(base + position, stored + gap.start, count: gap.count)
                else { break }
                position &+= gap.count
                let (end, kind) =
                    plainASCII && base[position] == ASCII.quote
                    ? (endOfPlainASCIIString(base, at: position, count: count), .string)
                    : endOfValue(base, at: position, count: count)
                guard end >= 0 else { return -1 }
                if gap.match >= 0 {
                    scanner.setValue(
                        JSONFieldScanner.RawValue(kind: kind, from: position, to: end), forKeyAt: gap.match, in: values)
                }
                if let members {
                    // Learned shapes have at most `members.count` values.
                    guard slot < members.count else { return -1 }
                    members[slot] = MemberSpan(
                        key: gap.key, value: JSONFieldScanner.RawValue(kind: kind, from: position, to: end))
                }
                position = end
                slot &+= 1
            }
            if slot == last {
                let gap = gaps[shape.firstGap &+ last]
                if position &+ gap.count == count, equal(base + position, stored + gap.start, count: gap.count) {
                    memberCount?.pointee = last
                    return current
                }
            }
            // The line parts from this shape here: go on with another.
            guard
                let next = shapeWithGap(
                    at: slot, matching: base + position, count: count &- position, except: current, shapes: shapes,
                    gaps: gaps, stored: stored)
            else { return -1 }
            current = next
            shape = shapes[next]
        }
    }

    /// ``matches(_:count:from:shapes:gaps:stored:scanner:into:members:memberCount:plainASCII:)``
    /// for a line with no byte from 0x80 and no backslash, without members
    /// (the walk of every line the prefilter rules out): the same answer
    /// and values. A gap of eight to sixteen bytes is compared as the two
    /// words learned with it, a gap of one to seven bytes as one word
    /// loaded to its end, and a string's end is looked for 16 bytes at a
    /// time to the line's end (``endOfPlainASCIIString(_:at:count:)``).
    @inline(__always)
    private static func matchesPlainASCII(
        _ base: UnsafePointer<UInt8>,
        count: Int,
        from first: Int,
        shapes: UnsafeBufferPointer<Shape>,
        gaps: UnsafeBufferPointer<Gap>,
        stored: UnsafePointer<UInt8>,
        scanner: JSONFieldScanner,
        into values: UnsafeMutableBufferPointer<JSONFieldScanner.RawValue>
    ) -> Int {
        let raw = UnsafeRawPointer(base)
        guard let firstGap = gaps.baseAddress else { return -1 }
        var current = first
        var shape = shapes[first]
        var position = 0
        var slot = 0
        // The selector, compared in full, holds the first gap and, when it
        // is a short string, the first value as learned (valid, and plain
        // text): the walk starts past them.
        let opening = firstGap[shape.firstGap]
        if shape.selectorCount > opening.count {
            if opening.match >= 0 {
                scanner.setValue(
                    JSONFieldScanner.RawValue(kind: .string, from: opening.count, to: shape.selectorCount),
                    forKeyAt: opening.match, in: values)
            }
            position = shape.selectorCount
            slot = 1
        }
        while true {
            let last = shape.gapCount &- 1
            // The gaps before values, walked as pointers.
            var gap = firstGap + (shape.firstGap &+ slot)
            let end = firstGap + (shape.firstGap &+ last)
            while gap < end {
                let gapCount = gap.pointee.count
                guard position &+ gapCount < count else { break }
                if gap.pointee.isTwoWords {
                    guard raw.loadUnaligned(fromByteOffset: position, as: UInt64.self) == gap.pointee.head,
                        raw.loadUnaligned(fromByteOffset: position &+ gapCount &- 8, as: UInt64.self)
                            == gap.pointee.tail
                    else { break }
                } else if gap.pointee.shortMask != 0, position &+ gapCount >= 8 {
                    guard gap.pointee.endsShort(at: position &+ gapCount, in: raw) else { break }
                } else {
                    guard equal(base + position, stored + gap.pointee.start, count: gapCount) else { break }
                }
                position &+= gapCount
                let valueEnd: Int
                let kind: JSONFieldScanner.RawValue.Kind
                let first = base[position]
                if first == ASCII.quote {
                    valueEnd = endOfPlainASCIIString(base, at: position, count: count)
                    kind = .string
                } else if first == ASCII.minus || first &- ASCII.zero < 10 {
                    valueEnd = endOfNumber(base, at: position, count: count)
                    kind = .number
                } else if position &+ 4 <= count,
                    let found = literal(raw.loadUnaligned(fromByteOffset: position, as: UInt32.self))
                {
                    (valueEnd, kind) = (position &+ 4, found)
                } else {
                    (valueEnd, kind) = endOfOtherScalar(base, at: position, count: count)
                }
                guard valueEnd >= 0 else { return -1 }
                let match = gap.pointee.match
                if match >= 0 {
                    scanner.setValue(
                        JSONFieldScanner.RawValue(kind: kind, from: position, to: valueEnd), forKeyAt: match, in: values
                    )
                }
                position = valueEnd
                gap += 1
            }
            slot = gap - (firstGap + shape.firstGap)
            if slot == last {
                let gap = end.pointee
                if position &+ gap.count == count,
                    gap.shortMask != 0 && count >= 8
                        ? gap.endsShort(at: count, in: raw)
                        : equal(base + position, stored + gap.start, count: gap.count)
                {
                    return current
                }
            }
            // The line parts from this shape here: go on with another.
            guard
                let next = shapeWithGap(
                    at: slot, matching: base + position, count: count &- position, except: current, shapes: shapes,
                    gaps: gaps, stored: stored)
            else { return -1 }
            current = next
            shape = shapes[next]
        }
    }

    /// The end of the scalar value that starts at `index`, and what it is,
    /// as ``JSONFieldScanner/endOfPlainScalar(_:at:)`` gives them: strings
    /// and numbers, most values, walked here at the line's pointer, as the
    /// gaps are (through the line's span, each string's eight-byte steps
    /// and each number's digits would be bounds-checked again, on every
    /// line); the rest through the span.
    @inline(__always)
    private static func endOfValue(
        _ base: UnsafePointer<UInt8>, at index: Int, count: Int
    ) -> (Int, JSONFieldScanner.RawValue.Kind) {
        switch base[index] {
        case ASCII.quote:
            let close = firstSpecialByte(base, from: index &+ 1, count: count)
            return (close < count && base[close] == ASCII.quote ? close &+ 1 : -1, .string)
        case ASCII.minus, ASCII.zero...ASCII.nine:
            return (endOfNumber(base, at: index, count: count), .number)
        default:
            return endOfOtherScalar(base, at: index, count: count)
        }
    }

    /// ``JSONFieldScanner/endOfPlainScalar(_:at:)`` for the values that the
    /// walks do not scan themselves (`false`, and any value where a line
    /// breaks the grammar): a call of its own, so that the walks' loops
    /// keep their registers for the values they do scan.
    @inline(never)
    private static func endOfOtherScalar(
        _ base: UnsafePointer<UInt8>, at index: Int, count: Int
    ) -> (Int, JSONFieldScanner.RawValue.Kind) {
        JSONFieldScanner.endOfPlainScalar(UnsafeBufferPointer(start: base, count: count).span, at: index)
    }

    /// ``StringByteScanner/firstSpecialByte(in:from:threshold:)`` at the
    /// line's pointer, for bytes from 0x80 as well: the index of the first
    /// byte at or after `start` that is `"`, `\`, below 0x20 or from 0x80,
    /// or `count`.
    @inline(__always)
    private static func firstSpecialByte(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        let raw = UnsafeRawPointer(base)
        let lift = StringByteScanner.lift(threshold: 0x80)
        var index = start
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let mask = StringByteScanner.specialBytes(in: word, lift: lift)
            if mask != 0 { return index &+ mask.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        while index < count {
            let byte = base[index]
            if byte == ASCII.quote || byte == ASCII.backslash || byte < 0x20 || byte >= 0x80 { return index }
            index += 1
        }
        return count
    }

    /// `true` or `null`, when these are the four bytes of `word` as loaded:
    /// the literal four bytes long at a place where a value starts (`false`
    /// and the rest are left to ``JSONFieldScanner/endOfPlainScalar(_:at:)``).
    @inline(__always)
    private static func literal(_ word: UInt32) -> JSONFieldScanner.RawValue.Kind? {
        switch UInt32(littleEndian: word) {
        case 0x6575_7274: .true  // "true"
        case 0x6C6C_756E: .null  // "null"
        default: nil
        }
    }

    /// The end of the number that starts at `index` (a minus or a digit),
    /// or -1 where it breaks the grammar: the end that
    /// ``JSONFieldScanner/endOfPlainScalar(_:at:)`` gives, without
    /// the error it makes on the way.
    @inline(__always)
    static func endOfNumber(_ base: UnsafePointer<UInt8>, at start: Int, count: Int) -> Int {
        @inline(__always) func isDigit(_ index: Int) -> Bool { index < count && base[index] &- ASCII.zero < 10 }
        var index = start
        if base[index] == ASCII.minus { index &+= 1 }
        guard index < count else { return -1 }
        let first = base[index]
        if first == ASCII.zero {
            index &+= 1
            if isDigit(index) { return -1 }
        } else if first &- ASCII.zero < 10 {
            index &+= 1
            while isDigit(index) { index &+= 1 }
        } else {
            return -1
        }
        if index < count, base[index] == ASCII.period {
            index &+= 1
            guard isDigit(index) else { return -1 }
            while isDigit(index) { index &+= 1 }
        }
        if index < count, base[index] | 0x20 == ASCII.lowerE {
            index &+= 1
            if index < count, base[index] == ASCII.plus || base[index] == ASCII.minus { index &+= 1 }
            guard isDigit(index) else { return -1 }
            while isDigit(index) { index &+= 1 }
        }
        return index
    }

    /// The end (past the closing quote) of the string that opens at
    /// `index` in a text with no byte from 0x80 and no backslash, or -1
    /// when it is not closed before a control byte or the end: as
    /// ``JSONFieldScanner/endOfPlainScalar(_:at:)`` finds it in
    /// such a text, looking for quotes and control bytes alone.
    @inline(__always)
    static func endOfPlainASCIIString(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int {
        let raw = UnsafeRawPointer(base)
        let quote = SIMD16<UInt8>(repeating: ASCII.quote)
        // With no byte from 0x80, a control byte is the only one below
        // 0x20 as a signed byte.
        let space = SIMD16<Int8>(repeating: 0x20)
        var position = index &+ 1
        while position &+ 16 <= count {
            let chunk = raw.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)
            let stops = (chunk .== quote) .| (SIMD16<Int8>(truncatingIfNeeded: chunk) .< space)
            let lanes = unsafeBitCast(
                SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: stops), to: SIMD2<UInt64>.self)
            if lanes[0] | lanes[1] != 0 {
                let lane =
                    lanes[0] != 0 ? lanes[0].trailingZeroBitCount &>> 3 : 8 &+ lanes[1].trailingZeroBitCount &>> 3
                position &+= lane
                return base[position] == ASCII.quote ? position &+ 1 : -1
            }
            position &+= 16
        }
        if count >= 16 {
            // The line's last sixteen bytes, without the lanes before `position`.
            let start = count &- 16
            let chunk = raw.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)
            let skipped = SIMD16<UInt8>(repeating: UInt8(truncatingIfNeeded: position &- start))
            let laneIndices = SIMD16<UInt8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
            let stops =
                ((chunk .== quote) .| (SIMD16<Int8>(truncatingIfNeeded: chunk) .< space)) .& (laneIndices .>= skipped)
            let lanes = unsafeBitCast(
                SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: stops), to: SIMD2<UInt64>.self)
            guard lanes[0] | lanes[1] != 0 else { return -1 }
            let lane = lanes[0] != 0 ? lanes[0].trailingZeroBitCount &>> 3 : 8 &+ lanes[1].trailingZeroBitCount &>> 3
            position = start &+ lane
            return base[position] == ASCII.quote ? position &+ 1 : -1
        }
        while position < count {
            let byte = base[position]
            if byte == ASCII.quote { return position &+ 1 }
            if byte < 0x20 { return -1 }
            position &+= 1
        }
        return -1
    }

    /// A shape, other than `except`, whose gap at `slot` is the `count`
    /// bytes at `text` (the rest of the line when it is the last gap) or
    /// their start (when a value follows).
    @inline(never)
    private static func shapeWithGap(
        at slot: Int,
        matching text: UnsafePointer<UInt8>,
        count: Int,
        except: Int,
        shapes: UnsafeBufferPointer<Shape>,
        gaps: UnsafeBufferPointer<Gap>,
        stored: UnsafePointer<UInt8>
    ) -> Int? {
        for (index, shape) in shapes.enumerated() where index != except && slot < shape.gapCount {
            let gap = gaps[shape.firstGap + slot]
            let fits = slot == shape.gapCount - 1 ? gap.count == count : gap.count < count
            if fits && equal(text, stored + gap.start, count: gap.count) { return index }
        }
        return nil
    }

    /// Learns the shape of the text that `scanFlatObject` just took, as
    /// `layout` describes it.
    /// Returns whether it was learned.
    @discardableResult
    private mutating func learn(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard layout.isComplete else { return false }
        let members = layout.members
        let valueBytes = members.reduce(0) { $0 + ($1.end - $1.start) }
        guard count - valueBytes <= Self.maxShapeBytes else { return false }
        if shapes.count == Self.capacity {
            shapes.removeAll(keepingCapacity: true)
            gaps.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
            keys.removeAll(keepingCapacity: true)
        }
        let firstGap = gaps.count
        var position = 0
        func addGap(to end: Int, match: Int, key: Int) {
            var gap = Gap(start: bytes.count, count: end - position, match: match, key: key)
            if gap.isTwoWords {
                let raw = UnsafeRawPointer(base + position)
                gap.head = raw.loadUnaligned(as: UInt64.self)
                gap.tail = raw.loadUnaligned(fromByteOffset: gap.count - 8, as: UInt64.self)
            } else if (1..<8).contains(gap.count), end >= 8 {
                // The word's last bytes in memory (its high ones, when loaded
                // on a little-endian machine).
                gap.shortMask = (UInt64.max << (64 - 8 * gap.count)).littleEndian
                gap.tail =
                    UnsafeRawPointer(base).loadUnaligned(fromByteOffset: end - 8, as: UInt64.self) & gap.shortMask
            }
            gaps.append(gap)
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + position, count: end - position))
        }
        for member in members {
            addGap(to: member.start, match: member.match, key: keyIndex(before: member.start, in: base))
            position = member.end
        }
        addGap(to: count, match: -1, key: -1)
        // The first gap, and the first value when it is a short string
        // (the kind, most often): the bytes that tell shapes apart.
        var selectorCount = members.first?.start ?? count
        if let first = members.first, base[first.start] == ASCII.quote, first.end - first.start <= 24 {
            selectorCount = first.end
        }
        let selectorStart = bytes.count
        bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: selectorCount))
        var shape = Shape(
            firstGap: firstGap, gapCount: members.count + 1, selectorStart: selectorStart, selectorCount: selectorCount)
        if selectorCount >= 8 {
            let raw = UnsafeRawPointer(base)
            shape.selectorHead = raw.loadUnaligned(as: UInt64.self)
            shape.selectorTail = raw.loadUnaligned(fromByteOffset: selectorCount - 8, as: UInt64.self)
        }
        shapes.append(shape)
        return true
    }

    /// The index in `keys` of the key whose `:` precedes the value at
    /// `valueStart` of a flat object of plain text, added when new.
    private mutating func keyIndex(before valueStart: Int, in base: UnsafePointer<UInt8>) -> Int {
        // Back over the whitespace and the colon to the key's closing quote,
        // then to its opening one: plain keys hold no quote.
        var close = valueStart - 1
        while base[close] != ASCII.quote { close -= 1 }
        var open = close - 1
        while base[open] != ASCII.quote { open -= 1 }
        let key = String(decoding: UnsafeBufferPointer(start: base + open + 1, count: close - open - 1), as: UTF8.self)
        if let index = keys.firstIndex(of: key) { return index }
        keys.append(key)
        return keys.count - 1
    }

    /// Whether the `count` bytes at `a` and `b` are equal: up to sixteen as
    /// two words that may overlap, more eight at a time.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        let a = UnsafeRawPointer(a)
        let b = UnsafeRawPointer(b)
        if count >= 8 {
            var offset = 0
            while offset &+ 16 < count {
                if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                {
                    return false
                }
                offset &+= 8
            }
            let head =
                a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                ^ b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let tail =
                a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                ^ b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            return head | tail == 0
        }
        if count >= 4 {
            let head = a.loadUnaligned(as: UInt32.self) ^ b.loadUnaligned(as: UInt32.self)
            let tail =
                a.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
                ^ b.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            return head | tail == 0
        }
        var offset = 0
        while offset < count {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            offset &+= 1
        }
        return true
    }
}
