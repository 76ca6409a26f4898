/// What a GitHub token may hold: printable ASCII (0x21…0x7E), no spaces and no control
/// characters. Every place a token enters Starscope checks it with this rule, so a pasted token
/// with a stray character is refused with a sentence instead of reaching a header, where it
/// could be echoed back in an error.
public enum GitHubToken {
    /// True when `token` is non-empty printable ASCII without spaces.
    public static func isWellFormed(_ token: String) -> Bool {
        !token.isEmpty && token.utf8.allSatisfy(isTokenByte)
    }

    /// The kinds of characters `token` holds that a token cannot ("a control character and a space"),
    /// never the characters themselves; nil when it holds none.
    public static func flaw(in token: String) -> String? {
        var kinds: [String] = []
        let scalars = token.unicodeScalars
        if scalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { kinds.append("a control character") }
        if scalars.contains(where: { $0 == " " }) { kinds.append("a space") }
        if scalars.contains(where: { $0.value > 0x7F }) { kinds.append("a non-ASCII character") }
        guard let last = kinds.popLast() else { return nil }
        return kinds.isEmpty ? last : kinds.joined(separator: ", ") + " and " + last
    }

    /// The one sentence that refuses a malformed token from `source` ("GH_TOKEN", "the token file"),
    /// without the token; nil when it is well formed.
    public static func refusal(_ token: String, from source: String) -> String? {
        if token.isEmpty { return "The token in \(source) is empty." }
        guard let flaw = flaw(in: token) else { return nil }
        return "The token in \(source) contains characters a GitHub token cannot have: \(flaw). Copy it again from GitHub."
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte)
    }
}
