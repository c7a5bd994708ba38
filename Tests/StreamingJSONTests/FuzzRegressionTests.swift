import Foundation
import StreamingJSON
import Testing

/// The properties of `Fuzz/FuzzJSONParser`, replayed over its committed
/// corpus (`Fuzz/Corpus/FuzzJSONParser`, where every crash the fuzzer finds
/// is added as an input).
@Suite struct FuzzRegressionTests {
    static var corpus: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/FuzzJSONParser")
    }

    static func inputs() throws -> [(name: String, bytes: [UInt8])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
        return try names.map { ($0, Array(try Data(contentsOf: corpus.appendingPathComponent($0)))) }
    }

    @Test func everyCorpusInputParsesAndRoundTripsOrFailsInsideIt() throws {
        let inputs = try Self.inputs()
        #expect(inputs.count >= 8)
        var accepted = 0
        for (name, bytes) in inputs {
            let value: JSONValue
            do throws(JSONParseError) {
                value = try JSONParser().parse(bytes)
            } catch {
                #expect((0...bytes.count).contains(error.offset), "\(name): \(error)")
                #expect(!error.reason.isEmpty, "\(name)")
                continue
            }
            accepted += 1
            let written = JSONWriter.string(value)
            let again = try JSONParser().parse(written)
            #expect(again == value, "\(name): \(written)")
            #expect(JSONWriter.string(again) == written, "\(name): writing is not stable")
            if case .array(let elements) = value {
                var streamed: [JSONValue] = []
                try bytes.withUnsafeBytes { buffer in
                    try JSONParser().parseArrayElements(buffer) { element, offset in
                        #expect((0..<bytes.count).contains(offset), "\(name): element at \(offset)")
                        streamed.append(element)
                    }
                }
                #expect(streamed == elements, "\(name): parseArrayElements disagrees with parse")
            }
        }
        // Both outcomes are exercised by the seeds.
        #expect(accepted >= 3)
        #expect(accepted < inputs.count)
    }
}
