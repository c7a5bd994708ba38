/// Generates a deterministic mix of records: for one seed, always the same
/// records in the same order.
///
/// The mix, per 1,000 records: 400 domains, 350 products, 230 cards and 20
/// records of the `recipe` kind, which no built-in kind handles, so the search
/// must show them with its generic renderer. About 150 bytes a record on
/// average, so 1,000,000 records make about 150 MB of NDJSON.
///
/// With a larger share of unknown kinds (``init(seed:unknownPercent:)``),
/// some of the cards give way to records of a second unknown kind,
/// ``secondUnknownKind``: the mix issue 20 measures the table on has 8 %.
public struct RecordGenerator: Sendable {
    /// The kind every generator writes that `search` does not know.
    public static let unknownKind = "recipe"
    /// The unknown kind that a larger share of unknown kinds adds.
    public static let secondUnknownKind = "gadget"
    /// The share of unknown kinds in the plain mix, in percent.
    public static let plainUnknownPercent = 2
    /// The shares of unknown kinds a generator can make, in percent: from
    /// the plain mix's to every card given way.
    public static let unknownPercents = 2...25

    private var random: SplitMix64
    /// Per 1,000 records, how many would be cards but are gadgets.
    private let gadgetsPerMille: Int

    /// A generator for `seed`: the plain mix.
    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        gadgetsPerMille = 0
    }

    /// A generator for `seed` whose records are `unknownPercent` % of
    /// unknown kinds: the plain mix's recipes, and gadgets in place of as
    /// many cards as it takes. At the plain share it is the plain mix, record
    /// for record.
    /// - Precondition: `unknownPercent` is in ``unknownPercents``.
    public init(seed: UInt64, unknownPercent: Int) {
        precondition(Self.unknownPercents.contains(unknownPercent), "unknown kinds: 2 to 25 %")
        random = SplitMix64(seed: seed)
        gadgetsPerMille = (unknownPercent - Self.plainUnknownPercent) * 10
    }

    /// The next record.
    public mutating func next() -> GeneratedRecord {
        let draw = random.below(1000)
        switch draw {
        case ..<400: return domain()
        case ..<750: return product()
        case ..<(980 - gadgetsPerMille): return card()
        case ..<980: return gadget()
        default: return recipe()
        }
    }

    private mutating func domain() -> GeneratedRecord {
        let first = random.pick(WordLists.domainWords)
        let label: String
        switch random.below(10) {
        case 0..<6: label = first + random.pick(WordLists.domainWords)
        case 6..<8: label = first + "-" + random.pick(WordLists.domainWords)
        default: label = first + String(random.below(1000))
        }
        let name = label + "." + random.pick(WordLists.topLevelDomains)
        let status = random.below(100)
        if status < 25 {
            return GeneratedRecord(
                kind: "domain", name: name,
                fields: [.init("status", .string("available")), .init("registrar", .null), .init("registered", .null)]
            )
        }
        return GeneratedRecord(
            kind: "domain", name: name,
            fields: [
                .init("status", .string(status < 95 ? "taken" : "other")),
                .init("registrar", .string(random.pick(WordLists.registrars))),
                .init("registered", .string(date())),
                .init("hsts_preloaded", .bool(random.chance(permille: 200))),
            ]
        )
    }

    private mutating func product() -> GeneratedRecord {
        let brand = random.pick(WordLists.brands)
        let adjective = random.pick(WordLists.adjectives)
        let noun = random.pick(WordLists.productNouns)
        let form = random.pick(WordLists.productForms)
        let name: String
        switch random.below(10) {
        case 0..<4: name = "\(brand) \(Self.titled(adjective)) \(Self.titled(noun))"
        case 4..<7: name = "\(Self.titled(adjective)) \(Self.titled(noun)) \(Self.titled(form))"
        default: name = "\(brand) \(Self.titled(noun)) \(Self.titled(form))"
        }
        let description =
            "\(Self.titled(random.pick(WordLists.adjectives))) \(random.pick(WordLists.productNouns)) "
            + "for \(random.pick(WordLists.uses))"
        let price: GeneratedRecord.Value = random.chance(permille: 100) ? .null : .number(self.price())
        let rating: GeneratedRecord.Value =
            random.chance(permille: 150) ? .null : .number(Self.decimal(10 + random.below(41), places: 1))
        return GeneratedRecord(
            kind: "product", name: name,
            fields: [
                .init("price", price),
                .init("rating", rating),
                .init("currency", .string("USD")),
                .init("category", .string(random.pick(WordLists.categories))),
                .init("description", .string(description)),
                .init(
                    "sku", .string(String(brand.prefix(2)).uppercased() + "-" + String(100_000 + random.below(900_000)))
                ),
            ]
        )
    }

    private mutating func card() -> GeneratedRecord {
        let rank = random.pick(WordLists.ranks)
        let suit = random.pick(WordLists.suits)
        return GeneratedRecord(
            kind: "card", name: "\(rank.name) of \(Self.titled(suit))",
            fields: [
                .init("rank", .string(rank.symbol)),
                .init("suit", .string(suit)),
                .init("deck", .string(random.pick(WordLists.decks))),
                .init("back", .string(random.chance(permille: 500) ? "red" : "blue")),
                .init("condition", .string(random.chance(permille: 300) ? "used" : "mint")),
            ]
        )
    }

    private mutating func gadget() -> GeneratedRecord {
        let name =
            "\(random.pick(WordLists.brands)) \(Self.titled(random.pick(WordLists.productNouns))) "
            + "\(100 + random.below(900))"
        return GeneratedRecord(
            kind: Self.secondUnknownKind, name: name,
            fields: [
                .init("watts", .number(String(5 + random.below(2000)))),
                .init("color", .string(random.pick(["black", "white", "silver", "red", "blue"]))),
                .init("warranty_years", .number(String(1 + random.below(5)))),
                .init("category", .string(random.pick(WordLists.categories))),
            ]
        )
    }

    private mutating func recipe() -> GeneratedRecord {
        let name = "\(random.pick(WordLists.styles)) \(random.pick(WordLists.dishes))"
        return GeneratedRecord(
            kind: Self.unknownKind, name: name,
            fields: [
                .init("minutes", .number(String(5 + 5 * random.below(24)))),
                .init("servings", .number(String(1 + random.below(8)))),
                .init("difficulty", .string(random.pick(["easy", "medium", "hard"]))),
            ]
        )
    }

    /// A price in dollars with cents, spread over four orders of magnitude.
    private mutating func price() -> String {
        let scale = [100, 1_000, 10_000, 100_000][random.below(4)]
        let cents = scale + random.below(scale * 9)
        return Self.decimal(cents - cents % 100 + 99 - (random.chance(permille: 300) ? 99 : 0), places: 2)
    }

    /// A date between 2000 and 2024 as `YYYY-MM-DD`.
    private mutating func date() -> String {
        let year = 2000 + random.below(25)
        let month = 1 + random.below(12)
        let day = 1 + random.below(28)
        return "\(year)-\(Self.padded(month))-\(Self.padded(day))"
    }

    /// `units` divided by 10^`places`, written with exactly `places` decimals.
    static func decimal(_ units: Int, places: Int) -> String {
        var divisor = 1
        for _ in 0..<places { divisor *= 10 }
        var fraction = String(units % divisor)
        while fraction.count < places { fraction = "0" + fraction }
        return "\(units / divisor).\(fraction)"
    }

    private static func padded(_ number: Int) -> String {
        number < 10 ? "0\(number)" : String(number)
    }

    /// `word` with its first letter, and the first after each space, upper-cased.
    static func titled(_ word: String) -> String {
        word.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}
