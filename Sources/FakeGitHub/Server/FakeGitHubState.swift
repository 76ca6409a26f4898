import Foundation
import StarscopeModels

/// Everything the fake remembers while it runs: star counts that moved, faults, rate-limit
/// buckets, stars given by tokens, and the request log.
actor FakeGitHubState {
    let dataset: FakeDataset
    let maxAge: Int
    var rateLimits = RateLimits()
    var log: [LoggedRequest] = []
    /// What changed on the repositories while the fake runs.
    var changes: RepositoryChanges
    /// Tokens, who they belong to, and what they starred.
    var accounts: TokenAccounts
    /// Faults a test switched on, and a hostile upstream's headers.
    var faultState = FaultState()
    /// Star Lists and the GraphQL mutations that changed them.
    var listState = ListState()

    init(dataset: FakeDataset, tokens: [String: String], limits: RateLimits.Limits, maxAge: Int, privateRepositories: [String] = []) {
        self.maxAge = maxAge
        self.dataset = dataset
        changes = RepositoryChanges(stars: dataset.repositories.map(\.stars))
        accounts = TokenAccounts(tokens: tokens)
        self.rateLimits.limits = limits
        for (name, id) in dataset.formerNames {
            if let index = dataset.repositoryPosition(id: id) { changes.formerNames[name] = index }
        }
        listState.starLists = Self.seededLists(dataset)
        for name in privateRepositories {
            if let index = dataset.repositoryPosition(fullName: name) {
                changes.privateViewers[index] = [dataset.repositories[index].ownerLogin.lowercased()]
            }
        }
    }

    /// Where a repository named `owner/name` is: under that name, moved (answer `301`), or nowhere.
    enum Location: Equatable {
        case here(Int)
        case moved(Int)
    }

    func locate(_ fullName: String) -> Location? {
        let key = fullName.lowercased()
        if let index = changes.renames.first(where: { "\($0.value.owner)/\($0.value.name)".lowercased() == key })?.key {
            return .here(index)
        }
        if let index = dataset.repositoryPosition(fullName: fullName) {
            return changes.renames[index] == nil ? .here(index) : .moved(index)
        }
        return changes.formerNames[key].map(Location.moved)
    }

    /// Renames (or transfers, when the owner changes) a repository, as its owner would on GitHub:
    /// the old name answers `301` from then on. False when it does not exist, the new owner is
    /// unknown or the new name is taken.
    func rename(_ fullName: String, to newFullName: String) -> Bool {
        let parts = newFullName.split(separator: "/").map(String.init)
        guard parts.count == 2, case .here(let index)? = locate(fullName), let owner = dataset.account(login: parts[0]) else {
            return false
        }
        if let taken = locate(newFullName), taken != .moved(index) { return false }
        changes.formerNames[current(index).fullName.lowercased()] = index
        changes.formerNames[newFullName.lowercased()] = nil
        changes.renames[index] = (owner.login, parts[1])
        return true
    }

    /// The positions of the repositories `account` owns now.
    func currentIndices(ownedBy account: FakeAccount) -> [Int] {
        let kept = (dataset.repositoriesByOwner[account.id] ?? []).filter { index in
            changes.renames[index].map { $0.owner.lowercased() == account.login.lowercased() } ?? true
        }
        let arrived = changes.renames.filter { $0.value.owner.lowercased() == account.login.lowercased() && !kept.contains($0.key) }.map(
            \.key)
        return kept + arrived.sorted()
    }

    /// The repository as it is now (with its current star count).
    func current(_ index: Int) -> FakeRepository {
        var repository = dataset.repositories[index]
        repository.stars = changes.stars[index]
        if changes.archivedNow.contains(index) { repository.archived = true }
        repository.isPrivate = changes.privateViewers[index] != nil
        if changes.emptied.contains(index) { (repository.size, repository.language) = (0, nil) }
        if let renamed = changes.renames[index] {
            repository.name = renamed.name
            repository.ownerLogin = renamed.owner
            repository.ownerID = dataset.account(login: renamed.owner)?.id ?? repository.ownerID
        }
        return repository
    }

    func currentRepositories() -> [FakeRepository] {
        dataset.repositories.indices.map(current)
    }

    /// Publishes a release now: it becomes the latest (unless a pre-release).
    func publishRelease(fullName: String, tag: String, name: String?, prerelease: Bool) -> Bool {
        guard case .here(let index)? = locate(fullName), let author = dataset.accounts.first else { return false }
        let repository = dataset.repositories[index]
        let release = FakeRelease(
            id: repository.id * 1_000 + 900 + Int64(changes.published[index, default: []].count), tagName: tag, name: name, body: "",
            prerelease: prerelease, draft: false, publishedAt: Date(), author: dataset.account(login: repository.ownerLogin) ?? author)
        changes.published[index, default: []].insert(release, at: 0)
        return true
    }

    /// Archives a repository now.
    func archive(fullName: String) -> Bool {
        guard case .here(let index)? = locate(fullName) else { return false }
        changes.archivedNow.insert(index)
        return true
    }

    /// Empties a repository now: no commits, so no README, releases, languages or contributors.
    func empty(fullName: String) -> Bool {
        guard case .here(let index)? = locate(fullName) else { return false }
        changes.emptied.insert(index)
        return true
    }

    /// Every release of the repository at `index`, newest first.
    func releases(at index: Int) -> [FakeRelease] {
        changes.published[index, default: []] + dataset.releases(for: dataset.repositories[index])
    }

    func setStars(fullName: String, to count: Int, overItsHistory: Bool = false) -> Bool {
        guard case .here(let index)? = locate(fullName) else { return false }
        // Any count, negative or huge, so tests can send what a hostile upstream would.
        changes.stars[index] = count
        if overItsHistory { changes.historyStars[index] = max(0, count) }
        return true
    }

    /// Stargazers arrive: a few of the most-starred repositories of the last month gain stars.
    func drift(round: UInt64, seed: UInt64) {
        var random = SeededRandom(seed: seed &+ round &* 0x9E37_79B9)
        let recent = dataset.repositories.indices.filter {
            dataset.anchor.timeIntervalSince(dataset.repositories[$0].createdAt) < 30 * 86_400
        }
        let popular = recent.sorted { changes.stars[$0] > changes.stars[$1] }.prefix(60)
        guard !popular.isEmpty else { return }
        for _ in 0..<5 {
            let index = popular[popular.index(popular.startIndex, offsetBy: random.int(in: 0...(popular.count - 1)))]
            changes.stars[index] &+= random.int(in: 1...25)
        }
    }

    func addFault(_ rule: FaultRule) {
        faultState.faults.append(rule)
    }

    func clearFaults() {
        faultState.faults.removeAll()
    }

    /// Lets every slow answer now waiting go at once (a test holds GitHub's answer with a long
    /// `slow` fault and lets it go when it has seen what the page shows meanwhile).
    func releaseSlowAnswers() {
        faultState.releases += 1
    }

    /// The fault for `path`, if any, using up one of its remaining times. A rule written
    /// `PATH?name=value` matches that exact path with those query values (a list's second page).
    func takeFault(for path: String, query: [String: String] = [:]) -> Fault? {
        guard let index = faultState.faults.firstIndex(where: { Self.matches($0.pathPrefix, path: path, query: query) }) else { return nil }
        let rule = faultState.faults[index]
        if let remaining = rule.remaining {
            if remaining <= 1 { faultState.faults.remove(at: index) } else { faultState.faults[index].remaining = remaining - 1 }
        }
        return rule.fault
    }

    static func matches(_ rule: String, path: String, query: [String: String]) -> Bool {
        guard let mark = rule.firstIndex(of: "?") else { return path.hasPrefix(rule) }
        guard path == rule[..<mark] else { return false }
        for pair in rule[rule.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard query[parts[0]] == (parts.count > 1 ? parts[1] : "") else { return false }
        }
        return true
    }

    func record(_ entry: LoggedRequest) {
        log.append(entry)
    }

    func clearLog() {
        log.removeAll()
    }

    func overrideRateLimitHeaders(_ values: [String: String]?) {
        faultState.rateLimitHeaderOverride = values
    }

    func setRemaining(_ remaining: Int, token: String?, resource: String) {
        rateLimits.set(identity: token, resource: resource, remaining: remaining, now: Date())
    }

    func bucket(token: String?, resource: String) -> RateLimits.Bucket {
        rateLimits.bucket(identity: token, resource: resource, now: Date())
    }

    func addToken(_ token: String, login: String) {
        accounts.tokens[token] = login
    }

    func revokeToken(_ token: String) {
        accounts.tokens[token] = nil
    }

    func setIdentity(token: String, id: Int64, login: String) {
        if accounts.tokens[token] == nil { accounts.tokens[token] = login }
        accounts.identities[token] = (id, login)
    }
}
