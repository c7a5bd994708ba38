import BenchSupport
import Glibc

/// `relevance`: runs the real `search` binary on every query of each judged
/// set, over that set's data, and prints precision@1 and nDCG@10 per query and
/// on average per set and over all sets, next to the same figures for
/// `fzf --filter` over the same records' names when fzf is installed.
struct RelevanceBench {
    static let specs: [Options.Spec] =
        [
            .search,
            .init(
                "--queries", value: "FILE",
                help:
                    "judged query sets, each scored over its own data (default: Benchmarks/Relevance/{queries,world,forms}.json)"
            ),
            .init(
                "--names", value: "FILE,FILE",
                help:
                    "for a set without data: NDJSON files whose kind:name lines fzf searches (default: Examples/data/{cards,domains,products}.jsonl)"
            ),
            .init("--fzf", value: "PATH", help: "the fzf binary (default: fzf on PATH; skipped when there is none)"),
            .init("--no-fzf", help: "score search alone"),
            .init("--details", help: "also print each query's top 10 from each tool, with their grades"),
        ] + Options.Spec.help

    /// One query's rankings and scores.
    struct Outcome {
        /// The name of the judged set the query is from.
        var set: String
        var query: JudgedQuery
        var grades: [String: Int]
        var search: [RankedResult]
        /// Search's error when it refused the query (exit 2 or 64); scored as nothing found.
        var searchRefusal: String? = nil
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
        let queryPaths =
            options.string("--queries").map { $0.split(separator: ",").map(String.init) }
            ?? Self.defaultSets.map { "\(root)/Benchmarks/Relevance/\($0)" }
        var sets: [JudgedSet] = []
        for path in queryPaths { sets.append(try JudgedSet.load(path: path, root: root)) }
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
        if let fzfPath {
            print("fzf:     \(fzfPath) \(version(of: fzfPath))")
        } else {
            print(
                "fzf:     skipped (\(options.isSet("--no-fzf") ? "--no-fzf" : "not installed: apt-get install -y fzf"))"
            )
        }
        var outcomes: [Outcome] = []
        for set in sets {
            outcomes += try run(set, search: search, fzf: fzfPath, root: root, scratch: scratch, namesFile: namesFile)
        }
        print()
        let report = RelevanceReport(outcomes: outcomes, withFzf: fzfPath != nil)
        for set in sets {
            let part = RelevanceReport(outcomes: outcomes.filter { $0.set == set.name }, withFzf: fzfPath != nil)
            print("# Set \(set.name) (\(set.queries.count) queries)\n")
            print(part.perQuery(), terminator: "")
            print()
            print(part.means(), terminator: "")
            print()
            print(part.wrongTops(), terminator: "")
            print()
            print(part.weakest(), terminator: "")
            print()
            print(part.refusals(), terminator: "")
            print()
            print(part.mustNotHits(), terminator: "")
            if fzfPath != nil {
                print()
                print(part.lossesToFzf(), terminator: "")
            }
            print()
        }
        print(report.sets(sets.map(\.name)), terminator: "")
        if options.isSet("--details") {
            print()
            print(report.details(), terminator: "")
        }
    }

    /// The judged sets run when `--queries` is not given, in `Benchmarks/Relevance`.
    static let defaultSets = ["queries.json", "world.json", "forms.json"]

    /// Ranks every query of `set` with search and, when `fzf` is given, with fzf
    /// over the `kind:name` lines of the set's records.
    private func run(
        _ set: JudgedSet, search: String, fzf fzfPath: String?, root: String, scratch: String, namesFile: String
    ) throws(BenchmarkError) -> [Outcome] {
        print()
        print("set \(set.name): \(set.queries.count) judged queries from \(set.path)")
        if !set.data.isEmpty {
            print("         search \(set.searchArguments.map(Shell.quote).joined(separator: " ")) QUERY")
        }
        let searchRanker = SearchRanker(binary: search, dataArguments: set.searchArguments, scratch: scratch)
        let everything = try searchRanker.allKeys()
        try checkJudgments(set.queries, against: Set(everything), path: set.path)
        // Keys that more than one record has (the same name in two languages).
        let copies = Dictionary(everything.map { ($0, 1) }, uniquingKeysWith: +).filter { $0.value > 1 }
        var fzfRanker: FzfRanker?
        if let fzfPath {
            let names = try NameList(paths: set.data.isEmpty ? namePaths(root: root) : set.data)
            try names.write(to: namesFile)
            print("fzf:     over \(Format.count(names.keys.count)) kind:name lines")
            compare(names: names.keys, searched: everything)
            fzfRanker = FzfRanker(binary: fzfPath, namesFile: namesFile, scratch: scratch)
        }

        var outcomes: [Outcome] = []
        for query in set.queries {
            note("\(set.name): \(query.query)")
            let grades = query.grades
            let answer = try searchRanker.rank(query.query)
            let searched = answer.results
            let filtered = try fzfRanker?.rank(query.query)
            outcomes.append(
                Outcome(
                    set: set.name, query: query, grades: grades, search: searched, searchRefusal: answer.refusal,
                    searchScore: RelevanceScore(
                        ranked: searched.map(\.key), grades: grades, mustNot: query.mustNot,
                        expectsNothing: query.expectsNothing, copies: copies),
                    fzf: filtered,
                    fzfScore: filtered.map {
                        RelevanceScore(
                            ranked: $0.map(\.key), grades: grades, mustNot: query.mustNot,
                            expectsNothing: query.expectsNothing, copies: copies)
                    }))
        }
        return outcomes
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
            print("         the same \(Format.count(searched.count)) records that search searches")
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
