import Foundation

/// GitHub's user search syntax, as much of it as Starscope uses: free-text terms (matched within
/// the login, and the name unless `in:login`), `type:user|org`, `followers:` and `in:`.
struct UserSearchQuery {
    var terms: [String] = []
    var type: String?
    var loginOnly = false
    var followersMin: Int?
    var followersMax: Int?

    init(parsing text: String) throws(SearchQuery.Invalid) {
        for token in SearchQuery.tokenize(text) {
            guard let colon = token.firstIndex(of: ":"), colon != token.startIndex else {
                terms.append(token.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
                continue
            }
            let key = token[..<colon].lowercased()
            let value = String(token[token.index(after: colon)...]).trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
            switch key {
            case "type":
                guard value == "user" || value == "org" else { throw SearchQuery.Invalid(field: "q", code: "invalid") }
                type = value
            case "in": loginOnly = value == "login"
            case "followers":
                guard let (low, high) = SearchQuery.numberRange(value) else { throw SearchQuery.Invalid(field: "q", code: "invalid") }
                followersMin = low
                followersMax = high
            default: terms.append(token.lowercased())
            }
        }
    }

    /// How well `account` matches, best first (an exact login, a login that starts with the
    /// text, one that holds it, a name that holds it); nil when it does not match.
    func rank(_ account: FakeAccount) -> Int? {
        switch type {
        case "user" where account.isOrganization, "org" where !account.isOrganization: return nil
        default: break
        }
        if let followersMin, account.followers < followersMin { return nil }
        if let followersMax, account.followers > followersMax { return nil }
        guard !terms.isEmpty else { return 3 }
        let login = account.login.lowercased()
        let name = loginOnly ? "" : (account.name ?? "").lowercased()
        var worst = 0
        for term in terms {
            let rank: Int
            if login == term {
                rank = 0
            } else if login.hasPrefix(term) {
                rank = 1
            } else if login.contains(term) {
                rank = 2
            } else if name.contains(term) {
                rank = 3
            } else {
                return nil
            }
            worst = max(worst, rank)
        }
        return worst
    }
}
