/// Turns the bytes read from the terminal into keys.
///
/// A lone Esc and the start of an escape sequence (`ESC [ A` for Up) begin
/// with the same byte. The decoder holds an `ESC` back until the next bytes
/// tell them apart; when none come within a short time, the caller calls
/// ``flushPending()`` and the `ESC` is the Esc key. Escape sequences the
/// picker has no use for (function keys, focus events) are read whole and
/// dropped, so that none of their bytes end up in the query.
///
/// Text typed or pasted together comes out as one ``Key/text(_:)``, built
/// in one pass: a paste of any length costs time in proportion to it. A
/// bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`) is text whatever it
/// holds: its line breaks and tabs become spaces, so that pasting lines
/// does not press Enter.
package struct KeyDecoder: Sendable {
    /// Bytes of an incomplete escape sequence or UTF-8 character.
    private var pending: [UInt8] = []
    /// Whether the bytes are inside a bracketed paste.
    private var inPaste = false

    /// The longest escape sequence kept waiting for its end; anything longer
    /// is dropped rather than held.
    static let maxSequenceBytes = 32

    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    package init() {}

    /// Whether an `ESC` or a partial sequence waits for more bytes.
    package var hasPending: Bool { !pending.isEmpty }

    /// The keys that `bytes`, following what came before, complete.
    package mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var text: [UInt8] = []
        func flushText() {
            guard !text.isEmpty else { return }
            keys.append(.text(String(decoding: text, as: UTF8.self)))
            text.removeAll(keepingCapacity: true)
        }
        var index = 0
        while index < pending.count {
            if inPaste {
                guard let used = pasted(from: index, into: &text) else { break }
                index += used
                continue
            }
            guard let (step, length) = Self.step(at: index, in: pending) else { break }
            index += length
            switch step {
            case .text(let range):
                text.append(contentsOf: pending[range])
            case .key(let key):
                flushText()
                keys.append(key)
            case .pasteStart:
                inPaste = true
            case .nothing:
                break
            }
        }
        flushText()
        pending.removeFirst(index)
        return keys
    }

    /// What waits when no more bytes came in time: a lone `ESC` is the Esc
    /// key; a partial sequence or character is dropped. Inside a paste,
    /// nothing is dropped: its end is still to come.
    package mutating func flushPending() -> [Key] {
        guard !inPaste else { return [] }
        defer { pending.removeAll() }
        return pending == [0x1B] ? [.named(.esc)] : []
    }

    /// Reads pasted bytes from `index` up to the paste's end marker into
    /// `text`; how many bytes it took, or `nil` when it needs more.
    private mutating func pasted(from index: Int, into text: inout [UInt8]) -> Int? {
        var position = index
        while position < pending.count {
            let byte = pending[position]
            if byte == 0x1B {
                let available = pending.count - position
                let compared = min(available, Self.pasteEnd.count)
                if pending[position..<(position + compared)].elementsEqual(Self.pasteEnd.prefix(compared)) {
                    // The end marker, whole or in part.
                    guard compared == Self.pasteEnd.count else { return position == index ? nil : position - index }
                    inPaste = false
                    return position - index + Self.pasteEnd.count
                }
                position += 1
                continue
            }
            switch byte {
            case 0x09, 0x0A, 0x0D:
                text.append(0x20)
                position += 1
            case 0x00...0x1F, 0x7F:
                position += 1
            case 0x20...0x7E:
                text.append(byte)
                position += 1
            default:
                guard let (valid, length) = Self.utf8Character(at: position, in: pending) else {
                    return position == index ? nil : position - index
                }
                if valid { text.append(contentsOf: pending[position..<(position + length)]) }
                position += length
            }
        }
        return position - index
    }

    /// What a run of bytes is.
    private enum Step {
        /// Printable text: these bytes of the pending ones.
        case text(Range<Int>)
        case key(Key)
        /// The start of a bracketed paste.
        case pasteStart
        /// Bytes that mean nothing to the picker.
        case nothing
    }

    /// The step at `index` and how many bytes it takes, or `nil` when more
    /// bytes are needed.
    private static func step(at index: Int, in bytes: [UInt8]) -> (Step, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x1B: return escapeSequence(at: index, in: bytes)
        case 0x7F: return (.key(.named(.bspace)), 1)
        case 0x00...0x1F: return (KeyName.control(byte).map { .key(.named($0)) } ?? .nothing, 1)
        case 0x20...0x7E: return (.text(index..<(index + 1)), 1)
        default:
            guard let (valid, length) = utf8Character(at: index, in: bytes) else { return nil }
            return (valid ? .text(index..<(index + length)) : .nothing, length)
        }
    }

    /// Whether the UTF-8 character at `index` is valid printable text, and
    /// how many bytes it takes (one for a byte that starts none); `nil`
    /// when its rest has not come yet.
    private static func utf8Character(at index: Int, in bytes: [UInt8]) -> (Bool, Int)? {
        let lead = bytes[index]
        let length =
            switch lead {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        guard length > 0 else { return (false, 1) }
        guard index + length <= bytes.count else {
            // Wait for the rest, unless a byte already here cannot continue it.
            let present = bytes[(index + 1)...]
            return present.allSatisfy({ $0 & 0xC0 == 0x80 }) ? nil : (false, 1)
        }
        let slice = bytes[index..<(index + length)]
        guard slice.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
            let text = String(validating: slice, as: UTF8.self),
            let scalar = text.unicodeScalars.first,
            scalar.value >= 0xA0
        else { return (false, 1) }
        return (true, length)
    }

    /// `ESC` followed by a CSI (`ESC [`) or SS3 (`ESC O`) sequence, or by a
    /// lone byte (Alt with a key), or alone at the end of the bytes so far.
    private static func escapeSequence(at index: Int, in bytes: [UInt8]) -> (Step, Int)? {
        guard index + 1 < bytes.count else { return nil }
        let introducer = bytes[index + 1]
        switch introducer {
        case UInt8(ascii: "["):
            return controlSequence(at: index, in: bytes)
        case UInt8(ascii: "O"):
            guard index + 2 < bytes.count else { return nil }
            let name: KeyName? =
                switch bytes[index + 2] {
                case UInt8(ascii: "A"): .up
                case UInt8(ascii: "B"): .down
                case UInt8(ascii: "C"): .right
                case UInt8(ascii: "D"): .left
                case UInt8(ascii: "H"): .home
                case UInt8(ascii: "F"): .end
                default: nil
                }
            return (name.map { .key(.named($0)) } ?? .nothing, 3)
        case 0x1B:
            // Esc pressed twice: the first is a key of its own.
            return (.key(.named(.esc)), 1)
        case UInt8(ascii: "b"): return (.key(.named(.altB)), 2)
        case UInt8(ascii: "f"): return (.key(.named(.altF)), 2)
        case UInt8(ascii: "d"): return (.key(.named(.altD)), 2)
        case 0x7F, 0x08: return (.key(.named(.altBspace)), 2)
        default:
            // Alt with a key the picker has no use for: its byte is dropped too.
            return (.nothing, 2)
        }
    }

    /// `ESC [`, parameters and intermediates (`0x20`–`0x3F`), then a final
    /// byte (`0x40`–`0x7E`).
    private static func controlSequence(at index: Int, in bytes: [UInt8]) -> (Step, Int)? {
        var end = index + 2
        while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else {
            return end - index > maxSequenceBytes ? (.nothing, end - index) : nil
        }
        let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        let final = bytes[end]
        let length = end - index + 1
        // An X10 mouse report: `ESC [ M` and three bytes of button, column, line.
        if final == UInt8(ascii: "M"), parameters.isEmpty {
            guard index + 6 <= bytes.count else { return nil }
            let button = Int(bytes[index + 3]) - 32
            let column = Int(bytes[index + 4]) - 32
            let line = Int(bytes[index + 5]) - 32
            return (.key(.mouse(mouse(button: button, line: line, column: column, released: button & 3 == 3))), 6)
        }
        if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            let numbers = parameters.dropFirst().split(separator: ";").map { Int($0) }
            guard numbers.count == 3, let button = numbers[0], let column = numbers[1], let line = numbers[2] else {
                return (.nothing, length)
            }
            let event = mouse(button: button, line: line, column: column, released: final == UInt8(ascii: "m"))
            return (.key(.mouse(event)), length)
        }
        let name: KeyName?
        switch (final, parameters) {
        case (UInt8(ascii: "A"), ""), (UInt8(ascii: "A"), "1"): name = .up
        case (UInt8(ascii: "B"), ""), (UInt8(ascii: "B"), "1"): name = .down
        case (UInt8(ascii: "C"), ""), (UInt8(ascii: "C"), "1"): name = .right
        case (UInt8(ascii: "D"), ""), (UInt8(ascii: "D"), "1"): name = .left
        case (UInt8(ascii: "A"), "1;2"): name = .shiftUp
        case (UInt8(ascii: "B"), "1;2"): name = .shiftDown
        case (UInt8(ascii: "C"), "1;2"): name = .shiftRight
        case (UInt8(ascii: "D"), "1;2"): name = .shiftLeft
        case (UInt8(ascii: "H"), ""), (UInt8(ascii: "H"), "1"): name = .home
        case (UInt8(ascii: "F"), ""), (UInt8(ascii: "F"), "1"): name = .end
        case (UInt8(ascii: "Z"), ""): name = .btab
        case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): name = .home
        case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): name = .end
        case (UInt8(ascii: "~"), "3"): name = .del
        case (UInt8(ascii: "~"), "5"): name = .pgup
        case (UInt8(ascii: "~"), "6"): name = .pgdn
        case (UInt8(ascii: "~"), "200"): return (.pasteStart, length)
        case (UInt8(ascii: "R"), _):
            let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
            guard numbers.count == 2, let line = numbers[0], let column = numbers[1] else { return (.nothing, length) }
            return (.key(.cursorPosition(line: line, column: column)), length)
        default: name = nil
        }
        return (name.map { .key(.named($0)) } ?? .nothing, length)
    }

    /// A mouse report's event: the low bits name the button, 64 and up the
    /// wheel, 32 a move with a button held.
    private static func mouse(button: Int, line: Int, column: Int, released: Bool) -> MouseEvent {
        let action: MouseEvent.Action
        if button & 64 != 0 {
            action = button & 1 == 0 ? .wheelUp : .wheelDown
        } else if button & 32 != 0 || button & 3 != 0 && !(released && button & 3 == 3) {
            action = .other
        } else {
            action = released ? .release : .press
        }
        return MouseEvent(action, line: line, column: column)
    }
}
