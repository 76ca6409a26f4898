import Foundation
import Testing

@testable import StarscopeModels

/// A repository's one writer (`writeJSON`) writes what GitHub would, as the reader reads it back:
/// every field under GitHub's name, keys in order, what `--json` adds among them.
@Suite struct RepositoryJSONWriterTests {
    static func randomRepositories() -> [Repository] {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ09 \"\\/<>&'\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F}\u{7F}é😀\u{202E}עברית\u{FEFF}")
        func text() -> String {
            String((0..<Int.random(in: 1...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
        }
        func date() -> Date { Date(timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &generator))) }
        return (0..<300).map { index in
            let owner = Account(
                id: Int64.random(in: 1...999_999_999_999, using: &generator), login: text(), avatarURL: index % 3 == 0 ? nil : text(),
                htmlURL: index % 5 == 0 ? nil : text(), kind: [.user, .organization, .bot][index % 3])
            return Repository(
                id: Int64.random(in: 1...999_999_999_999, using: &generator), name: text(), fullName: text(), owner: owner,
                description: index % 4 == 0 ? nil : text() + String(repeating: "x", count: index), htmlURL: text(),
                fork: index % 2 == 0, createdAt: date(), updatedAt: index % 6 == 0 ? nil : date(), pushedAt: index % 7 == 0 ? nil : date(),
                homepage: index % 3 == 1 ? nil : text(), stargazersCount: Int.random(in: 0...500_000, using: &generator),
                watchersCount: index, forksCount: index * 3, openIssuesCount: Count.maximum - index,
                language: index % 2 == 1 ? nil : text(), topics: (0..<index % 4).map { _ in text() },
                license: index % 3 == 2 ? nil : License(key: text(), name: text(), spdxID: index % 2 == 0 ? nil : text()),
                archived: index % 9 == 0, defaultBranch: index % 8 == 0 ? nil : text(), isPrivate: index % 10 == 3,
                visibility: index % 5 == 1 ? nil : ["public", "private", "internal"][index % 3])
        }
    }

    /// The keys of the object `bytes` holds, at its top level, in the order written.
    static func keys(_ bytes: [UInt8]) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        // JSONSerialization forgets the order: find each key's place in the bytes instead.
        let text = String(decoding: bytes, as: UTF8.self)
        return object.keys.sorted { first, second in
            (text.range(of: "\"\(first)\":")?.lowerBound ?? text.endIndex) < (text.range(of: "\"\(second)\":")?.lowerBound ?? text.endIndex)
        }
    }

    @Test func hostileAndRandomRepositoriesReadBackTheSame() throws {
        for repository in Self.randomRepositories() {
            let bytes = repository.jsonBytes
            #expect(try JSONDecoder.gitHub().decode(Repository.self, from: Data(bytes)) == repository)
            #expect(GitHubJSONReading.decode(Repository.self, from: Data(bytes)) == repository)
        }
        // Dates `JSONDecoder` reads in the Julian calendar (before 1583), as a fuzzed answer had.
        for seconds in [-30_000_000_000.0, -12_300_000_000, -12_219_292_801] {
            var repository = try #require(Self.randomRepositories().first)
            repository.createdAt = Date(timeIntervalSince1970: seconds)
            repository.pushedAt = Date(timeIntervalSince1970: seconds + 1)
            #expect(try GitHubJSON.decode(Repository.self, from: Data(repository.jsonBytes)) == repository, "\(seconds)")
        }
    }

    /// A repository's owner is written as an account is everywhere else (`users --json`, a
    /// release's author): the two ways to write an account agree byte for byte.
    @Test func anOwnerIsWrittenAsAnAccountIs() throws {
        for repository in Self.randomRepositories() {
            var owner: [UInt8] = []
            repository.owner.writeJSON(to: &owner)
            #expect(owner == Array(try JSONEncoder.gitHub().encode(repository.owner)))
        }
    }

    @Test func everyFieldIsWrittenUnderGitHubsNameInKeyOrder() throws {
        let recorded = try JSONDecoder.gitHub().decode(
            Repository.self, from: JSONEncoder().encode(FixtureTests.load("octokit-get-repository").body))
        let bytes = recorded.jsonBytes
        let keys = try Self.keys(bytes)
        #expect(
            keys == [
                "archived", "created_at", "default_branch", "description", "fork", "forks_count", "full_name", "homepage",
                "html_url", "id", "language", "license", "name", "open_issues_count", "owner", "private", "pushed_at",
                "stargazers_count", "topics", "updated_at", "visibility", "watchers_count",
            ])
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""owner":{"avatar_url":"#))
        #expect(text.contains(#""created_at":"2017-09-15T21:43:08Z""#))
        #expect(!text.contains("\\/"), "slashes are written as they are")
    }

    /// What `--json` adds goes among GitHub's fields in key order, before the first, between, after the last.
    @Test func addedMembersAreWrittenInKeyOrder() throws {
        let repository = try #require(Self.randomRepositories().first)
        var extra = JSONObjectWriter()
        extra.add("zz_last", 1)
        extra.add("favorite", true)
        extra.add("aa_first", "a")
        extra.add("tags", ["x", "y"])
        extra.add("note", nil as String?)
        var bytes: [UInt8] = []
        repository.writeJSON(to: &bytes, adding: extra)
        let keys = try Self.keys(bytes)
        #expect(keys == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(keys.first == "aa_first" && keys.last == "zz_last")
        #expect(Set(["favorite", "tags", "note"]).isSubset(of: Set(keys)))
        #expect(GitHubJSONReading.decode(Repository.self, from: Data(bytes)) == repository)
    }

    @Test func datesAreWrittenToTheSecondInUTC() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        for seconds in [
            0, 0.999, -0.001, 951_782_400, 1_709_164_799.5, 4_102_444_800, -2_208_988_800.25, 253_402_300_799.9,
        ] {
            let date = Date(timeIntervalSince1970: seconds)
            var written: [UInt8] = []
            JSONBytes.date(date, &written)
            var object = JSONObjectWriter()
            object.add("d", date)
            let expected = String(decoding: try encoder.encode(["d": date]), as: UTF8.self)
            #expect(String(decoding: object.bytes, as: UTF8.self) == expected, "\(seconds)")
            #expect(Array(#"{"d":"#.utf8) + written + [UInt8(ascii: "}")] == object.bytes, "\(seconds)")
        }
    }

    /// Laid out for a person, the same JSON.
    @Test func layoutKeepsTheJSON() throws {
        let repositories = Array(Self.randomRepositories().prefix(20))
        let compact = jsonArray(repositories) { $0.writeJSON(to: &$1) }
        let laidOut = JSONLayout.indented(compact)
        #expect(String(decoding: laidOut, as: UTF8.self).hasPrefix("[\n  {\n    \"archived\" : "))
        let one = try #require(try JSONSerialization.jsonObject(with: Data(compact)) as? NSArray)
        let other = try #require(try JSONSerialization.jsonObject(with: Data(laidOut)) as? NSArray)
        #expect(one == other)
        #expect(JSONLayout.indented(Array(#"{"a":[],"b":{}}"#.utf8)) == Array("{\n  \"a\" : [],\n  \"b\" : {}\n}".utf8))
    }
}
