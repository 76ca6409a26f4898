import Foundation
import GitHubAPI

/// What a kept answer stood in for, in the words a person reads in the stand-in banner:
/// "octocat/Hello-World's README", "search results", "octocat's repositories".
public enum StaleSubject {
    /// At most this many subjects are named; the rest are counted.
    public static let named = 3

    /// The subject of one request to GitHub's REST API.
    public static func of(_ request: GitHubRequest) -> String {
        switch request.target {
        case .path(let path, _): of(path: path)
        case .url(let url): of(path: url.path)
        }
    }

    /// The subject of a path of GitHub's REST API; "GitHub's answers" for a path it does not know.
    public static func of(path: String) -> String {
        let parts = path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        let subject: String? =
            switch parts.first {
            case "search": parts.count > 1 && parts[1] == "users" ? "people found" : "search results"
            case "repos" where parts.count >= 3: repository(parts[1] + "/" + parts[2], parts.dropFirst(3).first)
            case "users", "orgs": parts.count >= 2 ? account(parts[1], parts.dropFirst(2).first) : nil
            case "user": parts.count >= 2 && parts[1] == "starred" ? "your GitHub stars" : "your account"
            case "graphql": "your GitHub Lists"
            default: nil
            }
        guard let subject else { return "GitHub's answers" }
        return subject.count > 160 ? String(subject.prefix(159)) + "…" : subject
    }

    /// "a, b and c", or "a, b, c and 2 more" past `named`.
    public static func list(_ subjects: [String]) -> String {
        let shown = subjects.prefix(named)
        let rest = subjects.count - shown.count
        var items = Array(shown)
        if rest > 0 { items.append("\(rest) more") }
        guard let last = items.popLast() else { return "" }
        return items.isEmpty ? last : items.joined(separator: ", ") + " and " + last
    }

    private static func repository(_ name: String, _ part: String?) -> String {
        switch part {
        case nil: name
        case "readme": name + "'s README"
        case "stargazers": name + "'s star history"
        case "contributors": name + "'s contributors"
        case "releases": name + "'s releases"
        case "languages": name + "'s languages"
        case "events": name + "'s activity"
        default: name
        }
    }

    private static func account(_ login: String, _ part: String?) -> String {
        switch part {
        case nil: login + "'s profile"
        case "repos": login + "'s repositories"
        case "events", "received_events": login + "'s activity"
        case "starred": login + "'s stars"
        case "followers", "following": login + "'s " + (part ?? "")
        default: login + "'s profile"
        }
    }
}
