import Foundation
import Testing

@testable import FakeGitHub

/// The sections of the fake's repositories: deterministic, varied, and apart from the rest of the world.
@Suite struct RepositoryDetailsDatasetTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func sectionsFollowTheSeed() {
        let a = FakeDataset(seed: 7, now: now, accountCount: 60, repositoryCount: 400)
        let b = FakeDataset(seed: 7, now: now, accountCount: 60, repositoryCount: 400)
        for (left, right) in zip(a.repositories, b.repositories) {
            #expect(a.readme(for: left) == b.readme(for: right))
            #expect(a.releases(for: left) == b.releases(for: right))
            #expect(a.contributors(for: left).map(\.account.id) == b.contributors(for: right).map(\.account.id))
            #expect(a.languages(for: left).map(\.name) == b.languages(for: right).map(\.name))
        }
    }

    @Test func sectionsVaryAcrossRepositories() {
        let data = FakeDataset(seed: 42, now: now)
        let readmes = data.repositories.map { data.readme(for: $0) }
        #expect(readmes.contains(nil))
        #expect(data.repositories.contains { data.hasHostileReadme($0) })
        #expect(Double(readmes.compactMap { $0 }.count) / Double(readmes.count) > 0.8)
        #expect(data.repositories.contains { data.releases(for: $0).isEmpty })
        #expect(data.repositories.contains { data.releases(for: $0).count > 30 })
        #expect(data.repositories.contains { data.releases(for: $0).contains(where: \.prerelease) })
        #expect(data.repositories.contains { data.contributors(for: $0).count > 30 })
        for repository in data.repositories.prefix(300) {
            let releases = data.releases(for: repository)
            #expect(releases.map(\.publishedAt) == releases.map(\.publishedAt).sorted(by: >))
            let bytes = data.languages(for: repository).map(\.bytes)
            #expect(bytes == bytes.sorted(by: >))
            #expect(data.languages(for: repository).first?.name == repository.language)
            #expect(!data.contributors(for: repository).contains { $0.account.isOrganization })
        }
    }

    @Test func everyReadmeAttacksWithHostile() {
        let data = FakeDataset(seed: 42, now: now, accountCount: 40, repositoryCount: 300, hostile: true)
        #expect(data.repositories.allSatisfy { data.readme(for: $0) == nil || data.hasHostileReadme($0) })
    }

    @Test func formerNamesPointToRepositoriesAndCollideWithNone() {
        let data = FakeDataset(seed: 42, now: now)
        #expect(data.formerNames.count > 50)
        for (former, id) in data.formerNames {
            let repository = data.repository(id: id)
            #expect(repository.map { former == "\($0.fullName)-old".lowercased() } == true)
            #expect(data.repository(fullName: former) == nil)
        }
        #expect(data.repository(id: data.repositories[17].id) == data.repositories[17])
        #expect(data.repository(id: -1) == nil)
    }
}
