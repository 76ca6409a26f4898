import Foundation
import StarscopeTestSupport
import Testing

@testable import StarscopeModels

/// The reader used for repositories in bulk must give what `JSONDecoder.gitHub()` gives, or give
/// up (and leave the body to `JSONDecoder`): never another value, never a body `JSONDecoder` refuses.
@Suite struct GitHubJSONReadingTests {
    /// What a body decodes to, in a form two decodings can be compared by.
    struct Outcome: Equatable, CustomStringConvertible {
        var total: Int
        var incomplete: Bool
        var items: [Repository]
        var skipped: Int

        init(_ results: SearchResults<Repository>) {
            total = results.totalCount
            incomplete = results.incompleteResults
            items = results.items
            skipped = results.skippedItems
        }

        var description: String { "\(total) \(incomplete) \(items.map(\.fullName)) skipped \(skipped)" }
    }

    static func standard(_ body: Data) -> Outcome? {
        (try? JSONDecoder.gitHub().decode(SearchResults<Repository>.self, from: body)).map(Outcome.init)
    }

    static func fast(_ body: Data) -> Outcome? {
        GitHubJSONReading.decode(SearchResults<Repository>.self, from: body).map(Outcome.init)
    }

    /// The reader agrees with `JSONDecoder` on `body`, or gives up; returns whether it read it.
    @discardableResult
    static func expectAgreement(_ body: Data, _ comment: @autoclosure () -> String = "") -> Bool {
        guard let fast = fast(body) else { return false }
        #expect(fast == standard(body), "\(comment()): \(String(decoding: body.prefix(300), as: UTF8.self))")
        return true
    }

    @Test func recordedSearchPagesAndRepositoriesAreReadAsJSONDecoderReadsThem() throws {
        var read = 0
        for name in try Recordings.fileNames() where name.hasPrefix("search-repositories") {
            let body = try Recordings.exchange(name).body
            #expect(Self.expectAgreement(body, name), "\(name) is GitHub's own form: the reader must not give up on it")
            read += 1
        }
        #expect(read >= 2)
        for name in try Recordings.fileNames() where name.hasPrefix("repo-") || name.hasPrefix("repos-") {
            let body = try Recordings.exchange(name).body
            if name.hasPrefix("repo-") {
                // A redirect's body is no repository: neither reads it.
                guard let standard = try? JSONDecoder.gitHub().decode(Repository.self, from: body) else {
                    #expect(GitHubJSONReading.decode(Repository.self, from: body) == nil, "\(name)")
                    continue
                }
                #expect(GitHubJSONReading.decode(Repository.self, from: body) == standard, "\(name)")
            } else {
                let fast = try #require(GitHubJSONReading.decode(LossyArray<Repository>.self, from: body), "\(name)")
                #expect(fast.elements == (try JSONDecoder.gitHub().decode(LossyArray<Repository>.self, from: body)).elements, "\(name)")
            }
        }
    }

    /// Hostile strings (escapes, controls, bidi, astral), absent and null fields, written by the
    /// repository's writer, with `/` as it is and escaped (as `JSONEncoder` writes it).
    @Test func hostileRepositoriesAreReadAsJSONDecoderReadsThem() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ09 \"\\/<>&'\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F}\u{7F}é😀\u{202E}עברית\u{FEFF}")
        func text() -> String {
            String((0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
        }
        func date() -> Date { Date(timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &generator))) }
        var repositories: [Repository] = []
        for index in 0..<200 {
            let owner = Account(
                id: Int64.random(in: 1...999_999_999_999, using: &generator), login: text(), avatarURL: index % 3 == 0 ? nil : text(),
                htmlURL: index % 5 == 0 ? nil : text(), kind: [.user, .organization, .bot][index % 3])
            repositories.append(
                Repository(
                    id: Int64.random(in: 1...999_999_999_999, using: &generator), name: text(), fullName: text(), owner: owner,
                    description: index % 4 == 0 ? nil : text(), htmlURL: text(), fork: index % 2 == 0, createdAt: date(),
                    updatedAt: index % 6 == 0 ? nil : date(), pushedAt: index % 7 == 0 ? nil : date(),
                    homepage: index % 3 == 1 ? nil : text(), stargazersCount: Int.random(in: 0...500_000, using: &generator),
                    watchersCount: index, forksCount: index * 3, openIssuesCount: Count.maximum - index,
                    language: index % 2 == 1 ? nil : text(), topics: (0..<index % 4).map { _ in text() },
                    license: index % 3 == 2 ? nil : License(key: text(), name: text(), spdxID: index % 2 == 0 ? nil : text()),
                    archived: index % 9 == 0, defaultBranch: index % 8 == 0 ? nil : text(), isPrivate: index % 10 == 3,
                    visibility: index % 5 == 1 ? nil : ["public", "private", "internal"][index % 3]))
        }
        var written = Array(#"{"total_count":200,"incomplete_results":false,"items":"#.utf8)
        written += jsonArray(repositories) { $0.writeJSON(to: &$1) }
        written += Array("}".utf8)
        #expect(Self.expectAgreement(Data(written), "writeJSON"))
        // Outside strings the writer writes no `/`: escaping every one escapes them in strings only.
        let escaped = String(decoding: written, as: UTF8.self).replacingOccurrences(of: "/", with: "\\/")
        #expect(Self.expectAgreement(Data(escaped.utf8), "escaped"))
        // Read by the reader itself, every one (an empty avatar is read as none, as by `JSONDecoder`).
        #expect(Self.fast(Data(written))?.items.map(\.id) == repositories.map(\.id))
    }

    /// Forms the reader leaves to `JSONDecoder`, and forms it reads: either way the same values.
    @Test func oddFormsAreReadAsJSONDecoderReadsThemOrLeftToIt() throws {
        let owner = #"{"login":"o","id":1}"#
        func page(_ item: String) -> Data { Data(#"{"total_count":1,"items":[\#(item)]}"#.utf8) }
        func item(_ fields: String) -> String {
            #"{"id":7,"name":"n","full_name":"o/n","owner":\#(owner),"html_url":"u","created_at":"2020-02-29T23:59:59Z""# + fields + "}"
        }
        let bodies = [
            item(""), item(#","private":null"#), item(#","private":"yes""#), item(#","visibility":7"#),
            item(#","stargazers_count":1.5"#), item(#","stargazers_count":-3"#), item(#","stargazers_count":1e30"#),
            item(#","stargazers_count":99999999999999999999"#), item(#","forks_count":null,"watchers_count":null"#),
            item(#","name":"twice""#), item(#","extra":1,"extra":2"#), item(#","n\u0061me":"escaped key""#),
            item(#","updated_at":"2020-02-29T23:59:59.5Z""#), item(#","updated_at":"2020-02-29T23:59:59+01:00""#),
            item(#","updated_at":"2021-02-29T00:00:00Z""#), item(#","updated_at":null,"pushed_at":"1969-12-31T23:59:59Z""#),
            item(#","topics":null"#), item(#","topics":["a",null]"#), item(#","license":{"key":"mit","name":"MIT","spdx_id":null}"#),
            item(#","license":{"key":"mit"}"#), item(#","license":null"#), item(#","description":"\ud83d\ude00 \u00e9 \/ \u0000""#),
            item(#","description":"\ud83d lone""#), item(#","description":"\udc00""#), item(#","homepage":"""#),
            item(#","owner":{"login":"o","id":1,"type":"Robot","avatar_url":""}"#), item(#","owner":{"login":"o","id":1,"type":null}"#),
            item(#","id":"7""#), item(#","id":7.0"#), item(#","id":-0"#), item(#","fork":"true""#), item(#","archived":null"#),
            item(#","x":[1,2,{"a":[true,false,null]}],"y":-0.5e-3,"z":"\t""#), item(#","x":01"#), item(#","x":1."#), item(#","x":.5"#),
            item(#","x":tru"#), item(#","x":"\x""#), item(#","x":"a"#), #"{"id":7}"#, "[]", "null", item("") + ",",
            // Before the calendar reform of 1582 Foundation counts Julian days (found by fuzzing).
            item(#","created_at":"1004-07-29T16:58:51Z""#), item(#","pushed_at":"1582-10-15T00:00:00Z""#),
            item(#","pushed_at":"1583-01-01T00:00:00Z""#), item(#","pushed_at":"0001-01-01T00:00:00Z""#),
        ]
        for body in bodies {
            Self.expectAgreement(page(body), body)
        }
        // Envelopes: an empty page, a missing count, a page with trailing text, a raw control
        // character and invalid UTF-8 in a string, a byte-order mark.
        let envelopes = [
            #"{"total_count":0,"incomplete_results":false,"items":[]}"#, #"{"items":[]}"#, #"{"total_count":0,"items":[]} x"#,
            "{\"total_count\":0,\"items\":[],\"x\":\"\u{1}\"}", "\u{FEFF}{\"total_count\":0,\"items\":[]}",
            #"{"total_count":0,"items":[],"incomplete_results":null}"#, #" {"total_count" : 5 , "items" : [ ] } "#,
        ]
        for envelope in envelopes {
            Self.expectAgreement(Data(envelope.utf8), envelope)
        }
        var invalid = Data(#"{"total_count":0,"items":[],"x":""#.utf8)
        invalid.append(contentsOf: [0xC3, 0x28, 0x22, 0x7D])
        #expect(Self.fast(invalid) == nil)
        // The forms GitHub sends are read, not left to JSONDecoder.
        #expect(Self.fast(page(item(#","private":false,"visibility":"public","topics":["a"],"license":null"#))) != nil)
        #expect(Self.fast(page(item(#","description":"\u00e9\n\"q\"""#)))?.items.first?.description == "é\n\"q\"")
    }

    /// The headers the store keeps with each answer (a JSON object of strings).
    @Test func storedHeadersAreReadAsJSONDecoderReadsThem() throws {
        let headers = ["etag": "W/\"x\"", "link": "<https://api.github.com/search?page=2>; rel=\"next\"", "é": "ü\u{1}", "": ""]
        #expect(GitHubJSONReading.decode([String: String].self, from: try JSONEncoder().encode(headers)) == headers)
        let odd = [#"{"a":"1","a":"2"}"#, #"{"a":1}"#, #"{"a":null}"#, "[]", "{}", #"{"\u0061":"b"}"#, #"{"a":"b"} {"#]
        for text in odd {
            let data = Data(text.utf8)
            if let fast = GitHubJSONReading.decode([String: String].self, from: data) {
                #expect(fast == (try? JSONDecoder().decode([String: String].self, from: data)), "\(text)")
            }
        }
    }

    /// Bodies cut short or with a byte changed: the reader agrees with `JSONDecoder` or gives up.
    @Test func damagedBodiesAreNeverReadDifferently() throws {
        let body = try Recordings.exchange("search-repositories-page1.json").body
        var generator = SystemRandomNumberGenerator()
        for length in stride(from: 0, to: body.count, by: max(1, body.count / 400)) {
            #expect(Self.fast(body.prefix(length)) == nil, "cut at \(length)")
        }
        let replacements = Array(#"{}[]",:0-9eE.tfn\ "#.utf8) + [0x00, 0x80, 0xFF]
        for _ in 0..<2_000 {
            var damaged = body
            let position = Int.random(in: 0..<damaged.count, using: &generator)
            damaged[damaged.startIndex + position] = replacements.randomElement(using: &generator) ?? 0
            Self.expectAgreement(damaged, "byte \(position)")
        }
    }
}
