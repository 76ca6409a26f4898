/// GitHub's rules for account and repository names, checked before a name goes into a URL or the store.
public enum GitHubName {
    /// Letters, digits and hyphens, not starting with one, at most 39 characters (`_` for Enterprise).
    public static func isValidLogin(_ login: String) -> Bool {
        guard (1...39).contains(login.count), !login.hasPrefix("-") else { return false }
        return login.unicodeScalars.allSatisfy { isASCIIAlphanumeric($0) || $0 == "-" || $0 == "_" }
    }

    /// Letters, digits, `.`, `-` and `_`, at most 100 characters, and not `.` or `..`.
    public static func isValidRepositoryName(_ name: String) -> Bool {
        guard (1...100).contains(name.count), name != ".", name != ".." else { return false }
        return name.unicodeScalars.allSatisfy { isASCIIAlphanumeric($0) || $0 == "-" || $0 == "_" || $0 == "." }
    }

    /// `OWNER/NAME` with both parts valid.
    public static func isValidFullName(_ fullName: String) -> Bool {
        let parts = fullName.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && isValidLogin(String(parts[0])) && isValidRepositoryName(String(parts[1]))
    }

    static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
