import FakeGitHub
import Foundation
import HTTPTypes
import Hummingbird
import StarscopeCore
import StarscopeModels
import StarscopeStore
import Testing

@testable import StarscopeWeb

/// Work in proportion to the input, once per answer, and pages of bounded size (issue 24, point 4).
@Suite struct LinearInputTests {
    /// One tag with 60,000 different attributes (about 400 KB): 82 s before, when each attribute
    /// was compared with every earlier one. The issue asks for under 100 ms; the bound here is 1 s
    /// so a busy shared machine cannot fail it, and the time measured is printed.
    @Test func aTagWithSixtyThousandAttributesIsSanitisedInLinearTime() {
        let attributes = (0..<60_000).map { "d\($0)=x" }.joined(separator: " ")
        let html = "<p id=\"top\" \(attributes) title=\"t\">text</p>"
        #expect(html.utf8.count > 400_000)
        let sanitizer = HTMLSanitizer(owner: "a", name: "b", branch: "main")
        let clock = ContinuousClock()
        var output = HTML(raw: "")
        let elapsed = clock.measure { output = sanitizer.sanitize(html) }
        print("60,000 attributes (\(html.utf8.count) bytes) sanitised in \(elapsed)")
        #expect(elapsed < .seconds(1), "\(elapsed)")
        #expect(output.markup == "<p id=\"user-content-top\" title=\"t\">text</p>")
        // Twice the input takes about twice as long, not four times (generous for a shared machine).
        let double = "<p \((0..<120_000).map { "d\($0)=x" }.joined(separator: " "))>text</p>"
        let twice = clock.measure { _ = sanitizer.sanitize(double) }
        print("120,000 attributes sanitised in \(twice)")
        #expect(twice < .seconds(2), "\(twice)")
    }

    /// A multipart body made of near-misses of its boundary (70 dashes) is searched in one pass:
    /// comparing the boundary anew at every byte took 71 comparisons a byte.
    @Test func aMultipartBodyOfNearMissesIsReadInOnePass() throws {
        let boundary = String(repeating: "-", count: 70)
        var body = Data()
        let nearMiss = Data(repeating: UInt8(ascii: "-"), count: 71) + Data("x".utf8)
        while body.count < 4_000_000 { body += nearMiss }
        let part = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nt\r\n--\(boundary)--\r\n".utf8)
        let clock = ContinuousClock()
        var form = FormData()
        let elapsed = try clock.measure { form = try FormData.multipart(body + part, boundary: boundary) }
        print("4 MB of boundary near-misses read in \(elapsed)")
        #expect(elapsed < .seconds(2), "\(elapsed)")
        #expect(form["csrf"] == "t")
        #expect(throws: HTTPError.self) { try FormData.multipart(part, boundary: boundary + "-") }
    }

    /// The first of two attributes with one name still wins, as in browsers.
    @Test func theFirstOfTwoAttributesWithOneNameStillWins() {
        let sanitizer = HTMLSanitizer(owner: "a", name: "b", branch: "main")
        #expect(
            sanitizer.sanitize("<p title=one TITLE=two id=x title=three>t</p>").markup == "<p title=\"one\" id=\"user-content-x\">t</p>")
    }

    /// Two views of one repository sanitise its README once: the second takes it from the answer's cache.
    @Test func aReadmeIsSanitisedOnceForTwoViews() async throws {
        try await WebHarness.run { web in
            let repository = try #require(web.fake.dataset.repositories.first { web.fake.dataset.readme(for: $0) != nil })
            let before = web.services.readmes.sanitizedCount
            let (first, html, _) = try await web.page("/repos/\(repository.fullName)")
            #expect(first == .ok)
            #expect(html.contains("data-readme"))
            let (second, again, _) = try await web.page("/repos/\(repository.fullName)")
            #expect(second == .ok)
            #expect(again.contains("data-readme"))
            #expect(web.services.readmes.sanitizedCount == before + 1)
        }
    }

    /// 250 favourites: pages of 100 with `rel="next"`, the last without it; the count says 250.
    @Test func manyFavouritesArePaged() async throws {
        try await WebHarness.run { web in
            let owner = Account(id: 9, login: "many")
            let repositories = (1...250).map {
                Repository(
                    id: Int64(900_000 + $0), name: "r\($0)", fullName: "many/r\($0)", owner: owner,
                    htmlURL: "https://github.com/many/r\($0)",
                    createdAt: Date(timeIntervalSince1970: 1_600_000_000), stargazersCount: $0)
            }
            _ = try await web.services.database.addFavorites(repositories)
            func rows(_ html: String) -> Int { html.components(separatedBy: "class=\"repo-row").count - 1 }
            let (status, first, _) = try await web.page("/favorites?sort=stars")
            #expect(status == .ok)
            #expect(rows(first) == 100)
            #expect(first.contains("rel=\"next\" href=\"/favorites?sort=stars&amp;page=2\""))
            #expect(first.contains("data-repo=\"many/r250\""))
            let (_, last, _) = try await web.page("/favorites?sort=stars&page=3")
            #expect(rows(last) == 50)
            #expect(!last.contains("rel=\"next\""))
            #expect(last.contains("data-repo=\"many/r1\""))
            for bad in ["0", "10001", "x"] {
                #expect(try await web.page("/favorites?page=\(bad)").status == .badRequest)
            }
        }
    }
}
