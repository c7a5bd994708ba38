import TestSupport
import Testing

@testable import SearchCLI

/// The output filter finds the first byte it may not let through as it is,
/// eight printable bytes at a time: wherever the unsafe byte falls in a word,
/// and whatever surrounds it, the answer is the byte-at-a-time one.
@Suite struct OutputFilterTests {
    /// The first byte that is not printable ASCII, a line feed, a tab, a CR
    /// before a line feed, an SGR sequence or valid non-control UTF-8: the
    /// rule checked one byte at a time.
    static func reference(_ bytes: [UInt8], policy: OutputFilter.Policy) -> Int? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20..<0x7F, 0x0A, 0x09:
                index += 1
            case 0x00...0x1F where policy.rawControls, 0x7F where policy.rawControls:
                index += 1
            case 0x0D:
                guard index + 1 < bytes.count && bytes[index + 1] == 0x0A else { return index }
                index += 1
            case 0x1B:
                guard policy.allowsColor else { return index }
                let length = OutputFilter.sgrLength(bytes[index...])
                guard length > 0 else { return index }
                index += length
            case 0xC2:
                let lowest: UInt8 = policy.rawControls ? 0x80 : 0xA0
                guard index + 1 < bytes.count, (lowest...0xBF).contains(bytes[index + 1]) else { return index }
                index += 2
            case 0xC3...0xF4:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                guard index + length <= bytes.count,
                    String(validating: bytes[index..<index + length], as: UTF8.self) != nil
                else { return index }
                index += length
            default:
                return index
            }
        }
        return nil
    }

    @Test(arguments: 0..<8)
    func everyUnsafeByteIsFoundWhereverItFalls(seed: UInt64) {
        var random = SplitMix64(state: 1_000 + seed)
        // Mostly printable text, with one byte of every sort at every offset.
        let specials: [[UInt8]] = [
            [0x00], [0x07], [0x0A], [0x09], [0x0D], [0x0D, 0x0A], [0x1B], Array("\u{1B}[1;31m".utf8), [0x7F],
            [0x80], [0xC2, 0x85], [0xC2, 0xA0], Array("é★🦊".utf8), [0xE2, 0x98], [0xFF], [0x1F], [0x20], [0x7E],
        ]
        for policy in [
            OutputFilter.Policy(allowsColor: false, rawControls: false),
            OutputFilter.Policy(allowsColor: true, rawControls: true),
            OutputFilter.Policy(allowsColor: true, rawControls: false),
        ] {
            for _ in 0..<400 {
                var bytes: [UInt8] = []
                for _ in 0..<Int(random.next() % 40) {
                    if random.next() % 6 == 0 {
                        bytes += specials[Int(random.next() % UInt64(specials.count))]
                    } else {
                        bytes.append(UInt8(0x20 + random.next() % 0x5F))
                    }
                }
                let found = OutputFilter.firstUnsafeIndex(bytes.span, policy: policy)
                #expect(found == Self.reference(bytes, policy: policy), "\(bytes)")
            }
        }
    }

    /// The eight-byte test passes a word exactly when each of its bytes is
    /// printable ASCII or a line feed: every byte value at every position,
    /// among bytes that pass and bytes that do not.
    @Test func wordTestIsTheByteRule() {
        func passes(_ byte: UInt8) -> Bool { (0x20...0x7E).contains(byte) || byte == 0x0A }
        var random = SplitMix64(state: 4_242)
        for position in 0..<8 {
            for value in 0...255 {
                for _ in 0..<4 {
                    var bytes = (0..<8).map { _ in
                        random.next() % 4 == 0
                            ? UInt8(truncatingIfNeeded: random.next()) : UInt8(0x20 + random.next() % 0x5F)
                    }
                    bytes[position] = UInt8(value)
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    #expect(OutputFilter.passesAsIs(word) == bytes.allSatisfy(passes), "\(bytes)")
                }
            }
        }
    }
}
