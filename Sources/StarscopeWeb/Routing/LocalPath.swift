/// A redirect target that stays on this site: a path starting with one `/`, of printable ASCII
/// with no spaces or backslashes (browsers drop tabs and newlines, so `/<TAB>/evil.com` would
/// become `//evil.com`).
enum LocalPath {
    static func safe(_ path: String?) -> String? {
        guard let path, path.utf8.count <= 2_048, path.hasPrefix("/"), !path.hasPrefix("//"),
            path.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") })
        else { return nil }
        return path
    }
}
