import FakeGitHub
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StarscopeCore
import StarscopeModels
import StarscopeStore
import StarscopeTestSupport
import Testing

@testable import StarscopeWeb

/// The audience rule reaches what the review of 2026-11-27 found the scattered checks missed, on
/// SQLite and on PostgreSQL: a count never includes what the viewer cannot see, and forgetting
/// an account forgets the answers its token read.
@Suite struct AudienceTests {
    /// The number a search page says it found (`data-total`).
    static func shownTotal(_ html: String) -> Int? {
        html.components(separatedBy: "data-total=\"").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
    }

    /// The language chips of a search page: each language and the count it shows.
    static func languageChips(_ html: String) -> [(String, Int)] {
        html.components(separatedBy: "data-language=\"").dropFirst().compactMap { part in
            let language = String(part.prefix { $0 != "\"" })
            let count = part.components(separatedBy: "<span class=\"muted\">").dropFirst().first.flatMap {
                Int($0.prefix { $0 != "<" }.filter(\.isNumber))
            }
            return count.map { (language, $0) }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aGuestsSearchCountsOnlyWhatAGuestMaySee(_ store: StoreKind) async throws {
        try await IsolationTests.run(store) { web, world in
            let guest = try await IsolationTests.guest(web)
            let owner = world.serverLogin
            let query = "user:\(owner)"
            let all = web.fake.dataset.repositories.filter { $0.ownerLogin == owner && !$0.fork }
            let publicOnes = all.filter { $0.fullName != world.serverSecret.fullName }
            // The server's token itself counts its private repository: a qualifier would tell of it.
            let tokensView = try await web.services.ownerReading.search.searchRepositoriesPage(
                GitHubSearch(text: query), page: 1, rows: 25)
            #expect(tokensView.totalCount == all.count)

            let page = try await IsolationTests.html(
                web, "/search?q=\(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")", guest)
            #expect(page.status == .ok)
            #expect(Self.shownTotal(page.html) == publicOnes.count)
            #expect(!page.html.contains(world.serverSecret.fullName))
            // The languages' counts too are the guest's own: the private repository is in none.
            #expect(tokensView.counted == all.count)
            let expected = Dictionary(grouping: publicOnes.compactMap(\.language), by: { $0 }).mapValues(\.count)
            let chips = Self.languageChips(page.html)
            if expected.count > 1 {
                #expect(!chips.isEmpty)
                #expect(page.html.contains("Languages of results 1–\(publicOnes.count)"))
            }
            for (language, count) in chips { #expect(expected[language] == count, "\(language)") }
            // The same through the terminal's use case, read as everyone sees it.
            let everyone = try await web.services.reading.search.searchRepositories(GitHubSearch(text: query), limit: 100)
            #expect(everyone.totalCount == publicOnes.count)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func forgettingAnAccountLeavesNothingOfItInTheStore(_ store: StoreKind) async throws {
        try await IsolationTests.run(store) { web, world in
            let (octocat, _) = try await AccountsTests.signIn(web, token: FakeGitHub.octocatToken)
            let secret = world.aSecret.fullName
            // Octocat reads its private repository (its JSON, README, releases… kept for it) and keeps it.
            let opened = try await IsolationTests.html(web, "/repos/\(secret)", octocat)
            #expect(opened.status == .ok)
            let toggled = try await web.post(
                "/favorites/toggle", form: ["csrf": AccountsTests.csrf(octocat), "repo": secret], cookie: octocat)
            #expect(toggled.status == .seeOther)
            let before = try await StoreDump.text(of: web.services.database)
            #expect(before.contains(secret), "what octocat read is kept for octocat")

            let forgot = try await web.post(
                "/settings/forget", form: ["csrf": AccountsTests.csrf(octocat), "confirm": "forget"], cookie: octocat)
            #expect(forgot.status == .seeOther)
            let after = try await StoreDump.text(of: web.services.database)
            #expect(!after.contains(secret), "no row of the store, answers included, holds octocat's private repository")
        }
    }
}
