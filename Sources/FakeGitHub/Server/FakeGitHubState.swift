import Foundation
import StarscopeModels

/// Everything the fake remembers while it runs: star counts that moved, faults, rate-limit
/// buckets, stars given by tokens, and the request log.
actor FakeGitHubState {
    let dataset: FakeDataset
    var stars: [Int]
    var faults: [FaultRule] = []
    var rateLimits = RateLimits()
    var log: [LoggedRequest] = []
    /// Valid tokens and the login each belongs to.
    var tokens: [String: String]
    var starredByLogin: [String: Set<Int64>] = [:]
    let maxAge: Int

    init(dataset: FakeDataset, tokens: [String: String], limits: RateLimits.Limits, maxAge: Int) {
        self.maxAge = maxAge
        self.dataset = dataset
        self.stars = dataset.repositories.map(\.stars)
        self.tokens = tokens
        self.rateLimits.limits = limits
    }

    /// The repository as it is now (with its current star count).
    func current(_ index: Int) -> FakeRepository {
        var repository = dataset.repositories[index]
        repository.stars = stars[index]
        return repository
    }

    func currentRepositories() -> [FakeRepository] {
        dataset.repositories.indices.map(current)
    }

    func setStars(fullName: String, to count: Int) -> Bool {
        guard let index = dataset.repositoryPosition(fullName: fullName) else { return false }
        stars[index] = max(0, count)
        return true
    }

    /// Stargazers arrive: a few of the most-starred repositories of the last month gain stars.
    func drift(round: UInt64, seed: UInt64) {
        var random = SeededRandom(seed: seed &+ round &* 0x9E37_79B9)
        let recent = dataset.repositories.indices.filter {
            dataset.anchor.timeIntervalSince(dataset.repositories[$0].createdAt) < 30 * 86_400
        }
        let popular = recent.sorted { stars[$0] > stars[$1] }.prefix(60)
        guard !popular.isEmpty else { return }
        for _ in 0..<5 {
            let index = popular[popular.index(popular.startIndex, offsetBy: random.int(in: 0...(popular.count - 1)))]
            stars[index] += random.int(in: 1...25)
        }
    }

    func addFault(_ rule: FaultRule) {
        faults.append(rule)
    }

    func clearFaults() {
        faults.removeAll()
    }

    /// The fault for `path`, if any, using up one of its remaining times.
    func takeFault(for path: String) -> Fault? {
        guard let index = faults.firstIndex(where: { path.hasPrefix($0.pathPrefix) }) else { return nil }
        let rule = faults[index]
        if let remaining = rule.remaining {
            if remaining <= 1 { faults.remove(at: index) } else { faults[index].remaining = remaining - 1 }
        }
        return rule.fault
    }

    func record(_ entry: LoggedRequest) {
        log.append(entry)
    }

    func clearLog() {
        log.removeAll()
    }

    func setRemaining(_ remaining: Int, token: String?, resource: String) {
        rateLimits.set(identity: token, resource: resource, remaining: remaining, now: Date())
    }

    func bucket(token: String?, resource: String) -> RateLimits.Bucket {
        rateLimits.bucket(identity: token, resource: resource, now: Date())
    }

    func addToken(_ token: String, login: String) {
        tokens[token] = login
    }

    func revokeToken(_ token: String) {
        tokens[token] = nil
    }
}
