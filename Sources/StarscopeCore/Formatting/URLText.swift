/// URLs as settings are shown: a user name or password written into one (`https://user:pass@host/`)
/// is never printed.
public enum URLText {
    /// `text` with the userinfo of its authority, if any, replaced by `***`.
    public static func hidingUserinfo(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let rest = text[scheme.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        // The last `@` of the authority ends the userinfo (a password may hold one of its own).
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return text }
        return String(text[..<scheme.upperBound]) + "***" + String(rest[at...])
    }
}
