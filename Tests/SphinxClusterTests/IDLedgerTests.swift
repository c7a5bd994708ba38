import Testing

@testable import SphinxCluster

/// A push names the records of a load that share an id from a ledger that
/// writes sorted runs to a temporary file: the names are those a sort of
/// everything in memory gives, and memory holds one run at most.
@Suite struct IDLedgerTests {
    /// `count` records in load order over a few files, whose ids repeat:
    /// ids are drawn from `distinct` values with a fixed generator.
    static func records(_ count: Int, distinct: UInt64) -> [IDLedger.Entry] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var file = 0
        var line = 0
        return (0..<count).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            if index % 1_000 == 999 {
                file += 1
                line = 0
            }
            line += 1
            return IDLedger.Entry(id: (state >> 33) % distinct, file: file, line: line, hasID: state & 1 == 1)
        }
    }

    /// What the ledger must report: each record whose id came before, with
    /// the first record of that id, by id and then in load order.
    static func expected(_ records: [IDLedger.Entry]) -> [[UInt64]] {
        var first: [UInt64: IDLedger.Entry] = [:]
        var pairs: [(later: IDLedger.Entry, first: IDLedger.Entry, index: Int)] = []
        for (index, record) in records.enumerated() {
            if let earlier = first[record.id] {
                pairs.append((record, earlier, index))
            } else {
                first[record.id] = record
            }
        }
        return pairs.sorted { ($0.later.id, $0.index) < ($1.later.id, $1.index) }
            .map { [$0.later.id, $0.later.place, $0.first.place] }
    }

    @Test(arguments: [1, 3, 7, 64, 1_000, IDLedger.defaultRunLength])
    func namesWhatASortInMemoryNames(runLength: Int) {
        for (count, distinct) in [(0, 1), (1, 1), (5_000, 1), (5_000, 40), (20_000, 15_000), (20_000, 1 << 40)] {
            let records = Self.records(count, distinct: UInt64(distinct))
            var ledger = IDLedger(runLength: runLength)
            var most = 0
            for record in records {
                ledger.note(record)
                most = max(most, ledger.held)
            }
            #expect(most <= runLength, "held \(most) records of runs of \(runLength)")
            if count > runLength {
                #expect(ledger.spilled == count / runLength, "wrote \(ledger.spilled) runs")
            }
            var reported: [[UInt64]] = []
            let complete = ledger.forEachShared { later, first in
                #expect(later.id == first.id)
                reported.append([later.id, later.place, first.place])
            }
            #expect(complete)
            #expect(reported == Self.expected(records), "\(count) records of \(distinct) ids, runs of \(runLength)")
        }
    }

    @Test func aPlaceKeepsItsFileLineAndOrigin() {
        let entry = IDLedger.Entry(id: 7, file: 12, line: 4_000_000_000, hasID: true)
        #expect(entry.file == 12 && entry.line == 4_000_000_000 && entry.hasID)
        let clamped = IDLedger.Entry(id: 7, file: Int.max, line: Int.max, hasID: false)
        #expect(clamped.file == Int(Int32.max) && clamped.line == Int(UInt32.max) && !clamped.hasID)
        // Later files and lines sort later.
        #expect(
            IDLedger.Entry(id: 1, file: 0, line: 9, hasID: true) < IDLedger.Entry(id: 1, file: 1, line: 1, hasID: false)
        )
        #expect(
            IDLedger.Entry(id: 1, file: 2, line: 3, hasID: true) < IDLedger.Entry(id: 1, file: 2, line: 4, hasID: false)
        )
    }
}
