import Testing

@testable import SphinxCluster

@Suite struct ClusterURLTests {
    @Test func aURLNamesHostPortAndIndex() throws {
        let url = try ClusterURL(parsing: "sphinxql://127.0.0.1:9306/items")
        #expect(url.host == "127.0.0.1" && url.port == 9306 && url.index == "items")
        #expect(try ClusterURL(parsing: "sphinxql://[::1]:9306/items").host == "::1")
        #expect(try ClusterURL(parsing: "sphinxql://[::1]:9306/items").description == "sphinxql://[::1]:9306/items")
    }

    @Test(arguments: [
        "mysql://127.0.0.1:9306/items", "sphinxql://127.0.0.1:9306", "sphinxql://127.0.0.1/items",
        "sphinxql://127.0.0.1:0/items", "sphinxql://127.0.0.1:9306/it'ems", "sphinxql://:9306/items",
        "sphinxql://127.0.0.1:9306/items?x=1", "sphinxql://127.0.0.1:9306/", "sphinxql://127.0.0.1:65536/items",
        "sphinxql://127.0.0.1:-1/items", "sphinxql://host name:9306/items", "sphinxql://127.0.0.1:9306/items/more",
        "sphinxql://127.0.0.1:93a6/items", "sphinxql://\u{1B}[31m:9306/items",
    ])
    func aMalformedURLIsRefused(text: String) {
        #expect(throws: ClusterError.self) { try ClusterURL(parsing: text) }
    }

    /// A user or password is refused, and the message repeats neither.
    @Test(arguments: [
        "sphinxql://alice:secret@127.0.0.1:9306/items", "sphinxql://secret@127.0.0.1:9306/items",
        "sphinxql://alice:secret@[::1]:9306/items", "sphinxql://alice:secret@host",
    ])
    func credentialsAreRefusedWithoutBeingRepeated(text: String) {
        #expect {
            try ClusterURL(parsing: text)
        } throws: { error in
            guard case .credentials(let message) = error as? ClusterError else { return false }
            return !message.contains("secret") && !message.contains("alice")
        }
    }
}
