import Testing

@testable import SearchEngine

/// A stream's form is told from its first 64 KiB, unless its first bytes
/// settle it: then what comes slowly is read as it comes. A form settled
/// early is the one the whole content is told to be, at every cut.
@Suite struct SniffSettledTests {
    static let contents: [String] = [
        "src/main.swift\nsrc/other.swift\n",
        "2026-12-07 11:00:01 INFO started\n2026-12-07 11:00:02 WARN slow\n",
        "\u{FEFF}line with a BOM\nand another\n",
        "\n\nblank lines first\nthen text\n",
        "[INFO] a log line\n[WARN] another\n",
        "name,price\ntea,3\ncoffee,4\n",
        "name\tprice\ntea\t3\n",
        "kind,name\n",
        "Hello, world. A sentence with a comma!\nMore prose.\n",
        #"{"kind":"product","name":"tea"}"# + "\n",
        "[\n" + #"{"kind":"product","name":"tea"}"# + "\n]\n",
        "   \n  {\n" + #""kind":"card"}"# + "\n",
        "one line without a break",
    ]

    @Test(arguments: contents)
    func aFormSettledEarlyIsTheFormOfTheWhole(content: String) {
        let bytes = Array(content.utf8)
        let whole = DataFormat.sniff(bytes, atEnd: true)
        for cut in 0...bytes.count where DataFormat.sniffIsSettled(bytes[..<cut]) {
            #expect(whole == .lines, "settled at \(cut) bytes, but the whole is \(String(describing: whole))")
            #expect(DataFormat.sniff(bytes[..<cut], atEnd: false) == .lines)
        }
    }

    @Test func linesOfTextSettleAtTheirFirstLineBreakAndTablesAndJSONDoNot() {
        #expect(DataFormat.sniffIsSettled(Array("src/main.swift\n".utf8)))
        #expect(!DataFormat.sniffIsSettled(Array("src/main.swift".utf8)))
        #expect(!DataFormat.sniffIsSettled(Array("name,price\n".utf8)))
        #expect(!DataFormat.sniffIsSettled(Array("name\tprice\r\n".utf8)))
        #expect(!DataFormat.sniffIsSettled(Array(#"{"a":1}"#.utf8 + [0x0A])))
        #expect(!DataFormat.sniffIsSettled(Array("[\n".utf8)))
        #expect(!DataFormat.sniffIsSettled(Array("\n\n".utf8)))
    }
}
