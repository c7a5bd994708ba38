import InteractiveSearch
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The processor time this thread spends in `body`: unlike the time on the
/// clock, it does not grow when other processes take the cores.
func threadCPUTime(_ body: () -> Void) -> Duration {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return .seconds(end.tv_sec - start.tv_sec) + .nanoseconds(end.tv_nsec - start.tv_nsec)
}

@Suite struct KeyDecoderTests {
    static func decode(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes)
    }

    /// What terminals send for each key of the key table: xterm's and the
    /// Linux console's spellings, and the application-mode ones.
    static let sequences: [KeyName: [String]] = [
        .enter: ["\r"], .esc: [], .tab: ["\t"], .btab: ["\u{1B}[Z"], .bspace: ["\u{7F}"],
        .del: ["\u{1B}[3~"], .up: ["\u{1B}[A", "\u{1B}OA", "\u{1B}[1A"], .down: ["\u{1B}[B", "\u{1B}OB"],
        .left: ["\u{1B}[D", "\u{1B}OD"], .right: ["\u{1B}[C", "\u{1B}OC"],
        .home: ["\u{1B}[H", "\u{1B}OH", "\u{1B}[1~", "\u{1B}[7~"],
        .end: ["\u{1B}[F", "\u{1B}OF", "\u{1B}[4~", "\u{1B}[8~"],
        .pgup: ["\u{1B}[5~"], .pgdn: ["\u{1B}[6~"], .shiftUp: ["\u{1B}[1;2A"], .shiftDown: ["\u{1B}[1;2B"],
        .shiftLeft: ["\u{1B}[1;2D"], .shiftRight: ["\u{1B}[1;2C"], .ctrlA: ["\u{01}"], .ctrlB: ["\u{02}"],
        .ctrlC: ["\u{03}"], .ctrlD: ["\u{04}"], .ctrlE: ["\u{05}"], .ctrlF: ["\u{06}"], .ctrlG: ["\u{07}"],
        .ctrlH: ["\u{08}"], .ctrlJ: ["\n"], .ctrlK: ["\u{0B}"], .ctrlL: ["\u{0C}"], .ctrlN: ["\u{0E}"],
        .ctrlP: ["\u{10}"], .ctrlQ: ["\u{11}"], .ctrlU: ["\u{15}"], .ctrlW: ["\u{17}"], .ctrlY: ["\u{19}"],
        .ctrlZ: ["\u{1A}"], .altB: ["\u{1B}b"], .altD: ["\u{1B}d"], .altF: ["\u{1B}f"],
        .altBspace: ["\u{1B}\u{7F}", "\u{1B}\u{08}"],
    ]

    /// Mouse events are not keys the terminal types: the session makes them.
    static let mouseNames: Set<KeyName> = [.leftClick, .doubleClick, .scrollUp, .scrollDown]

    @Test func everyKeyOfTheTableDecodesFromWhatTerminalsSend() {
        for name in KeyName.allCases where !Self.mouseNames.contains(name) && name != .esc {
            let sent = Self.sequences[name] ?? []
            #expect(!sent.isEmpty, "no byte sequence tested for \(name.rawValue)")
            for sequence in sent {
                #expect(Self.decode(Array(sequence.utf8)) == [.named(name)], "\(sequence.debugDescription)")
            }
        }
    }

    @Test func everyKeyOfTheTableIsBoundOnceAndEveryBoundKeyIsNamed() {
        var seen: Set<KeyName> = []
        for binding in KeyTable.bindings {
            for key in binding.keys {
                #expect(!seen.contains(key), "\(key.rawValue) is bound twice")
                seen.insert(key)
                #expect(KeyTable.action(for: key) == binding.action)
            }
        }
        // fzf's defaults the issue names, key by key.
        let expected: [(KeyName, PickerAction)] = [
            (.ctrlJ, .down), (.ctrlN, .down), (.down, .down), (.ctrlK, .up), (.ctrlP, .up), (.up, .up),
            (.enter, .accept), (.tab, .toggleDown), (.btab, .toggleUp), (.left, .backwardChar),
            (.ctrlB, .backwardChar), (.right, .forwardChar), (.ctrlF, .forwardChar), (.altB, .backwardWord),
            (.altF, .forwardWord), (.home, .beginningOfLine), (.ctrlA, .beginningOfLine), (.end, .endOfLine),
            (.ctrlE, .endOfLine), (.bspace, .backwardDeleteChar), (.del, .deleteChar),
            (.ctrlU, .unixLineDiscard), (.ctrlW, .unixWordRubout), (.esc, .abort), (.ctrlC, .abort),
            (.shiftUp, .previewUp), (.shiftDown, .previewDown), (.doubleClick, .accept), (.leftClick, .click),
            (.scrollUp, .up), (.scrollDown, .down),
        ]
        for (key, action) in expected {
            #expect(KeyTable.action(for: key) == action, "\(key.rawValue)")
        }
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
        #expect(decoder.decode([0x5B, 0x41]) == [.named(.up)])
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flushPending() == [.named(.esc)])
        #expect(!decoder.hasPending)
        #expect(Self.decode([0x1B, 0x1B]) == [.named(.esc)])
    }

    @Test func unknownSequencesLeaveNothingInTheQuery() {
        // F5, Alt-x, a focus event, Ctrl-Up: none is a key, none becomes text.
        let bytes = Array("\u{1B}[15~\u{1B}x\u{1B}[I\u{1B}[1;5Aa".utf8)
        #expect(Self.decode(bytes) == [.text("a")])
    }

    @Test func controlsAndInvalidBytesAreNotText() {
        #expect(Self.decode([0x00, 0x1C, 0xFF, 0xC0, 0x41, 0xC2, 0x85]) == [.text("A")])
    }

    @Test func keysBetweenTextKeepTheirOrder() {
        #expect(
            Self.decode(Array("ab\u{7F}c\r".utf8)) == [.text("ab"), .named(.bspace), .text("c"), .named(.enter)])
    }

    @Test func mouseReportsInBothEncodings() {
        #expect(Self.decode(Array("\u{1B}[<0;10;5M".utf8)) == [.mouse(MouseEvent(.press, line: 5, column: 10))])
        #expect(Self.decode(Array("\u{1B}[<0;10;5m".utf8)) == [.mouse(MouseEvent(.release, line: 5, column: 10))])
        #expect(Self.decode(Array("\u{1B}[<64;3;7M".utf8)) == [.mouse(MouseEvent(.wheelUp, line: 7, column: 3))])
        #expect(Self.decode(Array("\u{1B}[<65;3;7M".utf8)) == [.mouse(MouseEvent(.wheelDown, line: 7, column: 3))])
        #expect(Self.decode(Array("\u{1B}[<2;3;7M".utf8)) == [.mouse(MouseEvent(.other, line: 7, column: 3))])
        // X10: button, column and line as bytes past 32.
        #expect(Self.decode([0x1B, 0x5B, 0x4D, 32, 42, 37]) == [.mouse(MouseEvent(.press, line: 5, column: 10))])
        #expect(Self.decode([0x1B, 0x5B, 0x4D, 96, 42, 37]) == [.mouse(MouseEvent(.wheelUp, line: 5, column: 10))])
        // Split across reads: nothing of it becomes text.
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[<0;1".utf8)) == [])
        #expect(decoder.decode(Array("0;5Mx".utf8)) == [.mouse(MouseEvent(.press, line: 5, column: 10)), .text("x")])
    }

    @Test func theCursorPositionAnswerIsNotText() {
        #expect(Self.decode(Array("\u{1B}[12;1R".utf8)) == [.cursorPosition(line: 12, column: 1)])
    }

    /// A bracketed paste is text whatever it holds: a pasted line break is
    /// not Enter, nor an escape sequence a key.
    @Test func aBracketedPasteIsTextAndItsLineBreaksAreSpaces() {
        let pasted = Self.decode(Array("\u{1B}[200~kind:card\r\nqueen\t\u{1B}[Ahearts\u{03}\u{1B}[201~\r".utf8))
        #expect(pasted == [.text("kind:card  queen [Ahearts"), .named(.enter)])
        // Its end marker split across reads.
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~ab\u{1B}[20".utf8)) == [.text("ab")])
        #expect(decoder.flushPending() == [])
        #expect(decoder.decode(Array("1~\r".utf8)) == [.named(.enter)])
    }

    /// Decoding a paste costs time in proportion to it: 4x the text, at
    /// most about 4x the time (6x allowed for a busy machine).
    @Test func aLongPasteDecodesInLinearTime() {
        func time(_ count: Int) -> Duration {
            let bytes = Array(String(repeating: "queen of hearts ", count: count / 16).utf8)
            var best = Duration.seconds(1000)
            for _ in 0..<5 {
                best = min(
                    best,
                    threadCPUTime {
                        var decoder = KeyDecoder()
                        let keys = decoder.decode(bytes)
                        precondition(keys.count == 1)
                    })
            }
            return best
        }
        let small = time(100_000)
        let large = time(400_000)
        #expect(large < small * 6 + .milliseconds(20), "\(small) then \(large)")
    }
}

@Suite struct LineEditorTests {
    @Test func editingKeysChangeTheQuery() {
        var editor = LineEditor("queen of")
        do {
            let changed = editor.insert(" hearts")
            #expect(changed)
        }
        #expect(editor.text == "queen of hearts")
        do {
            let changed = editor.apply(.backwardDeleteChar)
            #expect(changed)
        }
        #expect(editor.text == "queen of heart")
        do {
            let changed = editor.apply(.unixWordRubout)
            #expect(changed)
        }
        #expect(editor.text == "queen of ")
        do {
            let changed = editor.apply(.unixWordRubout)
            #expect(changed)
        }
        #expect(editor.text == "queen ")
        do {
            let changed = editor.apply(.unixLineDiscard)
            #expect(changed)
        }
        #expect(editor.text == "")
        do {
            let changed = editor.apply(.backwardDeleteChar)
            #expect(!changed)
        }
        do {
            let changed = editor.apply(.up)
            #expect(!changed)
        }
    }

    /// `kind:crd`, Left, Left, `a` is `kind:card`: the query edits where
    /// its cursor is.
    @Test func textGoesInAtTheCursor() {
        var editor = LineEditor("kind:crd")
        do {
            let changed = editor.apply(.backwardChar)
            #expect(!changed)
        }
        do {
            let changed = editor.apply(.backwardChar)
            #expect(!changed)
        }
        do {
            let changed = editor.insert("a")
            #expect(changed)
        }
        #expect(editor.text == "kind:card")
        #expect(editor.cursor == 7)
    }

    @Test(arguments: [
        // (text, cursor, action, text after, cursor after)
        ("queen of hearts", 15, PickerAction.beginningOfLine, "queen of hearts", 0),
        ("queen of hearts", 3, .endOfLine, "queen of hearts", 15),
        ("queen of hearts", 15, .backwardWord, "queen of hearts", 9),
        ("queen of hearts", 9, .backwardWord, "queen of hearts", 6),
        ("queen of hearts", 0, .forwardWord, "queen of hearts", 5),
        ("queen of hearts", 5, .forwardWord, "queen of hearts", 8),
        ("queen of hearts", 0, .backwardChar, "queen of hearts", 0),
        ("queen of hearts", 15, .forwardChar, "queen of hearts", 15),
        ("queen of hearts", 2, .forwardChar, "queen of hearts", 3),
        ("queen of hearts", 6, .deleteChar, "queen f hearts", 6),
        ("queen of hearts", 6, .deleteCharOrAbort, "queen f hearts", 6),
        ("queen of hearts", 15, .deleteChar, "queen of hearts", 15),
        ("queen of hearts", 6, .backwardDeleteChar, "queenof hearts", 5),
        ("queen of hearts", 8, .unixLineDiscard, " hearts", 0),
        ("queen of hearts", 8, .unixWordRubout, "queen  hearts", 6),
        ("queen of  hearts", 10, .unixWordRubout, "queen hearts", 6),
        ("kind:card queen", 10, .backwardKillWord, "kind:queen", 5),
        ("kind:card queen", 10, .unixWordRubout, "queen", 0),
        ("kind:card queen", 4, .killWord, "kind queen", 4),
        ("price<5 cafe", 0, .killWord, "<5 cafe", 0),
        ("ok 👍🏽 then", 3, .forwardChar, "ok 👍🏽 then", 4),
        ("ok 👍🏽", 4, .backwardDeleteChar, "ok ", 3),
    ])
    func eachEditingActionAtTheCursor(text: String, cursor: Int, action: PickerAction, after: String, at: Int) {
        var editor = LineEditor(text)
        while editor.cursor > cursor { editor.apply(.backwardChar) }
        editor.apply(action)
        #expect(editor.text == after)
        #expect(editor.cursor == at)
    }

    @Test func yankPutsBackWhatWasDeleted() {
        var editor = LineEditor("queen of hearts")
        editor.apply(.unixWordRubout)
        #expect(editor.text == "queen of ")
        editor.apply(.beginningOfLine)
        do {
            let changed = editor.apply(.yank)
            #expect(changed)
        }
        #expect(editor.text == "heartsqueen of ")
        #expect(editor.cursor == 6)
        var fresh = LineEditor("x")
        do {
            let changed = fresh.apply(.yank)
            #expect(!changed)
        }
    }

    /// A 100 KB paste, and a key after it: time in proportion to the
    /// query's length (4x the text, at most about 4x the time).
    @Test func aLongQueryEditsInLinearTime() {
        func time(_ count: Int) -> Duration {
            let text = String(repeating: "queen of hearts ", count: count / 16)
            var best = Duration.seconds(1000)
            for _ in 0..<5 {
                best = min(
                    best,
                    threadCPUTime {
                        var editor = LineEditor()
                        editor.insert(text)
                        editor.apply(.backwardWord)
                        editor.insert("x")
                        editor.apply(.unixWordRubout)
                    })
            }
            return best
        }
        let small = time(100_000)
        let large = time(400_000)
        #expect(large < small * 6 + .milliseconds(20), "\(small) then \(large)")
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

    /// While input comes, and while a slow search of the query as typed
    /// runs (the counts still an earlier query's), the line says so.
    @Test func readingAndASlowSearchAreSaid() {
        let text = StatusLine.text(
            matched: 3, total: 26_214_400, kinds: [("line", 3)], kept: 3, marked: 0, milliseconds: 1400,
            reading: true, searching: true)
        #expect(text == "3 of 26,214,400 · reading… · searching… · line 3 · 1.4 s")
    }

    @Test func kindsAreCountedMostFirst() {
        let counts = StatusLine.kindCounts(["domain", "card", "card", "product", "card", "domain"])
        #expect(counts.map(\.name) == ["card", "domain", "product"])
        #expect(counts.map(\.count) == [3, 2, 1])
    }
}
