import Foundation
import Testing

@testable import StarscopeModels

/// The fast JSON writer must write what `JSONEncoder.gitHub()` writes, byte for byte.
@Suite struct JSONObjectWriterTests {
    @Test func recordedRepositoriesAreWrittenAsJSONEncoderWritesThem() throws {
        let single = try JSONDecoder.gitHub().decode(
            Repository.self, from: JSONEncoder().encode(FixtureTests.load("octokit-get-repository").body))
        let search = try JSONDecoder.gitHub().decode(
            SearchResults<Repository>.self, from: JSONEncoder().encode(FixtureTests.load("openapi-example-search-repositories").body))
        for repository in [single] + search.items {
            #expect(String(decoding: repository.jsonObject.bytes, as: UTF8.self) == Self.encoded(repository))
        }
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
            #expect(String(decoding: repository.jsonObject.bytes, as: UTF8.self) == Self.encoded(repository))
            // Written straight into a buffer: the same bytes, with and without the `--json` extras.
            #expect(repository.jsonBytes == repository.jsonObject.bytes)
            let tags = repository.topics.isEmpty ? nil : repository.topics
            var written: [UInt8] = []
            repository.writeJSON(to: &written, favorite: repository.fork, tags: tags, note: repository.description)
            #expect(written == repository.jsonObject(favorite: repository.fork, tags: tags, note: repository.description).bytes)
        }
        #expect(String(decoding: jsonArray(repositories.map(\.jsonObject)), as: UTF8.self) == Self.encoded(repositories))
    }

    @Test func datesAreWrittenToTheSecondInUTC() {
        for seconds in [
            0, 0.999, -0.001, 951_782_400, 1_709_164_799.5, 4_102_444_800, -2_208_988_800.25, 253_402_300_799.9,
        ] {
            let date = Date(timeIntervalSince1970: seconds)
            var object = JSONObjectWriter()
            object.add("d", date)
            #expect(String(decoding: object.bytes, as: UTF8.self) == Self.encoded(["d": date]), "\(seconds)")
            var written: [UInt8] = []
            JSONBytes.date(date, &written)
            var alone = JSONObjectWriter()
            alone.add("d", date)
            #expect(Array(#"{"d":"#.utf8) + written + [UInt8(ascii: "}")] == alone.bytes, "\(seconds)")
        }
    }

    static func encoded<T: Encodable>(_ value: T) -> String {
        String(decoding: (try? JSONEncoder.gitHub().encode(value)) ?? Data(), as: UTF8.self)
    }
}
