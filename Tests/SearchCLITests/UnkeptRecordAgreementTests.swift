import CardKind
import DomainKind
import Foundation
import ProductKind
import ResultKit
import SearchEngine
import StreamingJSON
import Testing

/// A matching record that cannot rank among the results kept is decoded by
/// its kind (`ResultKind.validate`) without its row being made. These tests
/// hold that path to the one that makes the row: the same records rejected,
/// with the same reasons, and the same counts and warnings from a search
/// whatever the number of results kept.
@Suite struct UnkeptRecordAgreementTests {
    static let kinds: [ResultKind] = [.product, .card, .domain, .fallback(named: "gadget")]

    /// Each kind's sample records, and each of them damaged in every way a
    /// field can be: removed, null, a string, an empty string, a number
    /// (negative, out of range), a boolean, an array, an object.
    static func objects(for kind: ResultKind) throws -> [JSONObject] {
        let sample = ResultKind.product.sample.map { "\($0.text)" } ?? ""
        let own = kind.sample.map { "\($0.text)" } ?? sample
        var objects: [JSONObject] = []
        let parser = JSONParser()
        for line in own.split(separator: "\n").prefix(40) {
            guard let object = try parser.parse(String(line)).objectValue else { continue }
            objects.append(object)
            let replacements: [JSONValue?] = [
                nil, .null, .string("x"), .string(""), .string(" 7 "), .number("-3"), .number("7"), .number("1e400"),
                .bool(true), .array([]), .object(JSONObject()),
            ]
            for index in object.members.indices {
                for replacement in replacements {
                    var members = object.members
                    if let replacement {
                        members[index].value = replacement
                    } else {
                        members.remove(at: index)
                    }
                    objects.append(JSONObject(members))
                }
            }
        }
        return objects
    }

    @Test(arguments: kinds.indices)
    func validateRejectsWhatMakeRowRejectsWithTheSameReason(kindIndex: Int) throws {
        let kind = Self.kinds[kindIndex]
        var checked = 0
        var rejected = 0
        for kind in [kind, kind.ownCopy()] {
            for object in try Self.objects(for: kind) {
                let made: String?
                do {
                    _ = try kind.makeRow(object)
                    made = nil
                } catch {
                    made = error.reason
                }
                let validated: String?
                do {
                    _ = try kind.validate(object)
                    validated = nil
                } catch {
                    validated = error.reason
                }
                #expect(made == validated, "\(kind.name): \(object.members.map(\.key))")
                checked += 1
                if made != nil { rejected += 1 }
            }
        }
        #expect(checked > 100)
        // Known kinds reject some of the damaged records; the fallback none.
        #expect((rejected > 0) == (kind.name != "gadget"))
    }

    /// Lines of the three kinds and an unknown one, some of which their
    /// kind rejects, some malformed, in random order.
    static func lines(count: Int, seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        var lines: [String] = []
        for index in 0..<count {
            let price = ["1", "2.5", "99999", "-3", "\"12.5\"", "\"abc\"", "null", "0", "4477.99"].randomElement(
                using: &generator)!
            let rating = ["3", "7", "-1", "null", "4.5", "\"x\""].randomElement(using: &generator)!
            switch Int.random(in: 0..<8, using: &generator) {
            case 0, 1, 2:
                lines.append(#"{"kind":"product","name":"Coffee \#(index)","price":\#(price),"rating":\#(rating)}"#)
            case 3:
                let name = Bool.random(using: &generator) ? "" : "Mug \(index)"
                lines.append(#"{"kind":"product","name":"\#(name)","price":\#(price)}"#)
            case 4:
                let rank = ["Q", "Z", "10", "11"].randomElement(using: &generator)!
                let suit = ["hearts", "cups"].randomElement(using: &generator)!
                lines.append(
                    #"{"kind":"card","name":"Coffee card \#(index)","rank":"\#(rank)","suit":"\#(suit)","price":\#(price)}"#
                )
            case 5:
                let status = ["taken", "weird", "available"].randomElement(using: &generator)!
                lines.append(#"{"kind":"domain","name":"coffee\#(index).example","status":"\#(status)"}"#)
            case 6:
                lines.append(#"{"kind":"gadget","name":"Coffee gizmo \#(index)","price":\#(price)}"#)
            default:
                lines.append(#"{"kind":"product","name":"Broken coffee \#(index)","price":"#)
            }
        }
        return lines
    }

    /// A file search's results, counts and warnings (as printed).
    func search(_ query: String, file: String, options: SearchOptions) throws -> (
        hits: [String], statistics: [Int], warnings: [String]
    ) {
        let registry = try KindRegistry([.product, .card, .domain])
        var session = SearchSession(registry: registry, query: try QueryParser().parse(query), options: options)
        var warnings: [String] = []
        session.searchNDJSONFile(
            path: file, hint: nil, sourceIndex: 0, maxLineBytes: 1 << 20, workers: 2, blockSize: 4096
        ) { warnings.append($0.description) }
        let result = session.finish()
        let statistics = result.statistics
        return (
            result.hits.map { "\($0.row.name) \($0.record.location.line)" },
            [statistics.read, statistics.matched, statistics.filteredOut, statistics.skipped], warnings
        )
    }

    @Test(arguments: ["", "coffee", "cofee", "zzqxj", "price<50"], [nil, "-price", "price", "name"])
    func keepingFewGivesTheCountsAndWarningsOfKeepingAll(query: String, sort: String?) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("unkept-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try (Self.lines(count: 3_000, seed: 42).joined(separator: "\n") + "\n").write(
            to: file, atomically: true, encoding: .utf8)
        let sort = sort.flatMap(FieldSort.init(parsing:))
        let all = try search(query, file: file.path, options: SearchOptions(limit: 100_000, sort: sort))
        for limit in [1, 5] {
            let few = try search(query, file: file.path, options: SearchOptions(limit: limit, sort: sort))
            #expect(few.statistics == all.statistics)
            // The tallies of each group's rest (at line 0) come in the
            // order of a dictionary of the groups, which two searches need
            // not share: compared as sets, the rest in order.
            #expect(few.warnings.filter { !$0.contains(":0: ") } == all.warnings.filter { !$0.contains(":0: ") })
            #expect(Set(few.warnings) == Set(all.warnings))
            #expect(few.warnings.count == all.warnings.count)
            #expect(few.hits == Array(all.hits.prefix(limit)))
        }
        // Records were rejected, among those kept and those turned away
        // (`zzqxj` matches nothing: fuzzy stand-ins are tried, none found).
        if query != "zzqxj" {
            #expect(all.statistics[3] > 0)
            #expect(all.hits.count > 5)
        }
    }
}

/// A small generator with a fixed seed (SplitMix64), so that failures repeat.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
