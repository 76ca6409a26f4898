import Foundation

/// A release in the fake's world.
public struct FakeRelease: Sendable, Hashable {
    public var id: Int64
    public var tagName: String
    public var name: String?
    public var body: String
    public var prerelease: Bool
    public var draft: Bool
    public var publishedAt: Date
    public var author: FakeAccount
}

/// The sections of a repository's page, derived from the seed and the repository's id alone,
/// so they change none of the accounts and repositories the seed generates.
extension FakeDataset {
    func detailRandom(_ repository: FakeRepository, _ salt: UInt64) -> SeededRandom {
        SeededRandom(seed: seed ^ (UInt64(bitPattern: repository.id) &* 0x9E37_79B9_7F4A_7C15) ^ salt)
    }

    /// The README's Markdown, or nil for the one repository in twelve that has none. One in
    /// twenty (every one with `hostile`) is an attack from `HostileReadmes`.
    public func readme(for repository: FakeRepository) -> String? {
        var random = detailRandom(repository, 0x52_45_41_44)
        if random.chance(1.0 / 12) { return nil }
        if hostile || random.chance(0.05) {
            return HostileReadmes.all[Int(UInt64(bitPattern: repository.id) % UInt64(HostileReadmes.all.count))]
        }
        return Self.plainReadme(for: repository, random: &random)
    }

    /// Where the README is: `docs/README.md` for one repository in ten (GitHub finds a README
    /// there when the root has none), else `README.md`.
    public func readmePath(for repository: FakeRepository) -> String {
        UInt64(bitPattern: repository.id) % 10 == 7 ? "docs/README.md" : "README.md"
    }

    /// Whether `readme(for:)` is an attack, for tests that look for one.
    public func hasHostileReadme(_ repository: FakeRepository) -> Bool {
        readme(for: repository).map { HostileReadmes.all.contains($0) } ?? false
    }

    static func plainReadme(for repository: FakeRepository, random: inout SeededRandom) -> String {
        let name = repository.name
        var parts = ["# \(name)", repository.description.map { $0.isEmpty ? "" : $0 } ?? ""]
        parts.append("[![Build](https://img.shields.io/badge/build-passing-green.svg)](https://github.com/\(repository.fullName)/actions)")
        parts.append(
            """
            ## Installation

            ```swift
            .package(url: "https://github.com/\(repository.fullName).git", from: "1.\(random.int(in: 0...9)).0")
            ```
            """)
        parts.append(
            """
            ## Usage

            Run `\(name) --help` to see the options. See the [guide](docs/GUIDE.md), the [changelog](./CHANGELOG.md) \
            and [the project's site](https://example.org/\(name)).

            ![Screenshot](assets/screenshot.png)
            """)
        if random.chance(0.6) {
            parts.append(
                """
                | Option | Default | Meaning |
                |---|---|---|
                | `--fast` | off | Go **faster** |
                | `--out` | `.` | Where to *write* |
                """)
        }
        parts.append("- Fast\n- *Typed*\n- ~~Legacy~~ free")
        parts.append("> Note: this README was written by the fake GitHub.")
        if let license = repository.license {
            parts.append("## Licence\n\n\(license.name): see [LICENSE](LICENSE).")
        }
        return parts.filter { !$0.isEmpty }.joined(separator: "\n\n") + "\n"
    }

    /// Releases, newest first: none for about a third of the repositories, up to 45 for others
    /// (more than a page of 30), a few pre-releases and no drafts (GitHub lists drafts only to
    /// those who can push).
    public func releases(for repository: FakeRepository) -> [FakeRelease] {
        var random = detailRandom(repository, 0x52_45_4C)
        guard !random.chance(0.35) else { return [] }
        let count = random.chance(0.1) ? random.int(in: 31...45) : random.int(in: 1...8)
        let owner = account(login: repository.ownerLogin)
        let authors = (owner.map { [$0] } ?? []) + Array(accounts.prefix(3))
        var time = min(anchor, repository.pushedAt.addingTimeInterval(-Double(random.int(in: 0...86_400))))
        var releases: [FakeRelease] = []
        for number in stride(from: count, through: 1, by: -1) {
            let prerelease = number == count && random.chance(0.3)
            let tag = "v\(number / 10).\(number % 10).0" + (prerelease ? "-beta.1" : "")
            releases.append(
                FakeRelease(
                    id: repository.id * 100 + Int64(number),
                    tagName: tag,
                    name: random.chance(0.2) ? nil : (random.chance(0.1) ? "" : "\(repository.name) \(tag)"),
                    body:
                        "## What's changed\n\n- Faster *everything*\n- Fixed [#\(number)](https://github.com/\(repository.fullName)/issues/\(number))",
                    prerelease: prerelease,
                    draft: false,
                    publishedAt: max(repository.createdAt, time).rounded(),
                    author: authors.isEmpty ? accounts[0] : random.pick(authors)
                ))
            time = time.addingTimeInterval(-Double(random.int(in: 3_600...(20 * 86_400))))
        }
        return releases
    }

    /// Contributors, most contributions first (ties by id): the owner when it is a person, and
    /// up to 40 others (more than a page of 30 for some).
    public func contributors(for repository: FakeRepository) -> [(account: FakeAccount, contributions: Int)] {
        var random = detailRandom(repository, 0x43_4F_4E)
        var people: [FakeAccount] = []
        if let owner = account(login: repository.ownerLogin), !owner.isOrganization { people.append(owner) }
        let others = random.chance(0.1) ? random.int(in: 31...40) : random.int(in: 0...6)
        let persons = accounts.filter { !$0.isOrganization }
        var attempts = 0
        while people.count < others + 1, attempts < others * 4, !persons.isEmpty {
            let person = random.pick(persons)
            if !people.contains(where: { $0.id == person.id }) { people.append(person) }
            attempts += 1
        }
        if people.isEmpty { people.append(accounts[0]) }
        let counted = people.enumerated().map { index, person in
            (account: person, contributions: index == 0 ? random.int(in: 50...2_000) : random.longTail(scale: 5, exponent: 1, cap: 900) + 1)
        }
        return counted.sorted { $0.contributions != $1.contributions ? $0.contributions > $1.contributions : $0.account.id < $1.account.id }
    }

    /// Bytes of code per language, largest first: the main language leads; none without one.
    public func languages(for repository: FakeRepository) -> [(name: String, bytes: Int)] {
        guard let main = repository.language else { return [] }
        var random = detailRandom(repository, 0x4C_41_4E)
        var result = [(name: main, bytes: random.int(in: 20_000...2_000_000))]
        for _ in 0..<random.int(in: 0...4) {
            let other = random.pick(["Shell", "C", "Makefile", "Dockerfile", "Python", "HTML", "CSS", "JavaScript", "Ruby"])
            guard !result.contains(where: { $0.name == other }) else { continue }
            result.append((name: other, bytes: random.int(in: 100...(result[0].bytes / 2))))
        }
        return result.sorted { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.name < $1.name }
    }
}
