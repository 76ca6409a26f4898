import Foundation
import Testing

@testable import StarscopeModels

/// The one JSON writer (`GitHubJSON.encode`) writes what `JSONEncoder` writes with GitHub's
/// settings, byte for byte: keys sorted, `/` unescaped, dates in ISO 8601 to the second.
@Suite struct GitHubJSONWriterTests {
    /// `JSONEncoder` set as GitHub writes JSON: what the writer is held to.
    static var oracle: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func written<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try GitHubJSON.encode(value), as: UTF8.self)
    }

    static func expected<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try oracle.encode(value), as: UTF8.self)
    }

    /// A repository as `--json` prints a favourite: its own members and three more, out of order.
    struct Row: Encodable {
        var repository: Repository
        var favorite: Bool
        var tags: [String]?
        var note: String?

        enum CodingKeys: String, CodingKey { case favorite, tags, note }

        func encode(to encoder: any Encoder) throws {
            try repository.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(favorite, forKey: .favorite)
            try container.encodeIfPresent(tags, forKey: .tags)
            try container.encodeIfPresent(note, forKey: .note)
        }
    }

    @Test func recordedRepositoriesAreWrittenAsJSONEncoderWritesThem() throws {
        let single = try JSONDecoder.gitHub().decode(
            Repository.self, from: JSONEncoder().encode(FixtureTests.load("octokit-get-repository").body))
        let search = try JSONDecoder.gitHub().decode(
            SearchResults<Repository>.self, from: JSONEncoder().encode(FixtureTests.load("openapi-example-search-repositories").body))
        for repository in [single] + search.items {
            #expect(try Self.written(repository) == Self.expected(repository))
        }
        #expect(try Self.written(search) == Self.expected(search))
    }

    @Test func hostileAndRandomRepositoriesAreWrittenAsJSONEncoderWritesThem() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ09 \"\\/<>&'\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F}\u{7F}é😀\u{202E}עברית\u{FEFF}")
        func text() -> String {
            String((0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
        }
        func date() -> Date { Date(timeIntervalSince1970: Double.random(in: -2_000_000_000...4_000_000_000, using: &generator)) }
        var repositories: [Repository] = []
        for index in 0..<300 {
            let owner = Account(
                id: Int64.random(in: 1...Int64.max, using: &generator), login: text(), avatarURL: index % 3 == 0 ? nil : text(),
                htmlURL: index % 5 == 0 ? nil : text(), kind: [.user, .organization, .bot][index % 3])
            repositories.append(
                Repository(
                    id: Int64.random(in: 1...Int64.max, using: &generator), name: text(), fullName: text(), owner: owner,
                    description: index % 4 == 0 ? nil : text() + String(repeating: "x", count: index), htmlURL: text(),
                    fork: index % 2 == 0,
                    createdAt: date(), updatedAt: index % 6 == 0 ? nil : date(), pushedAt: index % 7 == 0 ? nil : date(),
                    homepage: index % 3 == 1 ? nil : text(), stargazersCount: Int.random(in: 0...500_000, using: &generator),
                    watchersCount: index, forksCount: -index, openIssuesCount: Int.max - index,
                    language: index % 2 == 1 ? nil : text(), topics: (0..<index % 4).map { _ in text() },
                    license: index % 3 == 2 ? nil : License(key: text(), name: text(), spdxID: index % 2 == 0 ? nil : text()),
                    archived: index % 9 == 0, defaultBranch: index % 8 == 0 ? nil : text()))
        }
        for repository in repositories {
            #expect(try Self.written(repository) == Self.expected(repository))
            // With the `--json` extras, which come out of order and are put in order.
            let tags = repository.topics.isEmpty ? nil : repository.topics
            let row = Row(repository: repository, favorite: repository.fork, tags: tags, note: repository.description)
            #expect(try Self.written(row) == Self.expected(row))
        }
        #expect(try Self.written(repositories) == Self.expected(repositories))
    }

    @Test func datesAreWrittenToTheSecondInUTC() throws {
        for seconds in [
            0, 0.999, -0.001, 951_782_400, 1_709_164_799.5, 4_102_444_800, -2_208_988_800.25, 253_402_300_799.9,
        ] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(try Self.written(["d": date]) == Self.expected(["d": date]), "\(seconds)")
        }
    }

    /// Everything else a model or an answer holds: numbers, optionals, nested arrays and objects,
    /// dictionaries out of order, a value that encodes nothing.
    @Test func otherValuesAreWrittenAsJSONEncoderWritesThem() throws {
        struct Empty: Encodable {}
        struct Mixed: Encodable {
            var zeta = [1.5, 2, -0.25, 1e21]
            var alpha: Int8 = -8
            var middle: [String?] = ["a", nil, "/b"]
            var nested = ["y": [[1, 2], []], "x": [[3]]]
            var nothing = Empty()
            var unsigned: UInt64 = .max
            var flag = false
            var optional: String? = nil
        }
        #expect(try Self.written(Mixed()) == Self.expected(Mixed()))
        #expect(try Self.written(Empty()) == Self.expected(Empty()))
        #expect(try Self.written([String: Int]()) == Self.expected([String: Int]()))
        #expect(try Self.written("a \"quoted\"\n/path") == Self.expected("a \"quoted\"\n/path"))
        #expect(
            try Self.written(JSONValue.object(["b": .array([.null, .bool(true)]), "a": .string("x")])) == #"{"a":"x","b":[null,true]}"#)
        #expect(throws: EncodingError.self) { try GitHubJSON.encode([Double.nan]) }
    }

    /// Laid out for a person, the same JSON: it reads back to the same value.
    @Test func prettyIsTheSameJSONLaidOut() throws {
        let row = Row(repository: makeRepository(), favorite: true, tags: ["a", "b"], note: "line\n{not: a brace}")
        let pretty = String(decoding: try GitHubJSON.encode(row, pretty: true), as: UTF8.self)
        #expect(pretty.hasPrefix("{\n  \"archived\" : false,\n  \"created_at\" : "))
        #expect(pretty.contains("\"tags\" : [\n    \"a\",\n    \"b\"\n  ],"))
        #expect(pretty.contains("\"topics\" : [],"))
        #expect(pretty.contains(#""note" : "line\n{not: a brace}","#))
        let compact = try JSONSerialization.jsonObject(with: GitHubJSON.encode(row)) as? NSDictionary
        let laidOut = try JSONSerialization.jsonObject(with: Data(pretty.utf8)) as? NSDictionary
        #expect(compact != nil && compact == laidOut)
    }

    func makeRepository() -> Repository {
        Repository(
            id: 7, name: "n", fullName: "o/n", owner: Account(id: 1, login: "o", avatarURL: nil, htmlURL: nil, kind: .user),
            description: nil, htmlURL: "https://github.com/o/n", fork: false, createdAt: Date(timeIntervalSince1970: 0),
            updatedAt: nil, pushedAt: nil, homepage: nil, stargazersCount: 3, watchersCount: 3, forksCount: 0,
            openIssuesCount: 0, language: nil, topics: [], license: nil, archived: false, defaultBranch: nil)
    }
}
