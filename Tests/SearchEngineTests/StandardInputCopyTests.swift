import Foundation
import ResultKit
import SearchEngine
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

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

    /// Contents whose answer the first bytes alone may not tell: an object
    /// whose first line ends where a document's would not (the wrapper's
    /// array comes on a later line), wrappers and documents told only by
    /// bytes past the first 64 KiB, and a first record longer than those.
    static let undecidedEarly: [String] = {
        let long = String(repeating: "x", count: 70_000)
        return [
            "{\"a\": 1\n, \"items\": [{\"name\": \"a\"}]}\n",
            "{\"meta\": {\"about\": \"a response\", \"pages\": [1, 2]}, \"items\": [{\"name\": \"a\"}]}\n",
            card + "\n" + card + "\n",
            "{\"note\": \"\(long)\",\n \"kind\": \"card\"\n}\n",
            "{\"meta\": \"\(long)\", \"items\": [{\"name\": \"a\"}]}\n",
            "{\"kind\": \"card\", \"about\": \"\(long)\"}\n" + card + "\n",
            "{\"about\": \"\(long)",
        ]
    }()

    /// However many of its first bytes have come, the copy is told as the
    /// whole input tells it, or not yet: an answer given early is never one
    /// that more bytes would change (the one-shot reader, which reads at
    /// least 64 KiB first, decides from exactly the first 64 KiB).
    @Test(arguments: undecidedEarly.indices)
    func anAnswerFromTheFirstBytesIsTheWholeInputsAnswer(index: Int) throws {
        let content = Array(Self.undecidedEarly[index].utf8)
        let reader = RecordReader(registry: try KindRegistry([noteKind()]))
        let whole = reader.readsStandardInputAsNDJSONLines(content, complete: true)
        #expect(whole != nil)
        // Every length of a short content; of a long one, lengths spread
        // over it and those about the first 64 KiB and its first line break.
        var lengths = Array(stride(from: 1, through: content.count, by: content.count < 2000 ? 1 : 997))
        if content.count > 2000 { lengths += [65_535, 65_536, 65_537, 70_010, 70_015, 70_020, 70_100] }
        var answered = 0
        for length in lengths where length <= content.count {
            let early = reader.readsStandardInputAsNDJSONLines(Array(content.prefix(length)), complete: false)
            if let early {
                answered += 1
                #expect(early == whole, "after \(length) of \(content.count) bytes")
            }
        }
        // Past the first 64 KiB, it is told.
        if content.count > 65_536 {
            #expect(reader.readsStandardInputAsNDJSONLines(Array(content.prefix(65_536)), complete: false) != nil)
        }
        #expect(answered > 0 || content.count <= 65_536)
    }

    /// The one-shot reader tells the format of the same content the same
    /// way however its reads fall: from a regular file (read a MiB at a
    /// time) or piped in pieces, the first 64 KiB decide, and the picker's
    /// answer agrees.
    @Test(arguments: undecidedEarly.indices)
    func theFormatIsTheContentsNotTheReads(index: Int) throws {
        let content = Array(Self.undecidedEarly[index].utf8)
        let reader = RecordReader(registry: try KindRegistry([noteKind()]))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sniff-\(UUID().uuidString)")
        try Data(content).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var formats: Set<String> = []
        // 0: the file itself; else pieces of that many bytes through a pipe.
        for piece in [0, 4096, 65_536, 100_000] {
            var ends: [Int32] = [0, 0]
            if piece == 0 {
                ends[0] = open(file.path, O_RDONLY)
            } else {
                #expect(pipe(&ends) == 0)
                let writeEnd = ends[1]
                Thread.detachNewThread {
                    content.withUnsafeBytes { bytes in
                        var offset = 0
                        while offset < bytes.count {
                            let count = write(writeEnd, bytes.baseAddress! + offset, min(piece, bytes.count - offset))
                            guard count > 0 else { break }
                            offset += count
                        }
                    }
                    close(writeEnd)
                }
            }
            var format: DataFormat?
            reader.readStandardInput(ends[0], record: { _ in }, diagnose: { _ in }, reading: { format = $0.format })
            close(ends[0])
            formats.insert(format.map(\.rawValue) ?? "none")
            let picker = reader.readsStandardInputAsNDJSONLines(content, complete: true)
            #expect(picker == (format == .ndjson), "read in pieces of \(piece)")
        }
        #expect(formats.count == 1, "\(formats)")
    }
}
