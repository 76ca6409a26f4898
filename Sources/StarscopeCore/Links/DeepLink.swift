import Foundation

/// A link that opens a repository in Starscope: `starscope://repo/OWNER/NAME`,
/// `https://github.com/OWNER/NAME` (any further path is ignored) or plain `OWNER/NAME`; or an
/// account: `https://github.com/LOGIN` or `https://github.com/orgs/LOGIN`.
public enum DeepLink {
    /// What a link opens.
    public enum Target: Hashable, Sendable {
        case repository(RepositoryName)
        case account(String)
    }

    /// github.com's own pages, which are not accounts (`https://github.com/settings`).
    static let reservedPaths: Set<String> = [
        "about", "apps", "collections", "contact", "customer-stories", "dashboard", "enterprise", "events", "explore", "features",
        "issues", "login", "logout", "marketplace", "new", "notifications", "organizations", "orgs", "pricing", "pulls", "search",
        "security", "settings", "signup", "site", "sponsors", "stars", "topics", "trending", "users",
    ]

    /// The repository or account `link` points to.
    public static func target(from link: String) throws(StarscopeError) -> Target {
        let text = link.trimmingCharacters(in: .whitespacesAndNewlines)
        let lowered = text.lowercased()
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
            if let components = URLComponents(string: text), let host = components.host?.lowercased(),
                host == "github.com" || host == "www.github.com", components.port == nil, components.user == nil
            {
                let parts = Self.pathParts(Substring(components.path))
                if parts.count == 1, !reservedPaths.contains(parts[0].lowercased()), RepositoryName.isValidLogin(parts[0]) {
                    return .account(parts[0])
                }
                if parts.count == 2, parts[0].lowercased() == "orgs", RepositoryName.isValidLogin(parts[1]) { return .account(parts[1]) }
            }
        }
        return .repository(try repository(from: link))
    }

    public static func repository(from link: String) throws(StarscopeError) -> RepositoryName {
        let text = link.trimmingCharacters(in: .whitespacesAndNewlines)
        let lowered = text.lowercased()
        if lowered.hasPrefix("starscope://") {
            let rest = text.dropFirst("starscope://".count)
            let parts = Self.pathParts(rest)
            guard parts.count == 3, parts[0].lowercased() == "repo" else { throw unsupported(link) }
            return try RepositoryName(owner: parts[1], name: parts[2])
        }
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://") {
            guard let components = URLComponents(string: text), let host = components.host?.lowercased(),
                host == "github.com" || host == "www.github.com", components.port == nil, components.user == nil
            else { throw unsupported(link) }
            let parts = Self.pathParts(Substring(components.path))
            guard parts.count >= 2 else { throw unsupported(link) }
            var name = parts[1]
            if name.hasSuffix(".git") { name.removeLast(4) }
            return try RepositoryName(owner: parts[0], name: name)
        }
        guard !text.contains(":"), text.split(separator: "/", omittingEmptySubsequences: false).count == 2 else {
            throw unsupported(link)
        }
        return try RepositoryName(parsing: text)
    }

    static func pathParts(_ path: Substring) -> [String] {
        let withoutQuery = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? path
        let withoutFragment = withoutQuery.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? withoutQuery
        return withoutFragment.split(separator: "/").map(String.init)
    }

    static func unsupported(_ link: String) -> StarscopeError {
        let shown = link.count > 200 ? String(link.prefix(200)) + "…" : link
        return .invalidInput(
            "\"\(shown)\" is not a link Starscope can open: use https://github.com/OWNER/NAME, https://github.com/LOGIN, starscope://repo/OWNER/NAME or OWNER/NAME."
        )
    }
}
