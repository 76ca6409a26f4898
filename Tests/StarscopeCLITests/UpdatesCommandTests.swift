import FakeGitHub
import Foundation
import StarscopeStore
import Testing

@testable import StarscopeSQLite

/// `starscope updates`: each kind of update, triggered through the fake, is seen once.
@Suite struct UpdatesCommandTests {
    /// A favourite GitHub no longer has is an update of kind `gone`, once; the command still
    /// reports the release of another favourite in the same call, and exits 0.
    @Test func aFavouriteGitHubNoLongerHasIsGoneOnceAndHidesNothing() async throws {
        try await withHome { home in
            var configuration = smallConfiguration()
            configuration.maxAge = 0
            try await FakeGitHub.with(configuration) { fake, url in
                let sorted = fake.dataset.repositories.sorted { $0.id < $1.id }
                let (dead, alive) = (sorted[0].fullName, sorted[1].fullName)
                for name in [dead, alive] { #expect(try await CLI.run(["favorites", "add", name], api: url, home: home).status == 0) }
                #expect(try await CLI.run(["updates"], api: url, home: home).status == 0)
                await fake.inject(.notFound, path: "/repos/\(dead)")
                await fake.publishRelease(alive, tag: "v24.0.0")
                let run = try await CLI.run(["updates", "--json"], api: url, home: home)
                #expect(run.status == 0)
                let updates = try jsonArray(run.stdout)
                #expect(Set(updates.compactMap { $0["kind"] as? String }) == ["gone", "release"])
                #expect(
                    updates.contains { $0["kind"] as? String == "gone" && $0["summary"] as? String == "\(dead) is no longer on GitHub." })
                #expect(try jsonArray(try await CLI.run(["updates", "--json"], api: url, home: home).stdout).isEmpty)
            }
        }
    }

    @Test func eachKindOfUpdateIsSeenOnce() async throws {
        try await withHome { home in
            var configuration = smallConfiguration()
            configuration.maxAge = 0
            try await FakeGitHub.with(configuration) { fake, url in
                let repository = try #require(fake.dataset.repositories.first { $0.stars < 900 && !$0.archived })
                let name = repository.fullName
                #expect(try await CLI.run(["favorites", "add", name], api: url, home: home).status == 0)
                let first = try await CLI.run(["updates"], api: url, home: home)
                #expect(first.stdout == "Nothing new since you last looked.\n")

                func next() async throws -> [[String: Any]] {
                    try jsonArray(try await CLI.run(["updates", "--json"], api: url, home: home).stdout)
                }
                await fake.setStars(name, to: 1_000)
                let milestones = try await next()
                #expect(milestones.compactMap { $0["kind"] as? String }.allSatisfy { $0 == "milestone" })
                #expect(milestones.contains { $0["summary"] as? String == "\(name) passed 1k stars." })
                #expect(
                    milestones.allSatisfy { $0["full_name"] as? String == name && ($0["html_url"] as? String)?.hasPrefix("http") == true })
                #expect(try await next().isEmpty)

                await fake.publishRelease(name, tag: "v9.9.9", name: "The big one")
                let release = try await next()
                #expect(release.map { $0["kind"] as? String } == ["release"])
                #expect(release.first?["summary"] as? String == "\(name) released The big one (v9.9.9).")

                await fake.archive(name)
                #expect(try await next().map { $0["kind"] as? String } == ["archived"])

                let renamed = "\(repository.ownerLogin)/\(repository.name)-next"
                #expect(await fake.rename(name, to: renamed))
                let moved = try await next()
                #expect(moved.map { $0["kind"] as? String } == ["renamed"])
                #expect(moved.first?["summary"] as? String == "\(name) is now \(renamed).")

                // An unusual day: a week of slow history Starscope recorded, then a jump.
                let database = try AppDatabase.open(directory: home.appendingPathComponent("data/starscope"))
                let now = Date()
                for (days, stars) in [(8.5, 900), (1.2, 930)] {
                    try await database.observeSample(repositoryID: repository.id, fullName: renamed, stars: stars, at: now - days * 86_400)
                }
                await fake.setStars(renamed, to: 1_100)
                let gain = try await next()
                #expect(gain.map { $0["kind"] as? String } == ["gain"])

                // Everything of the last 30 days, once each.
                let all = try jsonArray(try await CLI.run(["updates", "--all", "--json"], api: url, home: home).stdout)
                let kinds = all.compactMap { $0["kind"] as? String }
                for kind in ["milestone", "release", "archived", "renamed", "gain"] {
                    #expect(kinds.filter { $0 == kind }.count == (kind == "milestone" ? milestones.count : 1), "\(kind)")
                }
            }
        }
    }
}
