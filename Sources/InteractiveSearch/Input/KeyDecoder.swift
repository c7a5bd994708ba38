/// Turns the bytes read from the terminal into keys.
///
/// A lone Esc and the start of an escape sequence (`ESC [ A` for Up) begin
/// with the same byte. The decoder holds an `ESC` back until the next bytes
/// tell them apart; when none come within a short time, the caller calls
/// ``flushPending()`` and the `ESC` is the Esc key. Escape sequences the
/// picker has no use for (function keys, mouse reports, focus events) are
/// read whole and dropped, so that none of their bytes end up in the query.
package struct KeyDecoder: Sendable {
    /// Bytes of an incomplete escape sequence or UTF-8 character.
    private var pending: [UInt8] = []

    /// The longest escape sequence kept waiting for its end; anything longer
    /// is dropped rather than held.
    static let maxSequenceBytes = 32

    package init() {}

    /// Whether an `ESC` or a partial sequence waits for more bytes.
    package var hasPending: Bool { !pending.isEmpty }

    /// The keys that `bytes`, following what came before, complete.
    package mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.key(at: index, in: pending) else { break }
            index += length
            guard let key else { continue }
            // Typed characters that arrive together (a paste) become one text key.
            if case .text(let more) = key, case .text(let text)? = keys.last {
                keys[keys.count - 1] = .text(text + more)
            } else {
                keys.append(key)
            }
        }
        pending.removeFirst(index)
        return keys
    }

    /// What waits when no more bytes came in time: a lone `ESC` is the Esc
    /// key; a partial sequence or character is dropped.
    package mutating func flushPending() -> [Key] {
        defer { pending.removeAll() }
        return pending == [0x1B] ? [.escape] : []
    }

    /// The key at `index` and how many bytes it takes (a `nil` key for bytes
    /// that mean nothing to the picker), or `nil` when more bytes are needed.
    private static func key(at index: Int, in bytes: [UInt8]) -> (Key?, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x1B: return escapeSequence(at: index, in: bytes)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x03: return (.interrupt, 1)
        case 0x1A: return (.suspend, 1)
        case 0x15: return (.clearLine, 1)
        case 0x17: return (.deleteWord, 1)
        case 0x10: return (.up, 1)
        case 0x0E: return (.down, 1)
        case 0x0C: return (.redraw, 1)
        case 0x00...0x1F: return (nil, 1)
        case 0x20...0x7E: return (.text(String(UnicodeScalar(byte))), 1)
        default: return utf8Character(at: index, in: bytes)
        }
    }

    /// A UTF-8 character; an invalid byte is dropped.
    private static func utf8Character(at index: Int, in bytes: [UInt8]) -> (Key?, Int)? {
        let lead = bytes[index]
        let length =
            switch lead {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        guard length > 0 else { return (nil, 1) }
        guard index + length <= bytes.count else {
            // Wait for the rest, unless a byte already here cannot continue it.
            let present = bytes[(index + 1)...]
            return present.allSatisfy({ $0 & 0xC0 == 0x80 }) ? nil : (nil, 1)
        }
        let slice = bytes[index..<(index + length)]
        guard slice.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
            let text = String(validating: slice, as: UTF8.self),
            let scalar = text.unicodeScalars.first,
            scalar.value >= 0xA0
        else { return (nil, 1) }
        return (.text(text), length)
    }

    /// `ESC` followed by a CSI (`ESC [`) or SS3 (`ESC O`) sequence, or by a
    /// lone byte (Alt+key, dropped), or alone at the end of the bytes so far.
    private static func escapeSequence(at index: Int, in bytes: [UInt8]) -> (Key?, Int)? {
        guard index + 1 < bytes.count else { return nil }
        let introducer = bytes[index + 1]
        switch introducer {
        case UInt8(ascii: "["):
            // Parameters and intermediates (0x20–0x3F), then a final byte (0x40–0x7E).
            var end = index + 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else {
                return end - index > maxSequenceBytes ? (nil, end - index) : nil
            }
            let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            let length = end - index + 1
            switch (bytes[end], parameters) {
            case (UInt8(ascii: "A"), _): return (.up, length)
            case (UInt8(ascii: "B"), _): return (.down, length)
            case (UInt8(ascii: "~"), "5"): return (.pageUp, length)
            case (UInt8(ascii: "~"), "6"): return (.pageDown, length)
            default: return (nil, length)
            }
        case UInt8(ascii: "O"):
            guard index + 2 < bytes.count else { return nil }
            switch bytes[index + 2] {
            case UInt8(ascii: "A"): return (.up, 3)
            case UInt8(ascii: "B"): return (.down, 3)
            default: return (nil, 3)
            }
        case 0x1B:
            // Esc pressed twice: the first is a key of its own.
            return (.escape, 1)
        default:
            // Alt with a key: not a key the picker has; its byte is dropped too.
            return (nil, 2)
        }
    }
}
