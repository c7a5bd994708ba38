extension JSONFieldScanner {
    /// Where a value that ``scanFlat(_:into:)`` found lies in its input.
    public struct RawValue: Sendable, Equatable {
        /// What the value's text is.
        public enum Kind: UInt8, Sendable {
            /// No member had the key.
            case absent
            /// A string; its text is what lies between the quotes, which is
            /// also the string's value (it has no escapes).
            case string
            /// A number; its text is the number as written.
            case number
            /// `true`.
            case `true`
            /// `false`.
            case `false`
            /// `null`.
            case null
        }

        /// What the value is.
        public var kind: Kind
        /// The offset of its text in the input.
        public var start: Int
        /// The number of bytes of its text.
        public var count: Int

        /// No value.
        public static let absent = RawValue(kind: .absent, start: 0, count: 0)

        /// The value, as ``JSONParser`` builds it from the same text;
        /// `nil` when absent.
        /// - Parameter bytes: The input that ``JSONFieldScanner/scanFlat(_:into:)`` scanned.
        public func value(in bytes: UnsafeRawBufferPointer) -> JSONValue? {
            let text = {
                String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<start + count]), as: UTF8.self)
            }
            switch kind {
            case .absent: return nil
            case .string: return .string(text())
            case .number: return .number(text())
            case .true: return .bool(true)
            case .false: return .bool(false)
            case .null: return .null
            }
        }
    }

    /// Validates a flat JSON object of plain text and finds the values of
    /// ``keys`` without building anything: the fast path for the common
    /// line, taken before ``scan(_:into:)-(Span<UInt8>,_)``.
    ///
    /// It succeeds only for an object whose strings (keys and values) are
    /// ASCII without escapes or control characters and whose values are
    /// strings, numbers, `true`, `false` or `null`, with optional whitespace
    /// around tokens. Such a text is valid JSON, and then `values[i]` is
    /// where the value of the last member named `keys[i]` lies, as
    /// ``scan(_:into:)-(Span<UInt8>,_)`` would find it.
    ///
    /// - Returns: `false` for anything else (nesting, escapes, non-ASCII
    ///   text, a byte-order mark, or a mistake), which says nothing about
    ///   whether the text is valid: ``scan(_:into:)-(Span<UInt8>,_)`` decides, and gives the
    ///   error.
    public func scanFlat(_ bytes: UnsafeRawBufferPointer, into values: inout [RawValue]) -> Bool {
        if values.count != keys.count {
            values = Array(repeating: .absent, count: keys.count)
        }
        guard let start = bytes.baseAddress, maxDepth > 0, allKeysASCII else { return false }
        return values.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                buffer[index] = .absent
            }
            if scanFlatObject(start.assumingMemoryBound(to: UInt8.self), count: bytes.count, into: buffer, layout: nil)
            {
                return true
            }
            for index in buffer.indices {
                buffer[index] = .absent
            }
            return false
        }
    }

    /// Where each member's value lies in a flat object, for
    /// ``FlatObjectShapes`` to learn its layout.
    struct FlatLayout: Sendable {
        /// Per member, where its value starts and ends in the text, and the
        /// index of the first wanted key it names, or -1.
        var members: [(start: Int, end: Int, match: Int)] = []
        /// Past this many members, the layout is not kept (`isComplete`
        /// is then false).
        static let capacity = 64
        var isComplete = true
    }

    /// `scanFlat`'s walk, with the text's bytes checked as it goes;
    /// `layout`, when given, gets each member's value.
    func scanFlatObject(
        _ base: UnsafePointer<UInt8>,
        count: Int,
        into values: UnsafeMutableBufferPointer<RawValue>,
        layout: UnsafeMutablePointer<FlatLayout>?
    ) -> Bool {
        let bytes = UnsafeBufferPointer(start: base, count: count).span
        /// The index of the first byte at or after `index` that is not JSON
        /// whitespace.
        @inline(__always)
        func skipSpace(_ index: Int) -> Int {
            var index = index
            while index < count, base[index] <= ASCII.space, ASCII.isWhitespace(base[index]) {
                index &+= 1
            }
            return index
        }
        /// The index just past the plain string whose opening quote is at
        /// `open`, or -1 when it is not plain or not closed.
        @inline(__always)
        func endOfPlainString(_ open: Int) -> Int {
            let close = StringByteScanner.firstSpecialByte(in: bytes, from: open &+ 1, threshold: 0x80)
            return close < count && base[close] == ASCII.quote ? close &+ 1 : -1
        }

        var index = skipSpace(0)
        guard index < count, base[index] == ASCII.openBrace else { return false }
        index = skipSpace(index &+ 1)
        guard index < count else { return false }
        if base[index] == ASCII.closeBrace {
            return skipSpace(index &+ 1) == count
        }
        while true {
            // The key.
            guard index < count, base[index] == ASCII.quote else { return false }
            let keyEnd = endOfPlainString(index)
            guard keyEnd >= 0 else { return false }
            let keyLength = keyEnd &- index &- 2
            var match = -1
            if keyLength < 64, keyLengths & (1 << UInt64(keyLength)) != 0 {
                match = plainMatch(
                    bytes, at: index &+ 1, length: keyLength,
                    prefix: Self.prefix(bytes, from: index &+ 1, length: keyLength))
            }
            // Compact JSON has no whitespace: look for it only where a byte
            // is not the one expected.
            if keyEnd < count, base[keyEnd] == ASCII.colon {
                index = keyEnd &+ 1
            } else {
                index = skipSpace(keyEnd)
                guard index < count, base[index] == ASCII.colon else { return false }
                index &+= 1
            }
            guard index < count else { return false }
            if base[index] <= ASCII.space {
                index = skipSpace(index)
                guard index < count else { return false }
            }

            // The value.
            let valueStart = index
            let (end, kind) = Self.endOfPlainScalar(bytes, at: index)
            guard end >= 0 else { return false }
            index = end
            if let layout {
                if layout.pointee.members.count < FlatLayout.capacity {
                    layout.pointee.members.append((valueStart, end, match))
                } else {
                    layout.pointee.isComplete = false
                }
            }
            if match >= 0 {
                setValue(RawValue(kind: kind, from: valueStart, to: end), forKeyAt: match, in: values)
            }

            // A comma and the next member, or the end.
            guard index < count else { return false }
            var separator = base[index]
            if separator <= ASCII.space {
                index = skipSpace(index)
                guard index < count else { return false }
                separator = base[index]
            }
            index &+= 1
            if separator == ASCII.comma {
                if index < count, base[index] <= ASCII.space { index = skipSpace(index) }
                continue
            }
            return separator == ASCII.closeBrace && skipSpace(index) == count
        }
    }

    /// Sets the value of the wanted key at `index`, and of every wanted key
    /// equal to it.
    @inline(__always)
    func setValue(_ value: RawValue, forKeyAt index: Int, in values: UnsafeMutableBufferPointer<RawValue>) {
        var next = index
        while next >= 0 {
            values[next] = value
            next = nextEqualKey[next]
        }
    }

    /// The end of the plain string, number or literal that starts at
    /// `index`, and what it is; an end of -1 when there is none (another
    /// value, a string that is not plain text, or a mistake).
    @inline(__always)
    static func endOfPlainScalar(_ bytes: Span<UInt8>, at index: Int) -> (Int, RawValue.Kind) {
        switch bytes[index] {
        case ASCII.quote:
            let close = StringByteScanner.firstSpecialByte(in: bytes, from: index &+ 1, threshold: 0x80)
            return (close < bytes.count && bytes[close] == ASCII.quote ? close &+ 1 : -1, .string)
        case ASCII.minus, ASCII.zero...ASCII.nine:
            return ((try? JSONNumberGrammar.scan(bytes, from: index)) ?? -1, .number)
        case 0x74:  // t
            return ((try? JSONLiteralGrammar.scan(.true, bytes, from: index)) ?? -1, .true)
        case 0x66:  // f
            return ((try? JSONLiteralGrammar.scan(.false, bytes, from: index)) ?? -1, .false)
        case 0x6E:  // n
            return ((try? JSONLiteralGrammar.scan(.null, bytes, from: index)) ?? -1, .null)
        default:
            return (-1, .absent)
        }
    }
}

extension JSONFieldScanner.RawValue {
    /// The value, as ``JSONParser`` builds it with `cache` (`null` when
    /// absent), and whether it holds no reference to count
    /// (`JSONValue.holdsNoReference`), told from the string made without
    /// copying the value.
    @inline(__always)
    package func valueNotingReference(
        in base: UnsafePointer<UInt8>, count total: Int, cache: ShortStringCache
    ) -> (JSONValue, holdsNoReference: Bool) {
        switch kind {
        case .absent, .null: return (.null, true)
        case .true: return (.bool(true), true)
        case .false: return (.bool(false), true)
        case .string, .number:
            let text = cache.string(base + start, count: count, readable: total &- start)
            let holdsNoReference = SmallASCIIKey.holdsNoReference(text)
            return (kind == .string ? .string(text) : .number(text), holdsNoReference)
        }
    }
}

extension JSONFieldScanner.RawValue.Kind {
    /// What a plain scalar that starts with `byte` is.
    @inline(__always)
    init(firstByte byte: UInt8) {
        switch byte {
        case ASCII.quote: self = .string
        case 0x74: self = .true
        case 0x66: self = .false
        case 0x6E: self = .null
        default: self = .number
        }
    }
}

extension JSONFieldScanner.RawValue {
    /// The value whose text (quotes included, for a string) runs from
    /// `start` to `end`.
    @inline(__always)
    init(kind: Kind, from start: Int, to end: Int) {
        self =
            kind == .string
            ? Self(kind: kind, start: start &+ 1, count: end &- start &- 2)
            : Self(kind: kind, start: start, count: end &- start)
    }
}
