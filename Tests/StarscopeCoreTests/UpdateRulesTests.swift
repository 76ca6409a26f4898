import Foundation
import StarscopeCore
import StarscopeModels
import StarscopeStore
import Testing

/// The rules that turn what Starscope knew and sees into updates.
@Suite struct UpdateRulesTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let repository = Repository(
        id: 9, name: "lab", fullName: "fern/lab", owner: Account(id: 1, login: "fern"), htmlURL: "https://github.com/fern/lab",
        createdAt: now - 90 * 86_400)

    static func watch(stars: Int, archived: Bool = false, release: String? = nil, name: String = "fern/lab") -> RepositoryWatch {
        RepositoryWatch(repositoryID: 9, fullName: name, stars: stars, archived: archived, latestRelease: release, checkedAt: now)
    }

    static func updates(_ before: RepositoryWatch?, _ after: RepositoryWatch, history: [StarSample] = []) -> [Update] {
        UpdateRules.updates(before: before, now: after, repository: repository, release: nil, history: history, at: now)
    }

    @Test func theFirstLookIsNotNews() {
        #expect(Self.updates(nil, Self.watch(stars: 5_000, archived: true, release: "v1")).isEmpty)
    }

    @Test func everyMilestoneCrossedIsOneUpdate() {
        let found = Self.updates(Self.watch(stars: 90), Self.watch(stars: 600))
        #expect(found.map(\.kind) == [.milestone, .milestone, .milestone])
        #expect(found.map(\.key) == ["milestone:9:100", "milestone:9:250", "milestone:9:500"])
        #expect(found.last?.summary == "fern/lab passed 500 stars.")
        #expect(Self.updates(Self.watch(stars: 1_000), Self.watch(stars: 1_000)).isEmpty)
    }

    @Test func releasesArchivesAndRenamesAreNews() {
        let found = Self.updates(
            Self.watch(stars: 1, release: "v1"), Self.watch(stars: 1, archived: true, release: "v2", name: "fern/lab2"))
        #expect(Set(found.map(\.kind)) == [.release, .archived, .renamed])
        #expect(found.first { $0.kind == .renamed }?.summary == "fern/lab is now fern/lab2.")
        #expect(found.first { $0.kind == .release }?.key == "release:9:v2")
    }

    static func sample(_ daysAgo: Double, _ stars: Int) -> StarSample {
        StarSample(repositoryID: 9, fullName: "fern/lab", recordedAt: now - daysAgo * 86_400, stars: stars)
    }

    @Test func anUnusualDayIsWellAboveTheRepositorysOwnPace() {
        // 10 a day for a week, then 60 in a day: unusual.
        let steady = [Self.sample(8, 100), Self.sample(1, 170)]
        #expect(UpdateRules.unusualGain(history: steady, current: 230, at: Self.now) == 60)
        // 20 a day for a week, then 50: not three times the pace.
        let busy = [Self.sample(8, 100), Self.sample(1, 240)]
        #expect(UpdateRules.unusualGain(history: busy, current: 290, at: Self.now) == nil)
        // Fewer than 25 is never news, and without a count a day old nothing can be said.
        #expect(UpdateRules.unusualGain(history: [Self.sample(8, 100), Self.sample(1, 100)], current: 120, at: Self.now) == nil)
        #expect(UpdateRules.unusualGain(history: [Self.sample(0.5, 100)], current: 500, at: Self.now) == nil)
        let found = Self.updates(Self.watch(stars: 170), Self.watch(stars: 230), history: steady)
        #expect(found.contains { $0.kind == .gain && $0.key == "gain:9:2027-01-15" })
    }
}
