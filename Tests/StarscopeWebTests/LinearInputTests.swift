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
    /// One tag with 60,000 different attributes (about 500 KB): 82 s before, when each attribute
    /// was compared with every earlier one. The issue asks for under 100 ms (a release build);
    /// this debug build on a shared machine is held to 1 s, or, when the machine is so busy that
    /// an ordinary README of the same attributes spread over 60,000 tags takes over 0.1 s, to
    /// ten times that. Quadratic work fails either way (hundreds of times the ordinary one).
    @Test func aTagWithSixtyThousandAttributesIsSanitisedInLinearTime() {
        let attributes = (0..<60_000).map { "d\($0)=x" }
        let html = "<p id=\"top\" \(attributes.joined(separator: " ")) title=\"t\">text</p>"
        let ordinary = attributes.map { "<p \($0)>t</p>" }.joined()
        #expect(html.utf8.count > 400_000)
        let sanitizer = HTMLSanitizer(owner: "a", name: "b", branch: "main")
        let clock = ContinuousClock()
        let before = clock.measure { _ = sanitizer.sanitize(ordinary) }
        var output = HTML(raw: "")
        let elapsed = clock.measure { output = sanitizer.sanitize(html) }
        let after = clock.measure { _ = sanitizer.sanitize(ordinary) }
        let baseline = max(before, after)
        print("60,000 attributes (\(html.utf8.count) bytes) in one tag sanitised in \(elapsed); over 60,000 tags: \(baseline)")
        #expect(elapsed < .seconds(1) || elapsed < baseline * 10, "\(elapsed), ordinary \(baseline)")
        #expect(output.markup == "<p id=\"user-content-top\" title=\"t\">text</p>")
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
        // The same bytes against a one-letter boundary: what one pass costs on this machine now.
        let baseline = try clock.measure { _ = try FormData.multipart(body + part, boundary: "z") }
        print("4 MB of boundary near-misses read in \(elapsed); with a one-letter boundary: \(baseline)")
        #expect(elapsed < .seconds(2) || elapsed < baseline * 10, "\(elapsed), one-letter boundary \(baseline)")
        #expect(form["csrf"] == "t")
        #expect(throws: HTTPError.self) { try FormData.multipart(part, boundary: boundary + "-") }
    }

    /// The first of two attributes with one name still wins, as in browsers.
    @Test func theFirstOfTwoAttributesWithOneNameStillWins() {
        let sanitizer = HTMLSanitizer(owner: "a", name: "b", branch: "main")
        #expect(
            sanitizer.sanitize("<p title=one TITLE=two id=x title=three>t</p>").markup == "<p title=\"one\" id=\"user-content-x\">t</p>")
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
            _ = try await web.services.database.addFavorites(repositories, for: .owner)
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
