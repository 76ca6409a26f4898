import Foundation

/// A GitHub URL as the debug log shows it: the path's shape with the names taken out
/// (`/repos/{owner}/{name}/releases`, `/users/{login}`), and every query value but a page's
/// replaced, so that a log kept at `debug` names no repository, account or search, private ones
/// included. At `trace` the whole URL is logged.
enum LoggedURL {
    /// The segments after each of these that name something, and what they are called.
    private static let named: [String: [String]] = [
        "repos": ["{owner}", "{name}"], "users": ["{login}"], "orgs": ["{org}"], "user": [], "gists": ["{gist}"],
    ]

    /// The query parameters whose values are kept (numbers that name nothing).
    private static let plain: Set<String> = ["page", "per_page", "since", "sort", "order", "direction"]

    static func shape(_ url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "(a GitHub URL)" }
        var segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < segments.count {
            if let names = named[segments[index]] {
                for (offset, placeholder) in names.enumerated() where index + 1 + offset < segments.count {
                    segments[index + 1 + offset] = placeholder
                }
                index += 1 + names.count
            } else {
                index += 1
            }
        }
        // Written out by hand: URLComponents would not take the placeholders' braces.
        var text = (components.scheme ?? "https") + "://" + (components.percentEncodedHost ?? "")
        if let port = components.port { text += ":\(port)" }
        text += segments.joined(separator: "/")
        if let items = components.percentEncodedQueryItems, !items.isEmpty {
            text +=
                "?"
                + items.map { item in
                    item.name + (item.value.map { "=" + (plain.contains(item.name) ? $0 : "…") } ?? "")
                }.joined(separator: "&")
        }
        return text
    }
}
