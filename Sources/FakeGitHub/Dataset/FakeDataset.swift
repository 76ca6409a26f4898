import Foundation

/// The fake's world: accounts and repositories generated from a seed, the same every time for
/// the same seed and anchor hour.
///
/// Creation dates spread over the ~75 days before `anchor` (with some older repositories), star
/// counts are long-tailed, about one repository in ten is a fork, and hostile strings sit in
/// descriptions, names and bios.
public struct FakeDataset: Sendable {
    public let seed: UInt64
    /// The current time the data was generated against (truncated to the hour).
    public let anchor: Date
    public let accounts: [FakeAccount]
    public let repositories: [FakeRepository]
    /// Every README is one of `HostileReadmes` (else only some are; see `readme(for:)`).
    public let hostile: Bool
    /// Names some repositories had before a rename (lower-cased `owner/name` → repository id):
    /// GitHub answers them with `301` to `/repositories/ID`.
    public let formerNames: [String: Int64]

    let accountIndex: [String: Int]
    let repositoryIndex: [String: Int]
    let repositoriesByOwner: [Int64: [Int]]

    /// With `hostile`, every free-text field of every account and repository comes from
    /// `HostileStrings` (names and logins stay valid, as GitHub enforces).
    public init(seed: UInt64 = 42, now: Date = Date(), accountCount: Int = 320, repositoryCount: Int = 6_000, hostile: Bool = false) {
        self.seed = seed
        let anchor = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
        self.anchor = anchor
        var random = SeededRandom(seed: seed)
        var accounts = Self.makeAccounts(count: accountCount, anchor: anchor, random: &random)
        var repositories = Self.makeRepositories(count: repositoryCount, accounts: accounts, anchor: anchor, random: &random)
        if hostile {
            accounts = accounts.enumerated().map { HostileStrings.fill($1, index: $0) }
            repositories = repositories.enumerated().map { HostileStrings.fill($1, index: $0) }
        }
        self.accounts = accounts
        self.repositories = repositories
        self.hostile = hostile
        accountIndex = Dictionary(accounts.enumerated().map { ($1.login.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        repositoryIndex = Dictionary(
            repositories.enumerated().map { ($1.fullName.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        repositoriesByOwner = Dictionary(grouping: repositories.indices, by: { repositories[$0].ownerID })
        formerNames = Self.makeFormerNames(repositories: repositories, taken: repositoryIndex)
    }

    /// One repository in 40 was renamed from `NAME-old` (when no repository has that name).
    static func makeFormerNames(repositories: [FakeRepository], taken: [String: Int]) -> [String: Int64] {
        var names: [String: Int64] = [:]
        for (index, repository) in repositories.enumerated() where index % 40 == 7 {
            let former = "\(repository.ownerLogin)/\(repository.name)-old".lowercased()
            if taken[former] == nil { names[former] = repository.id }
        }
        return names
    }

    /// The repository with this id (ids ascend with the position).
    public func repository(id: Int64) -> FakeRepository? {
        repositoryPosition(id: id).map { repositories[$0] }
    }

    func repositoryPosition(id: Int64) -> Int? {
        var low = 0
        var high = repositories.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if repositories[middle].id == id { return middle }
            if repositories[middle].id < id { low = middle + 1 } else { high = middle - 1 }
        }
        return nil
    }

    public func account(login: String) -> FakeAccount? {
        accountIndex[login.lowercased()].map { accounts[$0] }
    }

    public func repository(fullName: String) -> FakeRepository? {
        repositoryIndex[fullName.lowercased()].map { repositories[$0] }
    }

    func repositoryPosition(fullName: String) -> Int? {
        repositoryIndex[fullName.lowercased()]
    }

    public func repositories(ownedBy account: FakeAccount) -> [FakeRepository] {
        (repositoriesByOwner[account.id] ?? []).map { repositories[$0] }
    }

    // MARK: Generation

    /// Well-known accounts first, so that pages such as `/users/swiftlang` exist.
    static let fixedAccounts: [(login: String, organization: Bool)] = [
        ("octocat", false), ("swiftlang", true), ("apple", true), ("hummingbird-project", true), ("groue", false),
    ]

    static func makeAccounts(count: Int, anchor: Date, random: inout SeededRandom) -> [FakeAccount] {
        var accounts: [FakeAccount] = []
        var taken = Set<String>()
        var nextID: Int64 = 1
        for index in 0..<max(count, fixedAccounts.count) {
            let login: String
            let organization: Bool
            if index < fixedAccounts.count {
                (login, organization) = fixedAccounts[index]
            } else {
                var candidate = ""
                repeat {
                    let suffix = random.pick(Words.loginSuffixes)
                    candidate = random.pick(Words.loginParts) + (suffix.isEmpty ? "" : "-" + suffix)
                    if taken.contains(candidate) { candidate += String(random.int(in: 1...999)) }
                } while taken.contains(candidate)
                login = candidate
                organization = random.chance(0.2)
            }
            taken.insert(login)
            let hostile = random.chance(0.08)
            let account = FakeAccount(
                id: nextID,
                login: login,
                isOrganization: organization,
                name: hostile ? random.pick(HostileStrings.all) : (random.chance(0.7) ? random.pick(Words.names) : nil),
                company: random.chance(0.3) ? "@" + random.pick(Words.loginParts) : nil,
                blog: random.chance(0.4) ? "https://\(login).example.com" : (random.chance(0.1) ? "javascript:alert(1)" : ""),
                location: random.chance(0.6) ? random.pick(Words.locations) : nil,
                email: Self.email(for: login, random: &random),
                bio: index == 7
                    ? HostileStrings.huge
                    : (random.chance(0.1) ? random.pick(HostileStrings.all) : (random.chance(0.5) ? "Building things." : nil)),
                followers: random.longTail(scale: 20, exponent: 1.1, cap: 250_000),
                following: random.int(in: 0...300),
                createdAt: anchor.addingTimeInterval(-Double(random.int(in: 100...4_000)) * 86_400),
                hasAvatar: !random.chance(0.03)
            )
            accounts.append(account)
            nextID += Int64(random.int(in: 1...9))
        }
        return accounts
    }

    static func email(for login: String, random: inout SeededRandom) -> String? {
        let roll = random.unit()
        if roll < 0.5 { return nil }
        if roll < 0.85 { return "\(login)@example.com" }
        return random.pick(["not-an-email", "<script>@x", "two@@example.com", "spaces in@example.com", "\(login)@localhost"])
    }

    static func makeRepositories(count: Int, accounts: [FakeAccount], anchor: Date, random: inout SeededRandom) -> [FakeRepository] {
        var repositories: [FakeRepository] = []
        var namesByOwner: [Int64: Set<String>] = [:]
        var nextID: Int64 = 10_000
        for index in 0..<count {
            // Skewed ownership: low-index accounts own more.
            let ownerIndex = min(accounts.count - 1, Int(Double(accounts.count) * pow(random.unit(), 1.6)))
            let owner = accounts[ownerIndex]
            var name = random.pick(Words.repoWords) + random.pick(["", "-", "."]) + random.pick(Words.repoWords)
            if name.hasSuffix(".") || name.hasSuffix("-") { name.removeLast() }
            while namesByOwner[owner.id, default: []].contains(name) { name += String(random.int(in: 0...9)) }
            namesByOwner[owner.id, default: []].insert(name)

            let age: Double = random.chance(0.85) ? random.unit() * 75 * 86_400 : Double(random.int(in: 76...3_000)) * 86_400
            let createdAt = anchor.addingTimeInterval(-age.rounded())
            let pushedAt = createdAt.addingTimeInterval(random.unit() * max(0, anchor.timeIntervalSince(createdAt))).rounded()
            let description: String?
            switch random.unit() {
            case ..<0.08: description = nil
            case ..<0.13: description = random.pick(HostileStrings.all)
            case ..<0.14: description = ""
            default:
                description = "A \(random.pick(Words.adjectives)) \(random.pick(Words.things)) \(random.pick(Words.audiences))."
            }
            let stars = random.longTail(scale: 6, exponent: 0.9, cap: 180_000)
            let repository = FakeRepository(
                id: nextID,
                ownerID: owner.id,
                ownerLogin: owner.login,
                name: name,
                description: index == 11 ? HostileStrings.huge : description,
                fork: random.chance(0.1),
                createdAt: createdAt,
                updatedAt: pushedAt,
                pushedAt: pushedAt,
                homepage: random.chance(0.2) ? "https://\(name).example.org" : nil,
                stars: stars,
                forks: stars / max(1, random.int(in: 3...20)),
                openIssues: random.int(in: 0...(1 + stars / 50)),
                language: random.pick(Words.languages),
                topics: (0..<random.int(in: 0...4)).map { _ in random.pick(Words.topics) }.uniqued(),
                license: random.pick(Words.licenses),
                archived: random.chance(0.03),
                size: random.int(in: 10...90_000)
            )
            repositories.append(repository)
            nextID += Int64(random.int(in: 1...50))
        }
        return repositories
    }
}

extension Date {
    func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded()) }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
