import Foundation

/// Reads the bodies read in bulk — a search page of repositories, a list of repositories, one
/// repository, and the headers the store keeps with each answer (an object of strings) — with
/// `JSONReader` instead of `JSONDecoder`, giving the very values `JSONDecoder.gitHub()` gives;
/// nil for any other type, and whenever the reader gives up (the caller then decodes with
/// `JSONDecoder`, so odd answers are read, skipped or refused exactly as it alone would).
public enum GitHubJSONReading {
    public static func decode<T>(_ type: T.Type, from body: Data) -> T? {
        if type == SearchResults<Repository>.self {
            return read(body) { reader throws(JSONReader.GiveUp) in try reader.searchResults() } as? T
        }
        if type == LossyArray<Repository>.self {
            return read(body) { reader throws(JSONReader.GiveUp) in LossyArray(elements: try reader.repositories()) } as? T
        }
        if type == Repository.self {
            return read(body) { reader throws(JSONReader.GiveUp) in try reader.repository() } as? T
        }
        if type == [String: String].self {
            return read(body) { reader throws(JSONReader.GiveUp) in try reader.strings() } as? T
        }
        return nil
    }

    static func read<T>(_ body: Data, _ value: (inout JSONReader) throws(JSONReader.GiveUp) -> T) -> T? {
        body.withUnsafeBytes { raw -> T? in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
            do {
                let result = try value(&reader)
                try reader.expectEnd()
                return result
            } catch {
                return nil
            }
        }
    }
}

/// Which fields an object has given, so that a repeated one gives up.
private struct SeenFields {
    private var bits: UInt64 = 0

    mutating func mark(_ field: Int) throws(JSONReader.GiveUp) {
        let bit: UInt64 = 1 << UInt64(field)
        guard bits & bit == 0 else { throw JSONReader.GiveUp() }
        bits |= bit
    }
}

extension JSONReader {
    /// `{"total_count", "incomplete_results", "items"}`, as `SearchResults<Repository>` reads it.
    mutating func searchResults() throws(GiveUp) -> SearchResults<Repository> {
        var seen = SeenFields()
        var total: Int?
        var incomplete: Bool?
        var items: [Repository]?
        try readObject { reader, key throws(GiveUp) in
            if key == "total_count" {
                try seen.mark(0)
                total = try reader.readCount()
            } else if key == "incomplete_results" {
                try seen.mark(1)
                incomplete = try reader.readNullIfPresent() ? nil : try reader.readBool()
            } else if key == "items" {
                try seen.mark(2)
                items = try reader.repositories()
            } else {
                try reader.skipValue()
            }
        }
        guard let total, let items else { throw GiveUp() }
        return SearchResults(totalCount: total, incompleteResults: incomplete ?? false, items: items)
    }

    /// An array of repositories, every one readable (one that is not gives up: `LossyArray`'s
    /// skipping is `JSONDecoder`'s to do).
    mutating func repositories() throws(GiveUp) -> [Repository] {
        var repositories: [Repository] = []
        try readArray { reader throws(GiveUp) in repositories.append(try reader.repository()) }
        return repositories
    }

    /// A repository, by the rules of `Repository.init(from:)`.
    mutating func repository() throws(GiveUp) -> Repository {
        var seen = SeenFields()
        var id: Int64?
        var name: String?
        var fullName: String?
        var owner: Account?
        var description: String?
        var htmlURL: String?
        var fork: Bool?
        var createdAt: Date?
        var updatedAt: Date?
        var pushedAt: Date?
        var homepage: String?
        var stargazers: Int?
        var watchers: Int?
        var forks: Int?
        var openIssues: Int?
        var language: String?
        var topics: [String]?
        var license: License?
        var archived: Bool?
        var defaultBranch: String?
        var isPrivate = false
        var visibility: String?
        try readObject { reader, key throws(GiveUp) in
            switch key.count {
            case 2 where key == "id":
                try seen.mark(0)
                id = try reader.readInt64()
            case 4 where key == "name":
                try seen.mark(1)
                name = try reader.readString()
            case 9 where key == "full_name":
                try seen.mark(2)
                fullName = try reader.readString()
            case 5 where key == "owner":
                try seen.mark(3)
                owner = try reader.account()
            case 11 where key == "description":
                try seen.mark(4)
                description = try reader.optionalString()
            case 8 where key == "html_url":
                try seen.mark(5)
                htmlURL = try reader.readString()
            case 4 where key == "fork":
                try seen.mark(6)
                fork = try reader.readNullIfPresent() ? nil : try reader.readBool()
            case 10 where key == "created_at":
                try seen.mark(7)
                createdAt = try reader.readDate()
            case 10 where key == "updated_at":
                try seen.mark(8)
                updatedAt = try reader.readNullIfPresent() ? nil : try reader.readDate()
            case 9 where key == "pushed_at":
                try seen.mark(9)
                pushedAt = try reader.readNullIfPresent() ? nil : try reader.readDate()
            case 8 where key == "homepage":
                try seen.mark(10)
                homepage = try reader.optionalString()
            case 16 where key == "stargazers_count":
                try seen.mark(11)
                stargazers = try reader.readCount()
            case 14 where key == "watchers_count":
                try seen.mark(12)
                watchers = try reader.readCount()
            case 11 where key == "forks_count":
                try seen.mark(13)
                forks = try reader.readCount()
            case 17 where key == "open_issues_count":
                try seen.mark(14)
                openIssues = try reader.readCount()
            case 8 where key == "language":
                try seen.mark(15)
                language = try reader.optionalString()
            case 6 where key == "topics":
                try seen.mark(16)
                topics = try reader.optionalStrings()
            case 7 where key == "license":
                try seen.mark(17)
                license = try reader.readNullIfPresent() ? nil : try reader.license()
            case 8 where key == "archived":
                try seen.mark(18)
                archived = try reader.readNullIfPresent() ? nil : try reader.readBool()
            case 14 where key == "default_branch":
                try seen.mark(19)
                defaultBranch = try reader.optionalString()
            case 7 where key == "private":
                try seen.mark(20)
                // `null` is read as private, as `Repository.init(from:)` does; another type gives up.
                isPrivate = try reader.readNullIfPresent() ? true : try reader.readBool()
            case 10 where key == "visibility":
                try seen.mark(21)
                visibility = try reader.optionalString()
            default:
                try reader.skipValue()
            }
        }
        guard let id, let name, let fullName, let owner, let htmlURL, let createdAt else { throw GiveUp() }
        let stars = stargazers ?? 0
        return Repository(
            id: id, name: name, fullName: fullName, owner: owner, description: description, htmlURL: htmlURL, fork: fork ?? false,
            createdAt: createdAt, updatedAt: updatedAt, pushedAt: pushedAt, homepage: homepage, stargazersCount: stars,
            watchersCount: watchers ?? stars, forksCount: forks ?? 0, openIssuesCount: openIssues ?? 0, language: language,
            topics: topics ?? [], license: license, archived: archived ?? false, defaultBranch: defaultBranch, isPrivate: isPrivate,
            visibility: visibility)
    }

    /// An account, by the rules of `Account.init(from:)`.
    mutating func account() throws(GiveUp) -> Account {
        var seen = SeenFields()
        var id: Int64?
        var login: String?
        var avatarURL: String?
        var htmlURL: String?
        var kind: AccountKind?
        try readObject { reader, key throws(GiveUp) in
            if key == "id" {
                try seen.mark(0)
                id = try reader.readInt64()
            } else if key == "login" {
                try seen.mark(1)
                login = try reader.readString()
            } else if key == "avatar_url" {
                try seen.mark(2)
                avatarURL = try reader.optionalString().flatMap { $0.isEmpty ? nil : $0 }
            } else if key == "html_url" {
                try seen.mark(3)
                htmlURL = try reader.optionalString()
            } else if key == "type" {
                try seen.mark(4)
                kind = try reader.optionalString().map { AccountKind(rawValue: $0) ?? .user }
            } else {
                try reader.skipValue()
            }
        }
        guard let id, let login else { throw GiveUp() }
        return Account(id: id, login: login, avatarURL: avatarURL, htmlURL: htmlURL, kind: kind ?? .user)
    }

    /// A licence: `key` and `name` required, `spdx_id` optional.
    mutating func license() throws(GiveUp) -> License {
        var seen = SeenFields()
        var key: String?
        var name: String?
        var spdxID: String?
        try readObject { reader, field throws(GiveUp) in
            if field == "key" {
                try seen.mark(0)
                key = try reader.readString()
            } else if field == "name" {
                try seen.mark(1)
                name = try reader.readString()
            } else if field == "spdx_id" {
                try seen.mark(2)
                spdxID = try reader.optionalString()
            } else {
                try reader.skipValue()
            }
        }
        guard let key, let name else { throw GiveUp() }
        return License(key: key, name: name, spdxID: spdxID)
    }

    /// An object of strings (a repeated name gives up).
    mutating func strings() throws(GiveUp) -> [String: String] {
        var strings: [String: String] = [:]
        try readObject { reader, key throws(GiveUp) in
            guard strings.updateValue(try reader.readString(), forKey: key.text) == nil else { throw GiveUp() }
        }
        return strings
    }

    /// A string or `null`.
    mutating func optionalString() throws(GiveUp) -> String? {
        try readNullIfPresent() ? nil : try readString()
    }

    /// An array of strings or `null`.
    mutating func optionalStrings() throws(GiveUp) -> [String]? {
        if try readNullIfPresent() { return nil }
        var strings: [String] = []
        try readArray { reader throws(GiveUp) in strings.append(try reader.readString()) }
        return strings
    }

    /// A count (`decodeCount`): a whole number held to `0...Count.maximum`, or `null`; a fraction
    /// or a number beyond 18 digits gives up (`JSONDecoder` reads those as a `Double`).
    mutating func readCount() throws(GiveUp) -> Int? {
        try readNullIfPresent() ? nil : Count.clamped(Int(try readInt64()))
    }
}
