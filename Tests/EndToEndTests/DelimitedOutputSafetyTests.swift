import Foundation
import TestSupport
import Testing

/// CSV, TSV and Markdown output read by something other than a program: a
/// terminal, a spreadsheet, a Markdown renderer.
@Suite(.serialized) struct DelimitedOutputSafetyTests {
    /// One record whose name holds a CRLF, and a key that holds one too.
    static let lineBreaks = Array(#"{"kind":"x","name":"first\r\nsecond","ke\ny":"v"}"#.utf8) + [0x0A]

    /// Regression: `-o csv` wrote CR and LF raw inside quoted fields even to
    /// a terminal, so a record could overwrite the line before it.
    @Test(.enabled(if: ShellCommand.path(of: "script") != nil, "needs `script` (util-linux) for a pseudo-terminal"))
    func onATerminalCSVShowsLineBreaksInFields() throws {
        let directory = try GuardedRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("x.jsonl")
        try Data(Self.lineBreaks).write(to: data)
        let result = try ShellCommand.run(
            #"script -qec "\"$SEARCH\" --data \"$1\" -o csv 2>/dev/null" /dev/null"#, arguments: ["sh", data.path])
        // The terminal turns each line feed into CR LF; the data's own show as ^M and ^J.
        let lines = result.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n")
        #expect(lines == ["kind,name,ke^Jy", "x,first^M^Jsecond,v"], "\(result.stdout.debugDescription)")
    }

    @Test func throughAPipeCSVStaysRFC4180() throws {
        let run = try GuardedRun.run(["--data", "-", "-o", "csv"], stdin: Self.lineBreaks)
        #expect(run.status == 0)
        #expect(run.text == "kind,name,\"ke\ny\"\r\nx,\"first\r\nsecond\",v\r\n", "\(run.text.debugDescription)")
        #expect(try RFC4180Reader.records(run.text) == [["kind", "name", "ke\ny"], ["x", "first\r\nsecond", "v"]])
    }

    static let formulas =
        Array(
            (#"{"kind":"x","name":"=HYPERLINK(\"http://evil.example\",\"click\")","=key":"@SUM(A1)","a":"+1+cmd","#
                + #""b":"-2-3","c":"-5","d":"+1.5e3","e":"\tlead","f":"\rlead","g":"plain","h":-7}"#).utf8) + [0x0A]

    /// Regression: nothing guarded a spreadsheet against cells that start a formula.
    @Test func csvSafePrefixesFormulaCellsButNotNumbers() throws {
        let run = try GuardedRun.run(["--data", "-", "-o", "csv", "--csv-safe"], stdin: Self.formulas)
        #expect(run.status == 0, "\(run.stderr)")
        let records = try RFC4180Reader.records(run.text)
        #expect(records.first == ["kind", "name", "'=key", "a", "b", "c", "d", "e", "f", "g", "h"])
        #expect(
            records.last == [
                "x", #"'=HYPERLINK("http://evil.example","click")"#, "'@SUM(A1)", "'+1+cmd", "'-2-3", "-5", "+1.5e3",
                "'\tlead", "'\rlead", "plain", "-7",
            ])
        let tsv = try GuardedRun.run(["--data", "-", "-o", "tsv", "--csv-safe"], stdin: Self.formulas)
        #expect(
            tsv.text.split(separator: "\n").last?.split(separator: "\t", omittingEmptySubsequences: false) == [
                "x", #"'=HYPERLINK("http://evil.example","click")"#, "'@SUM(A1)", "'+1+cmd", "'-2-3", "-5", "+1.5e3",
                #"\tlead"#, #"\rlead"#, "plain", "-7",
            ])
    }

    @Test func withoutCSVSafeTheDataIsAsWritten() throws {
        let run = try GuardedRun.run(["--data", "-", "-o", "csv"], stdin: Self.formulas)
        let records = try RFC4180Reader.records(run.text)
        #expect(records.last?[1] == #"=HYPERLINK("http://evil.example","click")"#)
        #expect(records.last?[2] == "@SUM(A1)")
    }

    /// Regression: Markdown output passed HTML and link syntax through.
    @Test(arguments: [[], ["--fields", "name,note"]])
    func markdownCellsNeverBecomeHTMLOrLinks(fields: [String]) throws {
        let record =
            #"{"kind":"x","name":"<script>alert(1)</script>","note":"[click](javascript:alert(1)) ![i](http://e/x.png) &lt; <b>"}"#
        let run = try GuardedRun.run(["--data", "-", "-o", "markdown"] + fields, stdin: Array(record.utf8) + [0x0A])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(run.text)")
        #expect(run.text.contains(#"\[click\](javascript:alert(1)) !\[i\](http://e/x.png) &amp;lt; &lt;b&gt;"#))
        for raw in ["<script", "<b>", "[click]", "![i]"] {
            #expect(!run.text.contains(raw), "\(raw) reached the Markdown")
        }
    }

    /// Regression (found by FuzzDelimitedOutput): a quote followed by a
    /// combining mark is one Character that is not a quote, so it went
    /// undoubled and the CSV no longer read back.
    @Test func aQuoteBeforeACombiningMarkIsDoubled() throws {
        let record = #"{"kind":"x","name":"say \"\u0301hi\", then","note":["\"\u0747"]}"#
        let run = try GuardedRun.run(["--data", "-", "-o", "csv"], stdin: Array(record.utf8) + [0x0A])
        #expect(run.status == 0, "\(run.stderr)")
        let records = try RFC4180Reader.records(run.text)
        #expect(records.last == ["x", "say \"\u{301}hi\", then", #"["\"\#u{747}"]"#], "\(run.text.debugDescription)")
    }
}
