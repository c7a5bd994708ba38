import Testing

@testable import BenchSupport

@Suite struct ReportingTests {
    @Test func medians() throws {
        #expect(try #require(Summary([3, 1, 2])).median == 2)
        #expect(try #require(Summary([4, 1, 3, 2])).median == 2.5)
        #expect(try #require(Summary([5, 9, 1])).min == 1)
        #expect(try #require(Summary([5, 9, 1])).max == 9)
        #expect(Summary([]) == nil)
    }

    @Test(arguments: [
        (0.0412, "41.2 ms"), (0.005, "5.00 ms"), (5.314, "5.31 s"), (0.5, "0.500 s"), (31.0, "31.0 s"),
    ])
    func seconds(value: Double, expected: String) {
        #expect(Format.seconds(value) == expected)
    }

    @Test func countsAndRatios() {
        #expect(Format.count(1_000_000) == "1,000,000")
        #expect(Format.count(999) == "999")
        #expect(Format.ratio(2.5) == "2.50×")
        #expect(Format.ratio(57.25) == "57.3×")
        #expect(Format.mebibytes(kibibytes: 12_800) == "12.5 MiB")
    }

    @Test func tablesAlignNumbersRight() {
        var table = TextTable(headers: ["NAME", "TIME"], rightAligned: [1])
        table.append(["rg", "1.0 s"])
        table.append(["search", "12.5 s"])
        #expect(table.render() == "NAME      TIME\nrg       1.0 s\nsearch  12.5 s\n")
    }

    @Test func optionsRejectWhatTheyDoNotKnow() throws {
        let specs: [Options.Spec] = [.init("--records", value: "N", help: ""), .init("--no-peers", help: "")]
        let options = try Options(["--records", "1_000", "--no-peers"], specs: specs)
        #expect(try options.count("--records", default: 5) == 1000)
        #expect(options.isSet("--no-peers"))
        #expect(throws: BenchmarkError.self) { try Options(["--record", "5"], specs: specs) }
        #expect(throws: BenchmarkError.self) { try Options(["--records"], specs: specs) }
        #expect(throws: BenchmarkError.self) {
            try Options(["--records=-1"], specs: specs).count("--records", default: 1)
        }
    }
}
