import Foundation
import RawBytes
import Testing

/// The byte module's scratch spans, signal-safe bytes, socket calls and
/// positioned writes, on real memory, pipes, files and sockets.
@Suite struct ScratchAndSocketBytesTests {
    @Test(arguments: [0, 1, 7, 300, 5000])
    func aScratchSpanHoldsItsCountOfTheValueAndTakesWrites(count: Int) {
        let sum = TemporarySpans.withMutableSpan(of: 3, count: count) { span in
            #expect(span.count == count)
            for index in span.indices where index % 2 == 0 { span[index] = 5 }
            var sum = 0
            for index in span.indices { sum += span[index] }
            return sum
        }
        #expect(sum == (count + 1) / 2 * 5 + count / 2 * 3)
    }

    @Test func anOutputSpanFillsUpToItsCapacityAndIsReadBack() {
        let read = TemporarySpans.withOutputSpan(of: UInt32.self, capacity: 4) { output in
            #expect(output.count == 0)
            for value in [10, 20, 30] as [UInt32] { output.append(value) }
            #expect(output.freeCapacity == 1)
            let span = output.span
            return (0..<span.count).map { span[$0] }
        }
        #expect(read == [10, 20, 30])
    }

    @Test func aScratchSpanIsCheckedAtItsEnd() async {
        await #expect(processExitsWith: .failure) {
            TemporarySpans.withMutableSpan(of: UInt8(0), count: 4) { span in span[4] = 1 }
        }
    }

    @Test func signalSafeBytesAreCutToTheirCapacityAndWrittenWhole() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        var bytes = SignalSafeBytes(capacity: 6)
        #expect(bytes.write(to: ends[1]) == 0)
        bytes.set(Array("\u{1B}[?1049l!!".utf8).span)
        #expect(bytes.count == 6)
        #expect(bytes.write(to: ends[1]) == 6)
        bytes.set(Array("ab".utf8).span)
        #expect(bytes.write(to: ends[1]) == 2)
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(FileDescriptorBytes.read(ends[0], into: &buffer) == 8)
        #expect(Array(buffer.prefix(8)) == Array("\u{1B}[?104ab".utf8))
    }

    @Test func aWriteAtAnOffsetLeavesTheRestOfTheFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rawbytes-\(UUID().uuidString)").path
        try Data("abcdefghij".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDWR)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(FileDescriptorBytes.write(fd, Array("XYZ".utf8).span, atOffset: 4) == 3)
        #expect(FileDescriptorBytes.write(fd, Array("Q".utf8).span, atOffset: 12) == 1)
        var buffer = [UInt8](repeating: 0, count: 13)
        #expect(FileDescriptorBytes.read(fd, into: &buffer, atOffset: 0) == 13)
        #expect(buffer == Array("abcdXYZhij".utf8) + [0, 0, 0x51])
    }

    @Test func aLoopbackAddressIsResolvedConnectedAndCarriesBytesBothWays() throws {
        // A real listener on a free port of 127.0.0.1.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(bound == 0 && listen(listener, 1) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))

        let addresses = try SocketAddress.resolve(
            host: "127.0.0.1", port: port, family: AF_INET, socketType: Int32(SOCK_STREAM.rawValue),
            protocolNumber: Int32(IPPROTO_TCP))
        let first = try #require(addresses.first)
        #expect(first.family == AF_INET && first.bytes.count == MemoryLayout<sockaddr_in>.size)
        let client = socket(first.family, first.socketType, first.protocolNumber)
        try #require(client >= 0)
        defer { close(client) }
        #expect(first.connect(client) == 0)
        let server = accept(listener, nil, nil)
        try #require(server >= 0)
        defer { close(server) }

        let hello = Array("hello, server".utf8)
        #expect(SocketBytes.send(client, hello.span.extracting(7...), flags: Int32(MSG_NOSIGNAL)) == 6)
        var buffer = [UInt8](repeating: 0, count: 10)
        #expect(SocketBytes.receive(server, into: &buffer, 2..<10, flags: 0) == 6)
        #expect(Array(buffer[2..<8]) == Array("server".utf8))
        close(server)
        #expect(SocketBytes.receive(client, into: &buffer, flags: 0) == 0)
    }

    @Test func aNameThatDoesNotResolveSaysWhy() {
        #expect(throws: SocketAddress.ResolveError.self) {
            try SocketAddress.resolve(
                host: "no-such-host.invalid", port: 1, family: AF_UNSPEC, socketType: Int32(SOCK_STREAM.rawValue),
                protocolNumber: Int32(IPPROTO_TCP))
        }
    }
}
