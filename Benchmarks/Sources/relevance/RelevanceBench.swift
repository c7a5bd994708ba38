import BenchSupport
import Glibc

/// `relevance`: runs the real `search` binary on every query of a judged set
/// and prints precision@1 and nDCG@10 per query and on average, next to the
/// same figures for `fzf --filter` over the same names when fzf is installed.
struct RelevanceBench {
    static let specs: [Options.Spec] =
        [
            .search,
            .init(
                "--queries", value: "FILE",
                help: "the judged query set (default: Benchmarks/Relevance/queries.json)"),
            .init(
                "--names", value: "FILE,FILE",
                help:
                    "NDJSON files whose kind:name lines fzf searches (default: Examples/data/{cards,domains,products}.jsonl)"
            ),
            .init("--fzf", value: "PATH", help: "the fzf binary (default: fzf on PATH; skipped when there is none)"),
            .init("--no-fzf", help: "score search alone"),
            .init("--details", help: "also print each query's top 10 from each tool, with their grades"),
        ] + Options.Spec.help

    /// One query's rankings and scores.
    struct Outcome {
        var query: JudgedQuery
        var grades: [String: Int]
        var search: [RankedResult]
        var searchScore: RelevanceScore
        var fzf: [RankedResult]?
        var fzfScore: RelevanceScore?
    }

    let options: Options

    init(arguments: [String]) throws(BenchmarkError) {
        options = try Options(arguments, specs: Self.specs)
    }

    func run() throws(BenchmarkError) {
        if options.wantsHelp {
            print(Options.help("USAGE: relevance [options]", specs: Self.specs), terminator: "")
            return
        }
        let root = SearchBinary.packageRoot
        let queriesPath = options.string("--queries", default: "\(root)/Benchmarks/Relevance/queries.json")
        let queries = try JudgedQuery.load(path: queriesPath)
        let search = try SearchBinary.locate(explicit: options.string("--search"), log: note)
        let fzfPath = try locateFzf()
        let scratch = try Bench.makeScratch(in: getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp")
        let namesFile = "\(scratch)/names.txt"
        defer {
            unlink(namesFile)
            rmdir(scratch)
        }

        print("relevance  \(Machine.now())")
        print("search:  \(search)")
        print("queries: \(queries.count) judged queries from \(queriesPath)")
        let searchRanker = SearchRanker(binary: search, scratch: scratch)
        let everything = try searchRanker.allKeys()
        try checkJudgments(queries, against: Set(everything), path: queriesPath)
        var fzfRanker: FzfRanker?
        if let fzfPath {
            let names = try NameList(paths: namePaths(root: root))
            try names.write(to: namesFile)
            print("fzf:     \(fzfPath) \(version(of: fzfPath)), over \(Format.count(names.keys.count)) kind:name lines")
            compare(names: names.keys, searched: everything)
            fzfRanker = FzfRanker(binary: fzfPath, namesFile: namesFile, scratch: scratch)
        } else {
            print(
                "fzf:     skipped (\(options.isSet("--no-fzf") ? "--no-fzf" : "not installed: apt-get install -y fzf"))"
            )
        }
        print()

        var outcomes: [Outcome] = []
        for query in queries {
            note("\(query.query)")
            let grades = query.grades
            let searched = try searchRanker.rank(query.query)
            let filtered = try fzfRanker?.rank(query.query)
            outcomes.append(
                Outcome(
                    query: query, grades: grades, search: searched,
                    searchScore: RelevanceScore(
                        ranked: searched.map(\.key), grades: grades, mustNot: query.mustNot,
                        expectsNothing: query.expectsNothing),
                    fzf: filtered,
                    fzfScore: filtered.map {
                        RelevanceScore(
                            ranked: $0.map(\.key), grades: grades, mustNot: query.mustNot,
                            expectsNothing: query.expectsNothing)
                    }))
        }
        let report = RelevanceReport(outcomes: outcomes, withFzf: fzfRanker != nil)
        print(report.perQuery(), terminator: "")
        print()
        print(report.means(), terminator: "")
        print()
        print(report.wrongTops(), terminator: "")
        print()
        print(report.mustNotHits(), terminator: "")
        if fzfRanker != nil {
            print()
            print(report.lossesToFzf(), terminator: "")
        }
        if options.isSet("--details") {
            print()
            print(report.details(), terminator: "")
        }
    }

    private func namePaths(root: String) -> [String] {
        if let list = options.string("--names") { return list.split(separator: ",").map(String.init) }
        return ["cards", "domains", "products"].map { "\(root)/Examples/data/\($0).jsonl" }
    }

    private func locateFzf() throws(BenchmarkError) -> String? {
        if options.isSet("--no-fzf") { return nil }
        if let explicit = options.string("--fzf") {
            guard access(explicit, X_OK) == 0 else { throw BenchmarkError("\(explicit) is not an executable file") }
            return explicit
        }
        return Shell.which("fzf")
    }

    /// Fails when a judged key names no record that search sees: a misspelt
    /// judgment would otherwise count as a result that never comes.
    private func checkJudgments(
        _ queries: [JudgedQuery], against keys: Set<String>, path: String
    ) throws(BenchmarkError) {
        var unknown: [String] = []
        for query in queries {
            for key in (Array(query.grades.keys) + query.mustNot).sorted() where !keys.contains(key) {
                unknown.append("'\(query.query)': \(key)")
            }
        }
        guard unknown.isEmpty else {
            throw BenchmarkError(
                "\(path) judges results that search's records do not have: "
                    + unknown.prefix(10).joined(separator: "; "))
        }
    }

    /// Says whether fzf is given the very records that search searches.
    private func compare(names: [String], searched: [String]) {
        let given = Set(names)
        let seen = Set(searched)
        if given == seen, names.count == searched.count {
            print("         the same \(Format.count(searched.count)) records that search searches by default")
            return
        }
        let onlyFzf = given.subtracting(seen).sorted()
        let onlySearch = seen.subtracting(given).sorted()
        print(
            "warning: fzf's names differ from search's records (\(names.count) lines against \(searched.count)); "
                + "only fzf: \(onlyFzf.prefix(5)), only search: \(onlySearch.prefix(5))")
    }

    private func version(of program: String) -> String {
        let out = "/tmp/resultkit-relevance-fzf-version-\(getpid())"
        defer { unlink(out) }
        guard (try? ProcessRunner.run([program, "--version"], stdoutPath: out, stderrPath: "/dev/null")) != nil
        else { return "" }
        return String(Bench.readPrefix(out, limit: 200).split(separator: "\n").first ?? "")
    }

    private func note(_ message: String) {
        StandardError.line("relevance: \(message)")
    }
}
