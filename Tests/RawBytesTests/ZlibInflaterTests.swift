import Foundation
import RawBytes
import Testing

/// zlib's inflate behind the byte module: gzip members one after another,
/// output room of any size, input given in pieces, and corrupt data.
@Suite struct ZlibInflaterTests {
    /// `bytes` compressed by the `gzip` command.
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zlib-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -c -n \"$0\"", path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }

    /// Inflates `input`, given `inputStep` bytes at a time, into rooms of
    /// `roomSize` bytes; what came out, the steps that ended a member and
    /// the last step.
    static func inflate(_ input: [UInt8], inputStep: Int, roomSize: Int) throws -> (
        output: [UInt8], members: Int, last: ZlibInflater.Step
    ) {
        let zlib = try #require(ZlibInflater(inputCapacity: inputStep))
        var given = 0
        var output: [UInt8] = []
        var members = 0
        var last = ZlibInflater.Step.progressed
        var room = [UInt8](repeating: 0, count: roomSize)
        while true {
            if zlib.inputCount == 0 {
                guard given < input.count else { break }
                let count = zlib.refillInput { space in
                    let piece = min(space.freeCapacity, input.count - given)
                    space.append(copying: input.span.extracting(given..<given + piece))
                }
                given += count
            }
            if last == .memberEnded {
                guard zlib.nextInputByte == 0x1F else { break }
                zlib.startNextMember()
            }
            let written = room.withUnsafeMutableBufferPointer { buffer in
                var span = OutputSpan(buffer: buffer, initializedCount: 0)
                last = zlib.inflate(into: &span)
                return span.finalize(for: buffer)
            }
            output += room.prefix(written)
            if last == .memberEnded { members += 1 }
            if case .corrupt = last { break }
        }
        return (output, members, last)
    }

    @Test(arguments: [(1, 1), (7, 3), (1 << 16, 1 << 16), (13, 1 << 16)])
    func membersOneAfterAnotherInflateWhole(inputStep: Int, roomSize: Int) throws {
        let first = Array(String(repeating: "the first member's text\n", count: 500).utf8)
        let second = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        let input = try Self.gzip(first) + Self.gzip(second)
        let result = try Self.inflate(input, inputStep: inputStep, roomSize: roomSize)
        #expect(result.output == first + second)
        #expect(result.members == 2)
        #expect(result.last == .memberEnded)
    }

    @Test func corruptDataSaysSo() throws {
        var input = try Self.gzip(Array(String(repeating: "abc", count: 1000).utf8))
        input[12] ^= 0xFF
        input[13] ^= 0xFF
        let result = try Self.inflate(input, inputStep: 1 << 12, roomSize: 1 << 12)
        guard case .corrupt = result.last else {
            Issue.record("expected corrupt data, got \(result.last)")
            return
        }
        #expect(
            try Self.inflate(Array("not gzip at all".utf8), inputStep: 64, roomSize: 64).last
                == .corrupt("incorrect header check"))
    }

    @Test func noRoomInflatesNothing() throws {
        let zlib = try #require(ZlibInflater(inputCapacity: 64))
        var empty: [UInt8] = []
        let step = empty.withUnsafeMutableBufferPointer { buffer in
            var span = OutputSpan(buffer: buffer, initializedCount: 0)
            return zlib.inflate(into: &span)
        }
        #expect(step == .progressed)
        #expect(zlib.inputCount == 0)
        #expect(zlib.nextInputByte == nil)
    }
}
