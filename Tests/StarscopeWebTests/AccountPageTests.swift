import FakeGitHub
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import StarscopeWeb

/// Accounts, people and activity pages against the fake GitHub.
@Suite struct AccountPageTests {
    static func values(_ html: String, of attribute: String) -> [String] {
        html.components(separatedBy: "\(attribute)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test(arguments: ["octocat", "swiftlang"])
    func accountShowsProfileAndNonForkRepositories(login: String) async throws {
        try await WebHarness.run { web in
            let account = try #require(web.fake.dataset.account(login: login))
            let owned = web.fake.dataset.repositories(ownedBy: account)
            let (status, html, _) = try await web.page("/users/\(login)")
            #expect(status == .ok)
            for label in ["Followers", "Following", "Repositories"] { #expect(html.contains("<dt>\(label)</dt>")) }
            #expect(html.contains(account.isOrganization ? "\(login) · Organization" : "\(login) · User"))
            let shown = Self.values(html, of: "data-repo")
            #expect(!shown.isEmpty)
            let forks = Set(owned.filter(\.fork).map(\.fullName))
            #expect(shown.allSatisfy { $0.hasPrefix(login + "/") && !forks.contains($0) })
            #expect(Set(shown).count == shown.count)
            if !forks.isEmpty {
                let withForks = Self.values(try await web.page("/users/\(login)?forks=1").html, of: "data-repo")
                #expect(withForks.count > shown.count || withForks.contains(where: forks.contains))
            }
        }
    }

    @Test func unknownLoginIsANotFoundPage() async throws {
        try await WebHarness.run { web in
            let (status, html, _) = try await web.page("/users/nobody-at-all")
            #expect(status == .notFound)
            #expect(html.contains("No GitHub user or organisation is called"))
            #expect(try await web.page("/users/bad%20login").status == .notFound)
            #expect(try await web.page("/users/nobody-at-all/activity").status == .notFound)
        }
    }

    @Test func theLoginBoxSwitchesAccountsAndRefusesNonsense() async throws {
        try await WebHarness.run { web in
            let good = try await web.get("/users/go?login=swiftlang")
            #expect(good.status == .found)
            #expect(good.headers[.location] == "/users/swiftlang")
            #expect(try await web.get("/users/go?login=%3Cscript%3E").status == .badRequest)
        }
    }

    @Test func brokenEmailsCarryAWarning() async throws {
        try await WebHarness.run(FakeGitHub.Configuration()) { web in
            let broken = try #require(web.fake.dataset.accounts.first { $0.email == "not-an-email" })
            #expect(try await web.page("/users/\(broken.login)").html.contains("not a valid email address"))
            let fine = try #require(web.fake.dataset.accounts.first { $0.email == "\($0.login)@example.com" })
            let page = try await web.page("/users/\(fine.login)").html
            #expect(page.contains("mailto:\(fine.login)@example.com"))
            #expect(!page.contains("not a valid email address"))
        }
    }

    @Test func peoplePageThroughSinceWithoutDuplicates() async throws {
        var configuration = WebHarness.smallWorld()
        configuration.accountCount = 250
        try await WebHarness.run(configuration) { web in
            var logins: [String] = []
            var next: String? = "/users"
            while let uri = next {
                let html = try await web.page(uri).html
                logins += Self.values(html, of: "data-login")
                next = html.range(of: "rel=\"next\" href=\"").map { range in String(html[range.upperBound...].prefix { $0 != "\"" }) }
            }
            #expect(logins == web.fake.dataset.accounts.map(\.login))
            let sorted = Self.values(try await web.page("/users?sort=login").html, of: "data-login")
            #expect(sorted == sorted.sorted { $0.lowercased() < $1.lowercased() })
            #expect(Set(sorted) == Set(logins.prefix(100)))
        }
    }

    @Test func activityDescribesEveryEventTypeAndAvatarsAreFetchedOnce() async throws {
        try await WebHarness.run { web in
            let (status, html, _) = try await web.page("/users/octocat/activity")
            #expect(status == .ok)
            #expect(Set(Self.values(html, of: "data-type")) == Set(FakeDataset.eventTypes))
            #expect(!html.contains("Event in"))
            let avatars = Array(Set(Self.values(html, of: "src").filter { $0.hasPrefix("/avatar?") }))
            #expect(avatars.count == 1)
            await web.fake.clearRequests()
            for _ in 0..<5 { _ = try await web.get(avatars[0]) }
            #expect(await web.fake.requests().filter { $0.path.hasPrefix("/avatars/") }.count == 1)
        }
    }
}
