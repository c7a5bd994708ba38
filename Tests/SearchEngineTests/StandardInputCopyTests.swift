import Foundation
import ResultKit
import SearchEngine
import TestSupport
import Testing

/// Which piped input a caller that copies standard input (the picker) may
/// search from the copy as lines of NDJSON, in blocks: told from the first
/// bytes as the reader tells the format, so that the copy is read as a
/// one-shot search reads the pipe.
@Suite struct StandardInputCopyTests {
    static let card = #"{"kind":"card","rank":"Q","suit":"hearts"}"#

    @Test(
        arguments: [
            // NDJSON, once its first line has come, or the input has ended.
            (card + "\n" + card, false, nil, true),
            (#"{"kind":"#, false, nil, nil),
            (#"{"kind":"#, true, nil, true),
            ("\u{FEFF}" + card + "\n", false, nil, true),
            // White space so far tells nothing.
            (" \n\t", false, nil, nil),
            // A pretty-printed document, an API's response, an array: JSON documents.
            ("{\n  \"kind\": \"card\",\n", false, nil, false),
            (#"{"total":1,"items":[{"name":"a"}]}"# + "\n", false, nil, false),
            (#"[{"name":"a"}"#, false, nil, false),
            // Lines of text, a table.
            ("apple pie\nbanana split\n", false, nil, false),
            ("kind,name\ncard,x\n", false, nil, false),
            // --input-format decides.
            (card + "\n", false, "lines", false),
            ("apple pie\n", false, "jsonl", true),
            (card + "\n", false, "json", false),
        ] as [(String, Bool, String?, Bool?)])
    func theFirstBytesTell(head: String, complete: Bool, format: String?, expected: Bool?) throws {
        let reader = RecordReader(
            registry: try KindRegistry([noteKind()]),
            options: ReadingOptions(format: format.flatMap(DataFormat.init(optionValue:))))
        #expect(reader.readsStandardInputAsNDJSONLines(Array(head.utf8), complete: complete) == expected)
    }

    /// Compressed NDJSON is inflated as it is read, in one pass; records
    /// whose kind another field names are parsed whole: neither is read as
    /// lines from the copy.
    @Test func compressedInputAndKindFieldsAreNotLines() throws {
        let registry = try KindRegistry([noteKind()])
        let gzip = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03] as [UInt8]
        #expect(RecordReader(registry: registry).readsStandardInputAsNDJSONLines(gzip, complete: false) == false)
        let typed = RecordReader(registry: registry, options: ReadingOptions(kindFields: ["type"]))
        #expect(typed.readsStandardInputAsNDJSONLines(Array((Self.card + "\n").utf8), complete: false) == false)
        #expect(
            RecordReader(registry: registry).readsStandardInputAsNDJSONLines(
                Array((Self.card + "\n").utf8), complete: false) == true)
    }
}
