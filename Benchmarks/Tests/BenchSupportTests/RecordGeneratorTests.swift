import Foundation
import Testing

@testable import BenchSupport

@Suite struct RecordGeneratorTests {
    private static func lines(seed: UInt64, count: Int) -> [String] {
        var generator = RecordGenerator(seed: seed)
        return (0..<count).map { _ in
            var bytes: [UInt8] = []
            generator.next().appendLine(to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test func sameSeedGivesTheSameRecords() {
        #expect(Self.lines(seed: 42, count: 2000) == Self.lines(seed: 42, count: 2000))
        #expect(Self.lines(seed: 42, count: 2000) != Self.lines(seed: 43, count: 2000))
    }

    @Test func everyLineIsOneJSONObjectWithKindAndName() throws {
        for line in Self.lines(seed: 7, count: 5000) {
            #expect(line.hasSuffix("}\n"))
            #expect(line.dropLast().contains("\n") == false)
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect((object["kind"] as? String)?.isEmpty == false)
            #expect((object["name"] as? String)?.isEmpty == false)
        }
    }

    @Test func theMixHasEveryKindAndAboutTwoPercentOfAnUnknownOne() {
        var generator = RecordGenerator(seed: 1)
        var counts: [String: Int] = [:]
        let total = 50_000
        for _ in 0..<total { counts[generator.next().kind, default: 0] += 1 }
        let share = { (kind: String) in Double(counts[kind, default: 0]) / Double(total) }
        #expect(Set(counts.keys) == ["domain", "product", "card", RecordGenerator.unknownKind])
        #expect((0.015...0.025).contains(share(RecordGenerator.unknownKind)))
        #expect((0.37...0.43).contains(share("domain")))
        #expect((0.32...0.38).contains(share("product")))
    }

    @Test func thePlainShareOfUnknownKindsIsThePlainMixRecordForRecord() {
        for seed: UInt64 in [1, 42] {
            var plain = RecordGenerator(seed: seed)
            var two = RecordGenerator(seed: seed, unknownPercent: RecordGenerator.plainUnknownPercent)
            for _ in 0..<5000 { #expect(plain.next() == two.next()) }
        }
    }

    @Test func eightPercentOfUnknownKindsTakeThePlaceOfCards() {
        var generator = RecordGenerator(seed: 42, unknownPercent: 8)
        var counts: [String: Int] = [:]
        var described = 0
        let total = 50_000
        for _ in 0..<total {
            let record = generator.next()
            counts[record.kind, default: 0] += 1
            if record.kind == "product", !record.text("description").isEmpty { described += 1 }
        }
        let share = { (kind: String) in Double(counts[kind, default: 0]) / Double(total) }
        #expect(
            Set(counts.keys)
                == ["domain", "product", "card", RecordGenerator.unknownKind, RecordGenerator.secondUnknownKind])
        #expect((0.075...0.085).contains(share(RecordGenerator.unknownKind) + share(RecordGenerator.secondUnknownKind)))
        #expect((0.15...0.19).contains(share("card")))
        #expect((0.32...0.38).contains(share("product")))
        #expect(described == counts["product"])
    }

    @Test func coffeeHitsOneToTwoPercentOfLinesAndAboutOnePercentOfNames() {
        var generator = RecordGenerator(seed: 42)
        var lines = 0
        var names = 0
        var bytes = 0
        let total = 50_000
        for _ in 0..<total {
            let record = generator.next()
            var line: [UInt8] = []
            record.appendLine(to: &line)
            bytes += line.count
            if String(decoding: line, as: UTF8.self).lowercased().contains("coffee") { lines += 1 }
            if record.name.lowercased().contains("coffee") { names += 1 }
        }
        #expect((0.01...0.02).contains(Double(lines) / Double(total)))
        #expect((0.005...0.02).contains(Double(names) / Double(total)))
        // About 150 bytes a record: 1,000,000 records make about 150 MB.
        #expect((130...170).contains(bytes / total))
    }

    @Test func stringsAreEscaped() {
        var bytes: [UInt8] = []
        GeneratedRecord(kind: "x", name: "a\"b\\c\u{1}", fields: [.init("n", .null)]).appendLine(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"kind":"x","name":"a\"b\\c\u0001","n":null}"# + "\n")
    }

    @Test(arguments: [(399, 2, "3.99"), (5, 2, "0.05"), (40, 1, "4.0"), (123_456, 2, "1234.56")])
    func decimals(units: Int, places: Int, expected: String) {
        #expect(RecordGenerator.decimal(units, places: places) == expected)
    }
}
