import Foundation
import Testing

/// A kind that is neither registered nor given by any record is an error
/// that names the known kinds, not a silent "no results".
@Suite(.serialized) struct UnknownKindTests {
    /// Regression: `--kind nonsense` exited 1 with nothing on stderr.
    @Test func anUnknownKindIsAnErrorListingTheKnownOnes() throws {
        let run = try GuardedRun.run(["--kind", "nonsense"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "error: unknown kind 'nonsense'\nKnown kinds: card, domain, line, product\n")
    }

    @Test func aNearMissSuggestsTheKind() throws {
        let run = try GuardedRun.run(["queen", "--kind", "prodcut"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("hint: did you mean 'product'?\n"), "\(run.stderr)")
        let query = try GuardedRun.run(["queen", "kind:crad"])
        #expect(query.status == 2)
        #expect(query.stderr.hasPrefix("error: unknown kind 'crad'\nhint: did you mean 'card'?\n"), "\(query.stderr)")
    }

    /// Regression: `search king -kong` read `-kong` as `--kind ong` and
    /// silently found nothing.
    @Test func aWordExcludedBeforeDoubleDashIsExplained() throws {
        let run = try GuardedRun.run(["king", "-kong"])
        #expect(run.status == 2)
        #expect(
            run.stderr == """
                error: unknown kind 'ong' (from '-kong', read as '--kind ong')
                Known kinds: card, domain, line, product
                hint: to exclude the word 'kong', put the query after '--': search -- king -kong

                """, "\(run.stderr)")
        let advised = try GuardedRun.run(["--", "king", "-kong"])
        #expect(advised.status == 0, "\(advised.stderr)")
        #expect(advised.text.contains("King of"))
    }

    /// Kinds of records that no spec or module declares are known by the data.
    @Test func aKindGivenOnlyByTheDataIsKnown() throws {
        let records = Array(#"{"kind":"server","name":"alpha"}"#.utf8) + [0x0A]
        let found = try GuardedRun.run(["alpha", "--kind", "server", "--data", "-"], stdin: records)
        #expect(found.status == 0, "\(found.stderr)")
        let none = try GuardedRun.run(["zzz", "--kind", "server", "--data", "-"], stdin: records)
        #expect(none.status == 1, "\(none.stderr)")
        let missed = try GuardedRun.run(["alpha", "--kind", "sever", "kind:sever", "--data", "-"], stdin: records)
        #expect(missed.status == 2)
        #expect(
            missed.stderr.hasSuffix(
                "error: unknown kind 'sever'\nhint: did you mean 'server'?\n"
                    + "Known kinds: card, domain, line, product; in the data: server\n"), "\(missed.stderr)")
    }
}
