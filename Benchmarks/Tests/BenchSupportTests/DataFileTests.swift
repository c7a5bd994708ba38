import Foundation
import Testing

@testable import BenchSupport

@Suite struct DataFileTests {
    @Test func aFileIsGeneratedOnceAndThenReused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let first = try DataFile.prepare(records: 1000, seed: 5, in: directory.path)
        #expect(first.reused == false)
        let text = try String(contentsOfFile: first.path, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 1000)
        #expect(text.utf8.count == first.bytes)

        let second = try DataFile.prepare(records: 1000, seed: 5, in: directory.path)
        #expect(second.reused)
        #expect(second.path == first.path)
        #expect(second.bytes == first.bytes)

        let other = try DataFile.prepare(records: 1000, seed: 6, in: directory.path)
        #expect(other.path != first.path)
        #expect(try String(contentsOfFile: other.path, encoding: .utf8) != text)
        // No partial files are left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 2)
    }

    @Test func aShareOfUnknownKindsHasAFileOfItsOwnAndThePlainShareIsThePlainFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let plain = try DataFile.prepare(records: 1000, seed: 5, in: directory.path)
        let two = try DataFile.prepare(records: 1000, seed: 5, in: directory.path, unknownPercent: 2)
        #expect(two.reused && two.path == plain.path)
        let eight = try DataFile.prepare(records: 1000, seed: 5, in: directory.path, unknownPercent: 8)
        #expect(eight.path.hasSuffix("-seed5-1000-unknown8.jsonl"))
        #expect(eight.unknownPercent == 8 && !eight.reused)
        let text = try String(contentsOfFile: eight.path, encoding: .utf8)
        #expect(text.contains(#""kind":"gadget""#))
        #expect(throws: BenchmarkError.self) {
            try DataFile.prepare(records: 1000, seed: 5, in: directory.path, unknownPercent: 30)
        }
    }
}
