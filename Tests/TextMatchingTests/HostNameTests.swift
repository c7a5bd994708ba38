import Testing
import TextMatching

@Suite struct HostNameTests {
    @Test(
        "A pasted URL or host is its host",
        arguments: [
            ("https://reaganlibrary.gov/", "reaganlibrary.gov"), ("www.tatler.com", "tatler.com"),
            ("tatler.com.", "tatler.com"), ("http://user@www.Example.co.uk:8080/a/b?q=1#top", "Example.co.uk"),
            ("example.org/path?x", "example.org"), ("example.org:8443/", "example.org"),
            ("https://люблюзиму.рф/", "люблюзиму.рф"), ("ftp://xn--zettlmeil-n1a.de", "xn--zettlmeil-n1a.de"),
            // After a scheme, one label is a host too.
            ("http://xn--fiqs8s/", "xn--fiqs8s"), ("http://localhost:8080/x", "localhost"),
        ])
    func hosts(word: String, host: String) {
        #expect(HostName.host(inQueryWord: word) == host)
    }

    @Test(
        "Other words are not hosts",
        arguments: [
            "tatler.com", "price:5", "name:x.com", "rating.value:5", "a/b", "1.5/2", "www.com", "https://", "e.g.",
        ]
    )
    func notHosts(word: String) {
        #expect(HostName.host(inQueryWord: word) == nil)
    }
}
