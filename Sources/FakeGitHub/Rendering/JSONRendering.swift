import Foundation
import StarscopeModels

/// Turns the fake's records into GitHub's JSON shapes, with URLs under the fake's own base URL.
struct JSONRendering {
    /// `http://127.0.0.1:PORT` or `http://127.0.0.1:PORT/api/v3`: what the client called.
    var apiBase: String
    /// Where avatars are served: the fake itself, so nothing reaches the internet.
    var avatarBase: String

    static let iso = Date.ISO8601FormatStyle()

    func date(_ date: Date) -> JSONValue { .string(Self.iso.format(date)) }

    func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    func number<T: BinaryInteger>(_ value: T) -> JSONValue { .number(Double(value)) }

    func avatarURL(_ account: FakeAccount) -> String {
        account.hasAvatar ? "\(avatarBase)/u/\(account.id)?v=4" : ""
    }

    func accountSummary(_ account: FakeAccount) -> JSONValue {
        let url = "\(apiBase)/users/\(account.login)"
        return .object([
            "login": .string(account.login),
            "id": number(account.id),
            "node_id": .string("MDQ6VXNlcj\(account.id)"),
            "avatar_url": .string(avatarURL(account)),
            "gravatar_id": .string(""),
            "url": .string(url),
            "html_url": .string("https://github.com/\(account.login)"),
            "repos_url": .string("\(url)/repos"),
            "events_url": .string("\(url)/events{/privacy}"),
            "type": .string(account.isOrganization ? "Organization" : "User"),
            "site_admin": .bool(false),
        ])
    }

    func profile(_ account: FakeAccount, publicRepos: Int) -> JSONValue {
        guard case .object(var members) = accountSummary(account) else { return .null }
        members["name"] = optional(account.name)
        members["company"] = optional(account.company)
        members["blog"] = optional(account.blog)
        members["location"] = optional(account.location)
        members["email"] = optional(account.email)
        members["bio"] = optional(account.bio)
        members["twitter_username"] = .null
        members["hireable"] = .null
        members["public_repos"] = number(publicRepos)
        members["public_gists"] = number(0)
        members["followers"] = number(account.followers)
        members["following"] = number(account.isOrganization ? 0 : account.following)
        members["created_at"] = date(account.createdAt)
        members["updated_at"] = date(account.createdAt)
        return .object(members)
    }

    func repository(_ repo: FakeRepository, owner: FakeAccount, score: Bool = false) -> JSONValue {
        let url = "\(apiBase)/repos/\(repo.fullName)"
        var members: [String: JSONValue] = [
            "id": number(repo.id),
            "node_id": .string("R_kgDO\(repo.id)"),
            "name": .string(repo.name),
            "full_name": .string(repo.fullName),
            "private": .bool(repo.isPrivate),
            "visibility": .string(repo.isPrivate ? "private" : "public"),
            "owner": accountSummary(owner),
            "html_url": .string("https://github.com/\(repo.fullName)"),
            "description": optional(repo.description),
            "fork": .bool(repo.fork),
            "url": .string(url),
            "forks_url": .string("\(url)/forks"),
            "stargazers_url": .string("\(url)/stargazers"),
            "created_at": date(repo.createdAt),
            "updated_at": date(repo.updatedAt),
            "pushed_at": date(repo.pushedAt),
            "git_url": .string("git://github.com/\(repo.fullName).git"),
            "clone_url": .string("https://github.com/\(repo.fullName).git"),
            "homepage": optional(repo.homepage),
            "size": number(repo.size),
            "stargazers_count": number(repo.stars),
            "watchers_count": number(repo.stars),
            "language": optional(repo.language),
            "has_issues": .bool(true),
            "forks_count": number(repo.forks),
            "archived": .bool(repo.archived),
            "disabled": .bool(false),
            "open_issues_count": number(repo.openIssues),
            "license": repo.license.map { license in
                .object([
                    "key": .string(license.key), "name": .string(license.name), "spdx_id": .string(license.spdx),
                    "url": .string("\(apiBase)/licenses/\(license.key)"), "node_id": .string("MDc6TGljZW5zZW1pdA=="),
                ])
            } ?? .null,
            "topics": .array(repo.topics.map(JSONValue.string)),
            "forks": number(repo.forks),
            "open_issues": number(repo.openIssues),
            "watchers": number(repo.stars),
            "default_branch": .string("main"),
        ]
        if score { members["score"] = .number(1) }
        return .object(members)
    }

    func event(_ event: FakeEvent) -> JSONValue {
        .object([
            "id": .string(String(event.id)),
            "type": .string(event.type),
            "actor": .object([
                "id": number(event.actor.id),
                "login": .string(event.actor.login),
                "display_login": .string(event.actor.login),
                "gravatar_id": .string(""),
                "url": .string("\(apiBase)/users/\(event.actor.login)"),
                "avatar_url": .string(avatarURL(event.actor)),
            ]),
            "repo": .object([
                "id": number(event.repo.id), "name": .string(event.repo.fullName),
                "url": .string("\(apiBase)/repos/\(event.repo.fullName)"),
            ]),
            "payload": .object(event.payload),
            "public": .bool(true),
            "created_at": date(event.createdAt),
        ])
    }

    static func encode(_ value: JSONValue) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)) ?? Data("null".utf8)
    }
}
