import Foundation
import Testing

@testable import SearchCLI

/// `FuzzOptionParser`'s committed corpus, replayed with its properties.
@Suite struct OptionParserCorpusTests {
    static var corpus: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/FuzzOptionParser")
    }

    @Test func everyCommandLineParsesOrGetsAUsageErrorWithNoControlInIt() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(names.count >= 5)
        for name in names {
            let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
            let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(32).map {
                String(decoding: $0, as: UTF8.self)
            }
            guard let message = SearchCommand.usageMessage(for: arguments) else { continue }
            #expect(message.hasPrefix("error: "), "\(name): \(message)")
            #expect(message.hasSuffix("  See 'search --help' for more information.\n"), "\(name)")
            let control = message.unicodeScalars.first {
                $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
            }
            #expect(control == nil, "\(name): \(message.debugDescription)")
        }
    }
}
