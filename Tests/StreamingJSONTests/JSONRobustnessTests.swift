import StreamingJSON
import TestSupport
import Testing

@Suite("Robustness on damaged input")
struct JSONRobustnessTests {
    /// Bytes that damage JSON in interesting ways: structure, escapes, a
    /// byte-order mark, NUL, control characters and broken UTF-8.
    static let damage: [[UInt8]] = [
        [0x22], [0x5C], [0x5C, 0x75], [0x5C, 0x75, 0x44, 0x38, 0x30, 0x30], [0x7B], [0x7D], [0x5B], [0x5D],
        [0x2C], [0x3A], [0x00], [0x0A], [0x1F], [0x7F], [0xEF, 0xBB, 0xBF], [0xC3], [0x80], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0x2D], [0x2E], [0x65], [0x30],
    ]

    @Test("damaged records give a value that round-trips, or an error inside the input")
    func damagedRecords() throws {
        var generator = RecordGenerator(random: SplitMix64(state: 42))
        var random = SplitMix64(state: 4242)
        var accepted = 0
        var rejected = 0
        var problems: [String] = []
        for _ in 0..<6_000 {
            var bytes = Array(generator.record().utf8)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    bytes.insert(contentsOf: Self.damage[Int.random(in: 0..<Self.damage.count, using: &random)], at: at)
                case 1: if at < bytes.count { bytes.remove(at: at) }
                default: if at < bytes.count { bytes[at] = UInt8.random(in: 0...255, using: &random) }
                }
            }
            do throws(JSONParseError) {
                let value = try JSONParser().parse(bytes)
                let written = JSONWriter.string(value)
                if (try? JSONParser().parse(written)) != value {
                    problems.append("round trip changed \(written)")
                }
                accepted += 1
            } catch {
                if !(0...bytes.count).contains(error.offset) {
                    problems.append("\(error) is outside \(bytes.count) bytes")
                }
                rejected += 1
            }
        }
        #expect(problems.isEmpty, "first: \(problems.prefix(3))")
        // Both outcomes must actually be exercised.
        #expect(accepted > 150)
        #expect(rejected > 3_000)
    }

    @Test("truncating a document anywhere gives an error at or before the cut")
    func truncatedDocuments() throws {
        var generator = RecordGenerator(random: SplitMix64(state: 5))
        var problems: [String] = []
        for _ in 0..<60 {
            let bytes = Array(generator.record().utf8)
            for cut in 0..<(bytes.count - 1) {
                let prefix = Array(bytes[..<cut])
                // Every record is an object, so no proper prefix may parse.
                switch parseResult(prefix) {
                case .failure(let error) where error.offset <= cut: continue
                case .failure(let error): problems.append("\(error) after a cut at \(cut)")
                case .success: problems.append("accepted \(String(decoding: prefix, as: UTF8.self))")
                }
            }
        }
        #expect(problems.isEmpty, "first: \(problems.prefix(3))")
    }
}
