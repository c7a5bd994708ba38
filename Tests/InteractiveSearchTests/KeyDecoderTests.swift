import InteractiveSearch
import Testing

@Suite struct KeyDecoderTests {
    static func decode(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes)
    }

    @Test(arguments: [
        ([0x7F], Key.backspace), ([0x08], .backspace), ([0x15], .clearLine), ([0x17], .deleteWord),
        ([0x10], .up), ([0x0E], .down), ([0x09], .tab), ([0x0D], .enter), ([0x03], .interrupt),
        ([0x1A], .suspend), ([0x1B, 0x5B, 0x41], .up), ([0x1B, 0x5B, 0x42], .down), ([0x1B, 0x4F, 0x41], .up),
        ([0x1B, 0x4F, 0x42], .down), (Array("\u{1B}[5~".utf8), .pageUp), (Array("\u{1B}[6~".utf8), .pageDown),
    ])
    func controlBytesAreKeys(bytes: [UInt8], key: Key) {
        #expect(Self.decode(bytes) == [key])
    }

    @Test func typedCharactersArriveAsText() {
        #expect(Self.decode(Array("queen".utf8)) == [.text("queen")])
        #expect(Self.decode(Array("café 👍🏽".utf8)) == [.text("café 👍🏽")])
    }

    @Test func aCharacterSplitAcrossReadsWaitsForItsRest() {
        var decoder = KeyDecoder()
        let bytes = Array("é".utf8)
        #expect(decoder.decode([bytes[0]]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.decode([bytes[1]]) == [.text("é")])
    }

    @Test func aLoneEscapeIsTheEscKeyOnlyWhenNothingFollows() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.hasPending)
        // The rest of an arrow key arrives in the next read: one Up, no Esc.
        #expect(decoder.decode([0x5B, 0x41]) == [.up])
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flushPending() == [.escape])
        #expect(!decoder.hasPending)
    }

    @Test func unknownSequencesLeaveNothingInTheQuery() {
        // F5, a mouse report, Alt-x, a focus event: none is a key, none becomes text.
        let bytes = Array("\u{1B}[15~\u{1B}[<0;10;5M\u{1B}x\u{1B}[Ia".utf8)
        #expect(Self.decode(bytes) == [.text("a")])
    }

    @Test func controlsAndInvalidBytesAreNotText() {
        #expect(Self.decode([0x01, 0x02, 0xFF, 0xC0, 0x41, 0xC2, 0x85]) == [.text("A")])
    }

    @Test func keysBetweenTextKeepTheirOrder() {
        #expect(Self.decode(Array("ab\u{7F}c\r".utf8)) == [.text("ab"), .backspace, .text("c"), .enter])
    }
}

@Suite struct LineEditorTests {
    @Test func editingKeysChangeTheQuery() {
        var editor = LineEditor("queen of")
        var changed = editor.apply(.text(" hearts"))
        #expect(changed)
        #expect(editor.text == "queen of hearts")
        changed = editor.apply(.backspace)
        #expect(changed)
        #expect(editor.text == "queen of heart")
        changed = editor.apply(.deleteWord)
        #expect(changed)
        #expect(editor.text == "queen of ")
        changed = editor.apply(.deleteWord)
        #expect(changed)
        #expect(editor.text == "queen ")
        changed = editor.apply(.clearLine)
        #expect(changed)
        #expect(editor.text == "")
        changed = editor.apply(.backspace)
        #expect(!changed)
        changed = editor.apply(.up)
        #expect(!changed)
    }

    @Test func backspaceRemovesAWholeCharacter() {
        var editor = LineEditor("ok 👍🏽")
        editor.apply(.backspace)
        #expect(editor.text == "ok ")
    }
}

@Suite struct StatusLineTests {
    @Test func countsOfAllAndOfEachKind() {
        let text = StatusLine.text(
            matched: 8, total: 1674, kinds: [("card", 4), ("domain", 3), ("product", 1)], kept: 8, marked: 0,
            milliseconds: 2.04)
        #expect(text == "8 of 1,674 · card 4 · domain 3 · product 1 · 2.0 ms")
    }

    @Test func whenOnlyTheBestAreKeptTheKindCountsSaySo() {
        let text = StatusLine.text(
            matched: 52311, total: 1_000_000, kinds: [("note", 1000)], kept: 1000, marked: 2, milliseconds: 31.4)
        #expect(text == "52,311 of 1,000,000 · best 1,000: note 1,000 · 2 marked · 31 ms")
    }

    @Test func onANarrowScreenKindsGiveWayToTheTime() {
        let text = StatusLine.text(
            matched: 17, total: 2653, kinds: [("domain", 12), ("card", 4), ("product", 1)], kept: 17, marked: 0,
            milliseconds: 31, width: 40)
        #expect(text == "17 of 2,653 · domain 12 · card 4 · 31 ms")
    }

    @Test func kindsAreCountedMostFirst() {
        let counts = StatusLine.kindCounts(["domain", "card", "card", "product", "card", "domain"])
        #expect(counts.map(\.name) == ["card", "domain", "product"])
        #expect(counts.map(\.count) == [3, 2, 1])
    }
}
