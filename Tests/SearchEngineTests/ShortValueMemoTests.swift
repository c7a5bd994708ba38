import StreamingJSON
import TestSupport
import Testing

@testable import SearchEngine

/// ``ShortValueMemo`` keys a ruled-out line by its values where they are,
/// in front of ``ComputedFieldMemo``: two lines of a kind must make the same
/// key exactly when they make the same key of that memo, or a verdict
/// remembered for one would be given for another.
@Suite struct ShortValueMemoTests {
    /// Values of every type, of lengths around eight bytes, that differ only
    /// in type (`1` and `"1"`), in case, or in their ninth byte.
    static let values = [
        #""""#, #""a""#, #""A""#, #""1""#, "1", "1.0", "-0", "1e9", "12345678", "123456789", #""Q""#, #""q""#,
        #""hearts""#, #""HEARTS""#, #""diamonds""#, #""diamondsx""#, #""diamondsy""#, #""12345678""#,
        #""clubs   ""#, "true", "false", "null", #""true""#, #""null""#,
    ]

    /// Lines of a kind whose computed fields read `first` and `second`, in
    /// either order, each value maybe absent, last in its line (fewer than
    /// eight bytes follow it) or not.
    static func lines(count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix64(state: seed)
        func pick() -> String? {
            let index = Int(random.next() % UInt64(values.count + 2))
            return index < values.count ? values[index] : nil
        }
        return (0..<count).map { _ in
            var members = [#""kind":"pair""#]
            if let first = pick() { members.append(#""first":\#(first)"#) }
            if let second = pick() { members.append(#""second":\#(second)"#) }
            if random.next() % 3 == 0 { members.append(#""other":"padding of the line""#) }
            if random.next() % 2 == 0 { members.reverse() }
            return Array("{\(members.joined(separator: ","))}".utf8)
        }
    }

    /// The keys of both memos for `line`: the kind at `kind` among the recent
    /// kinds, named `name`, whose computed fields read the values at `reads`.
    static func keys(
        _ line: [UInt8], scanner: JSONFieldScanner, kind: Int, name: String, reads: [Int], fuzzily: Bool = false
    ) throws -> (short: ShortValueMemo.Key?, memo: [UInt8]) {
        var raw: [JSONFieldScanner.RawValue] = []
        return try line.withUnsafeBytes { bytes in
            try #require(scanner.scanFlat(bytes, into: &raw))
            let short = ShortValueMemo.Key(
                kind: kind, fuzzily: fuzzily, reads: ShortValueMemo.Reads(reads), raw: raw.span, line: line.span)
            var memo = ComputedFieldMemo.Key()
            memo.start(kind: name)
            for index in reads { memo.append(raw[index], in: line.span) }
            return (short, memo.withBytes { bytes in (0..<bytes.count).map { bytes[$0] } })
        }
    }

    @Test(arguments: [[1, 2], [2, 1], [2], [], [1, 2, 1]])
    func linesMakeTheSameKeyExactlyWhenTheyMakeTheSameMemoKey(reads: [Int]) throws {
        let scanner = JSONFieldScanner(keys: ["kind", "first", "second"])
        let keys = try Self.lines(count: 600, seed: 3).map {
            try Self.keys($0, scanner: scanner, kind: 2, name: "pair", reads: reads)
        }
        var shared = 0
        for (index, a) in keys.enumerated() {
            for b in keys[..<index] {
                guard let shortA = a.short, let shortB = b.short else { continue }
                #expect((shortA == shortB) == (a.memo == b.memo))
                if shortA == shortB { shared += 1 }
            }
        }
        #expect(shared > 100)
    }

    @Test func aValueLongerThanEightBytesMakesNoKey() throws {
        let scanner = JSONFieldScanner(keys: ["kind", "first", "second"])
        for line in Self.lines(count: 600, seed: 4) {
            var raw: [JSONFieldScanner.RawValue] = []
            _ = line.withUnsafeBytes { scanner.scanFlat($0, into: &raw) }
            let key = try Self.keys(line, scanner: scanner, kind: 0, name: "pair", reads: [1, 2]).short
            #expect((key == nil) == (raw[1].count > 8 || raw[2].count > 8), "\(String(decoding: line, as: UTF8.self))")
        }
    }

    /// The kind, the phase and the number of reads tell keys apart.
    @Test func keysOfOtherKindsOrPhasesDiffer() throws {
        let scanner = JSONFieldScanner(keys: ["kind", "first", "second"])
        let line = Array(#"{"kind":"pair","first":"a","second":"b"}"#.utf8)
        let plain = try Self.keys(line, scanner: scanner, kind: 1, name: "pair", reads: [1, 2]).short
        let other = try Self.keys(line, scanner: scanner, kind: 2, name: "pair", reads: [1, 2]).short
        let fuzzy = try Self.keys(line, scanner: scanner, kind: 1, name: "pair", reads: [1, 2], fuzzily: true).short
        #expect(plain != nil && plain != other && plain != fuzzy)
        #expect(try Self.keys(line, scanner: scanner, kind: 1, name: "pair", reads: [1, 2, 1, 2]).short == nil)
    }

    /// Lookups give what was remembered, whatever collides, and nothing
    /// for what was not; past the capacity nothing more is remembered.
    @Test func lookupsGiveWhatWasRemembered() throws {
        let scanner = JSONFieldScanner(keys: ["kind", "first", "second"])
        var memo = ShortValueMemo()
        var reference: [[UInt8]: Bool] = [:]
        var remembered = 0
        for index in 0..<(ShortValueMemo.capacity + 200) {
            let line = Array(#"{"kind":"pair","first":\#(index),"second":"\#(index % 7)"}"#.utf8)
            let key = try #require(try Self.keys(line, scanner: scanner, kind: 0, name: "pair", reads: [1, 2]).short)
            #expect(memo.lookup(key) == reference[line])
            memo.remember(index % 3 == 0, for: key)
            if remembered < ShortValueMemo.capacity {
                reference[line] = index % 3 == 0
                remembered += 1
            }
            #expect(memo.lookup(key) == reference[line])
        }
        for (line, verdict) in reference {
            let key = try #require(try Self.keys(line, scanner: scanner, kind: 0, name: "pair", reads: [1, 2]).short)
            #expect(memo.lookup(key) == verdict)
        }
    }
}
