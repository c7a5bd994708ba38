import Testing

@testable import MySQLWire

@Suite struct PacketCursorTests {
    @Test func lengthEncodedIntegersOfEverySize() throws {
        var cursor = PacketCursor([0xFA, 0xFC, 0x34, 0x12, 0xFD, 0x56, 0x34, 0x12, 0xFE, 1, 0, 0, 0, 0, 0, 0, 0x80])
        #expect(try cursor.lengthEncoded() == 250)
        #expect(try cursor.lengthEncoded() == 0x1234)
        #expect(try cursor.lengthEncoded() == 0x12_3456)
        #expect(try cursor.lengthEncoded() == 0x8000_0000_0000_0001)
    }

    @Test func nullIsNilAndAStringIsItsBytes() throws {
        var cursor = PacketCursor([0xFB, 0x03, 0x61, 0x62, 0x63, 0x00])
        #expect(try cursor.lengthEncodedBytes() == nil)
        #expect(try cursor.lengthEncodedBytes() == Array("abc".utf8))
        #expect(try cursor.lengthEncodedBytes() == [])
    }

    @Test func aValueLongerThanItsPacketIsMalformedNotARead() {
        var cursor = PacketCursor([0x05, 0x61, 0x62])
        #expect(throws: MySQLError.malformed("a value runs past its packet")) { try cursor.lengthEncodedBytes() }
        var short = PacketCursor([0xFC, 0x01])
        #expect(throws: MySQLError.malformed("a packet ends too soon")) { try short.lengthEncoded() }
    }

    @Test func anErrorPacketGivesCodeStateAndMessage() throws {
        var cursor = PacketCursor([0xFF, 0x28, 0x04] + Array("#42000sphinxql: syntax error".utf8))
        #expect(try cursor.serverError() == .server(code: 1064, state: "42000", message: "sphinxql: syntax error"))
    }

    @Test func anEOFPacketIsShortAndARowStartingFEIsNot() {
        #expect(PacketCursor([0xFE, 0, 0, 0x08, 0]).isEOF)
        #expect(!PacketCursor([0xFE] + [UInt8](repeating: 0x61, count: 12)).isEOF)
    }
}
