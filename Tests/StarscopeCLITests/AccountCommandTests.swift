import FakeGitHub
import Foundation
import Testing

/// `starscope users`, `user`, `repos` and `activity`.
@Suite struct AccountCommandTests {
    @Test func usersPageBySinceInIDOrder() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let first = try jsonArray(try await CLI.run(["users", "--limit", "15", "--json"], api: url).stdout)
            #expect(first.compactMap { $0["id"] as? Int64 } == fake.dataset.accounts.prefix(15).map(\.id))
            let lastID = try #require(first.last?["id"] as? Int64)
            let next = try jsonArray(try await CLI.run(["users", "--since", String(lastID), "--limit", "5", "--json"], api: url).stdout)
            #expect(next.compactMap { $0["login"] as? String } == fake.dataset.accounts.dropFirst(15).prefix(5).map(\.login))
        }
    }

    @Test func profileShowsTheEmailWarning() async throws {
        try await FakeGitHub.with { fake, url in
            let broken = try #require(fake.dataset.accounts.first { $0.email == "not-an-email" })
            let result = try await CLI.run(["user", broken.login], api: url)
            #expect(result.status == 0)
            #expect(result.stdout.contains("not a valid email address"))
            let good = try #require(fake.dataset.accounts.first { $0.email?.hasSuffix("@example.com") == true && !$0.email!.contains(" ") })
            #expect(!(try await CLI.run(["user", good.login], api: url)).stdout.contains("not a valid email address"))
            let json = try jsonObject(try await CLI.run(["user", "swiftlang", "--json"], api: url).stdout)
            #expect(json["type"] as? String == "Organization")
        }
    }

    @Test func unknownLoginIsNotFound() async throws {
        try await FakeGitHub.with(smallConfiguration()) { _, url in
            let result = try await CLI.run(["user", "nobody-at-all"], api: url)
            #expect(result.status == 1)
            #expect(result.stderrLines == ["starscope: No GitHub user or organisation is called \"nobody-at-all\"."])
            #expect(try await CLI.run(["repos", "nobody-at-all"], api: url).status == 1)
        }
    }

    @Test func reposLeaveOutForksUnlessAsked() async throws {
        try await FakeGitHub.with { fake, url in
            let owner = try #require(fake.dataset.accounts.first { fake.dataset.repositories(ownedBy: $0).filter(\.fork).count >= 1 })
            let all = fake.dataset.repositories(ownedBy: owner)
            let plain = try jsonArray(try await CLI.run(["repos", owner.login, "--limit", "1000", "--json"], api: url).stdout)
            #expect(plain.count == all.filter { !$0.fork }.count)
            #expect(plain.allSatisfy { $0["fork"] as? Bool == false })
            let withForks = try jsonArray(
                try await CLI.run(["repos", owner.login, "--forks", "--limit", "1000", "--json"], api: url).stdout)
            #expect(withForks.count == all.count)
        }
    }

    @Test func activityDescribesEveryEventType() async throws {
        try await FakeGitHub.with(smallConfiguration()) { _, url in
            let json = try jsonArray(try await CLI.run(["activity", "octocat", "--limit", "60", "--json"], api: url).stdout)
            #expect(json.count == 60)
            #expect(Set(json.compactMap { $0["type"] as? String }) == Set(FakeDataset.eventTypes))
            let human = try await CLI.run(["activity", "octocat", "--limit", "60"], api: url)
            #expect(human.status == 0)
            for phrase in ["pushed", "starred", "forked", "pull request", "release", "wiki", "collaborator", "public"] {
                #expect(human.stdout.contains(phrase), "missing \(phrase)")
            }
            #expect(!human.stdout.contains("Event in"))
        }
    }
}
