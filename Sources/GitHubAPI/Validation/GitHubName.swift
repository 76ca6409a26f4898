/// GitHub's rules for account and repository names, checked before a name goes into a URL or the store.
public enum GitHubName {
    /// Letters, digits and hyphens, not starting with one, at most 39 characters (`_` for Enterprise).
    public static func isValidLogin(_ login: String) -> Bool {
        var login = login
        return login.withUTF8 { bytes in
            // Every byte ASCII, so the characters are the bytes (read in place: a name is checked
            // each time a page names a repository, and counting characters would be most of it).
            (1...39).contains(bytes.count) && bytes[0] != UInt8(ascii: "-")
                && bytes.allSatisfy { isASCIIAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
        }
    }

    /// Letters, digits, `.`, `-` and `_`, at most 100 characters, and not `.` or `..`.
    public static func isValidRepositoryName(_ name: String) -> Bool {
        guard name != ".", name != ".." else { return false }
        var name = name
        return name.withUTF8 { bytes in
            (1...100).contains(bytes.count)
                && bytes.allSatisfy {
                    isASCIIAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
                }
        }
    }

    /// `OWNER/NAME` with both parts valid.
    public static func isValidFullName(_ fullName: String) -> Bool {
        let parts = fullName.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && isValidLogin(String(parts[0])) && isValidRepositoryName(String(parts[1]))
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
