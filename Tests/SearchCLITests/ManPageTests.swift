import Testing

@testable import SearchCLI

@Suite struct ManPageTests {
    let page = ManPage(version: "9.8.7", kinds: ["card", "domain", "product"]).render()

    @Test func everyOptionHasAnEntryWithItsValue() {
        for option in SearchOptionTable.all {
            #expect(page.contains(".TP\n" + ManPage.optionLine(option) + "\n"), "--\(option.long)")
        }
        #expect(ManPage.optionLine(SearchOptionTable.all[0]) == #"\fB\-k\fR, \fB\-\-kind\fR \fIKIND\fR"#)
    }

    @Test func theHeaderNamesSectionOneAndTheVersion() {
        #expect(page.contains(#".TH SEARCH 1 "" "search 9.8.7" "User Commands""#))
        #expect(page.contains(".SH NAME\nsearch \\- "))
    }

    @Test func everyExitStatusIsDocumented() {
        for status in ExitStatus.allCases {
            #expect(page.contains(".TP\n.B \(status.rawValue)\n"), "\(status)")
        }
    }

    @Test func theRegisteredKindsAreListed() {
        #expect(page.contains("This build knows these kinds: card, domain, product."))
        #expect(ManPage(version: "1", kinds: []).render().contains("No kind is registered."))
    }

    @Test(arguments: [
        ("plain text", "plain text"),
        ("-FIELD for descending", "\\-FIELD for descending"),
        ("a\\b", "a\\eb"),
        (".SH injected", "\\&.SH injected"),
        ("'br", "\\&'br"),
        ("one\n.two", "one\n\\&.two"),
        ("3.5 stars", "3.5 stars"),
    ])
    func textIsEscapedSoRoffNeverReadsItAsARequest(text: String, escaped: String) {
        #expect(ManPage.escaped(text) == escaped)
    }
}
