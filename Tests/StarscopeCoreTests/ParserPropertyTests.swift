import FakeGitHub
import Foundation
import GitHubAPI
import Testing

@testable import StarscopeCore

/// Parsers under random input: no crash, and round trips where they apply. Seeded, so a failure
/// can be replayed; each test tries thousands of inputs.
@Suite struct ParserPropertyTests {
    struct Generator {
        var random: SeededRandom
        init(state: UInt64) { random = SeededRandom(seed: state) }
        mutating func int(_ range: ClosedRange<Int>) -> Int { random.int(in: range) }
        mutating func string(from alphabet: [Character], length: ClosedRange<Int>) -> String {
            String((0..<int(length)).map { _ in alphabet[int(0...(alphabet.count - 1))] })
        }
    }

    static let noise: [Character] = Array("<>;,\"= relnxtpfisaou/:?&#%{}[]\\\u{0}\u{202E}é🚀 \t\n") + Array("abcXYZ0129-._~")
    static let loginAlphabet: [Character] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
    static let nameAlphabet: [Character] = loginAlphabet + Array("._")

    @Test func linkHeaderNeverCrashesOnNoise() {
        var random = Generator(state: 1)
        for _ in 0..<5_000 {
            let header = LinkHeader(random.string(from: Self.noise, length: 0...120))
            _ = (header.next, header.prev, header.last, header.first, header.lastPage)
        }
    }

    @Test func linkHeaderRoundTrips() throws {
        var random = Generator(state: 2)
        let relations = ["next", "prev", "last", "first"]
        for _ in 0..<2_000 {
            var expected: [String: String] = [:]
            for relation in relations where random.int(0...1) == 1 {
                let query =
                    random.string(from: Array("abc,;=0123"), length: 0...12).addingPercentEncoding(withAllowedCharacters: .alphanumerics)
                    ?? ""
                expected[relation] = "https://api.github.com/search/repositories?q=\(query)&page=\(random.int(1...99))"
            }
            let header = expected.map { "<\($0.value)>; rel=\"\($0.key)\"" }.joined(separator: ", ")
            let parsed = LinkHeader(header)
            for relation in relations {
                #expect(parsed.relations[relation]?.url?.absoluteString == expected[relation])
            }
        }
    }

    @Test func deepLinksNeverCrashAndValidOnesRoundTrip() throws {
        var random = Generator(state: 3)
        for _ in 0..<5_000 {
            _ = try? DeepLink.repository(from: random.string(from: Self.noise, length: 0...80))
        }
        for _ in 0..<2_000 {
            var owner = random.string(from: Self.loginAlphabet, length: 1...39)
            while owner.hasPrefix("-") { owner.removeFirst() }
            if owner.isEmpty { owner = "a" }
            var name = random.string(from: Self.nameAlphabet, length: 1...60)
            if name == "." || name == ".." || name.hasSuffix(".git") { name = "n" + name.replacingOccurrences(of: ".git", with: "") }
            let expected = try RepositoryName(owner: owner, name: name)
            for link in ["starscope://repo/\(owner)/\(name)", "https://github.com/\(owner)/\(name)", "\(owner)/\(name)"] {
                #expect(try DeepLink.repository(from: link) == expected, "\(link)")
            }
        }
    }

    @Test func searchQueriesKeepTheirQualifiersOrRefuseClearly() {
        var random = Generator(state: 4)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        for _ in 0..<5_000 {
            let text = random.int(0...3) == 0 ? nil : random.string(from: Self.noise, length: 0...300)
            let language = random.int(0...2) == 0 ? nil : random.string(from: Self.noise, length: 0...30)
            let timeframe = Timeframe.allCases[random.int(0...2)]
            let query = TrendingQuery(timeframe: timeframe, language: language, text: text)
            do {
                let q = try query.searchQuery(now: now)
                #expect(q.count <= TrendingQuery.maximumQueryLength)
                #expect(q.contains("created:>\(timeframe.cutoffDate(now: now))"))
                // The encoded query decodes back to exactly the query.
                let encoded = QueryItem.encode([QueryItem("q", q)])
                #expect(encoded.dropFirst(2).removingPercentEncoding == q)
            } catch {
                #expect(error.message.contains("too long"))
            }
        }
    }
}
