import Foundation
import Testing
import TextMatching

@Suite struct EmojiNamesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let cldr = "/usr/share/unicode/cldr/common/annotations/en.xml"

    static let canRegenerate: Bool =
        FileManager.default.fileExists(atPath: cldr) && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    /// The generated table must match what the generator makes from CLDR today.
    @Test(.enabled(if: canRegenerate, "CLDR annotations absent (apt-get install unicode-cldr-core) or no python3"))
    func theGeneratedTableIsFresh() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("emoji-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            Self.root.appendingPathComponent("scripts/unicode/generate-emoji-names.py").path, "--cldr", Self.cldr,
            "--output", output.path,
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let fresh = try String(contentsOf: output, encoding: .utf8)
        let committed = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/TextMatching/EmojiNames+Table.swift"), encoding: .utf8
        )
        #expect(
            fresh == committed,
            "EmojiNames+Table.swift is stale; regenerate: python3 scripts/unicode/generate-emoji-names.py")
    }

    @Test func aNameOfEmojiIsFoundByTheirNames() throws {
        let matcher = TextMatcher()
        let fox = try #require(matcher.match(MatchPattern("fox"), in: "🦊🐾.ws"))
        #expect(fox.tier == .prefix && fox.wholeWord)
        #expect(fox.positions == [0])
        #expect(matcher.match(MatchPattern("paw prints"), in: "🦊🐾.ws")?.positions == [1])
        #expect(matcher.match(MatchPattern("fox"), in: "🐾.ws") == nil)
        // A text the word matches as written keeps that match.
        #expect(matcher.match(MatchPattern("ws"), in: "🦊🐾.ws")?.positions == [3, 4])
    }
}
