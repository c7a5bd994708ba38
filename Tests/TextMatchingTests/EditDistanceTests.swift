import Testing

@testable import TextMatching

@Suite struct EditDistanceTests {
    @Test(arguments: [
        ("", "", 0), ("kind", "kind", 0), ("limt", "limit", 1), ("colour", "color", 1), ("prodcut", "product", 2),
        ("ong", "song", 1), ("", "card", 4), ("kitten", "sitting", 3), ("é", "e", 1),
    ])
    func levenshteinByCharacter(a: String, b: String, distance: Int) {
        #expect(EditDistance.between(a, b) == distance)
        #expect(EditDistance.between(b, a) == distance)
    }

    @Test func aLimitStopsEarlyWithOneMoreThanIt() {
        #expect(EditDistance.between("kitten", "sitting", limit: 1) == 2)
        #expect(EditDistance.between("a", "abcdefgh", limit: 2) == 3)
        #expect(EditDistance.between("card", "cart", limit: 2) == 1)
    }

    @Test func closestFirstIgnoringCaseAndTiesInOrder() {
        let kinds = ["card", "domain", "product", "cart"]
        #expect(EditDistance.closest(to: "CARD", in: kinds, maxDistance: 1) == ["card", "cart"])
        #expect(EditDistance.closest(to: "prodcut", in: kinds, maxDistance: 2) == ["product"])
        #expect(EditDistance.closest(to: "nonsense", in: kinds, maxDistance: 2).isEmpty)
    }

    /// A pasted paragraph is compared by its first characters only.
    @Test func longNamesCostTheirPrefixOnly() {
        let long = String(repeating: "x", count: 1_000_000)
        #expect(EditDistance.between(long, long + "y") == 0)
        #expect(EditDistance.between(long, "kind") == EditDistance.maxLength)
    }
}
