import Glibc

/// How well one ranked list answers one judged query.
struct RelevanceScore: Sendable {
    /// The number of results looked at: nDCG@10.
    static let depth = 10

    /// 1 when the first result has grade 2 or 3, else 0 (also for no result).
    var precisionAt1: Double
    /// Normalised discounted cumulative gain of the first ``depth`` results:
    /// DCG = Σ grade(i) / log2(i + 1) over ranks i = 1…10 (linear gain), divided
    /// by the DCG of the best possible order of the judged results.
    var ndcg: Double
    /// How many of the first ``depth`` results the judge listed as must-not.
    var mustNotHits: Int

    /// Scores `ranked` (`kind:name` keys, best first) against `grades`.
    /// A key gains as many times as records have it (`copies`, 1 when not
    /// listed: two translations spelt 中国, one Japanese and one Chinese, are
    /// two results), and the best order holds each judged key that many times;
    /// a key shown more often gains nothing more. A query that expects
    /// nothing scores 1 (P@1 and nDCG) exactly when nothing was found.
    init(
        ranked: [String], grades: [String: Int], mustNot: [String] = [], expectsNothing: Bool = false,
        copies: [String: Int] = [:]
    ) {
        let top = ranked.prefix(Self.depth)
        let banned = Set(mustNot)
        mustNotHits = Set(top).intersection(banned).count
        if expectsNothing {
            precisionAt1 = ranked.isEmpty ? 1 : 0
            ndcg = ranked.isEmpty ? 1 : 0
            return
        }
        precisionAt1 = top.first.map { (grades[$0] ?? 0) >= 2 ? 1 : 0 } ?? 0
        var shown: [String: Int] = [:]
        var gains: [Int] = []
        for key in top {
            let times = (shown[key] ?? 0) + 1
            shown[key] = times
            gains.append(times <= (copies[key] ?? 1) ? grades[key] ?? 0 : 0)
        }
        let ideal = grades.flatMap { key, grade in Array(repeating: grade, count: copies[key] ?? 1) }
            .sorted(by: >).prefix(Self.depth)
        let best = Self.dcg(Array(ideal))
        ndcg = best > 0 ? Self.dcg(gains) / best : 0
    }

    private static func dcg(_ gains: [Int]) -> Double {
        var total = 0.0
        for (index, gain) in gains.enumerated() where gain > 0 {
            total += Double(gain) / log2(Double(index + 2))
        }
        return total
    }
}
