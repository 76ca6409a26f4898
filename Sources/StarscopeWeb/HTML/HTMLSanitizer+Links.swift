import Foundation

/// Where a README's links and images point, resolved as GitHub does.
///
/// GitHub's rendering (`application/vnd.github.html`, the same HTML github.com shows) names the
/// repository's own files site-relative to `https://github.com/`: `/OWNER/NAME/blob/BRANCH/PATH`
/// for a link, `/OWNER/NAME/raw/BRANCH/PATH` for an image (github.com redirects that to
/// `raw.githubusercontent.com`). Paths without a leading slash (the raw Markdown's, other
/// renderers') are the README's neighbours: they resolve against the README's own folder on the
/// default branch.
extension HTMLSanitizer {
    /// GitHub's site, against which `/…` resolves.
    static let site = URL(string: "https://github.com/") ?? URL(fileURLWithPath: "/")

    /// The folder of the README at `path` (such as `docs/` for `docs/README.md`, nothing at the
    /// root), each segment escaped; `.`, `..` and empty segments are left out, so that the
    /// folder stays inside the repository whatever the path says.
    static func folder(of path: String) -> String {
        let segments = path.split(separator: "/").dropLast().map(String.init).filter { $0 != "." && $0 != ".." }
        return segments.map { ($0.addingPercentEncoding(withAllowedCharacters: pathCharacters) ?? "") + "/" }.joined()
    }

    /// The README's path as GitHub's rendering names it (`data-path` on its outer
    /// `<div id="readme">`), or nil when the HTML does not start that way.
    public static func readmePath(in html: String) -> String? {
        var tokenizer = Tokenizer(String(html.prefix(1_024)))
        while let token = tokenizer.next() {
            switch token {
            case .text(let text) where text.allSatisfy(\.isWhitespace): continue
            case .start("div", let attributes, _):
                guard attributes.contains(where: { $0.name == "id" && $0.value == "readme" }),
                    let path = attributes.first(where: { $0.name == "data-path" })?.value, !path.isEmpty, path.count <= 1_024
                else { return nil }
                return path
            default: return nil
            }
        }
        return nil
    }

    /// A link's relative reference: `//host/x` as HTTPS, `/x` on github.com, anything else from
    /// the README's folder on the default branch (`linkBase`).
    func resolveLink(_ reference: String) -> URL? {
        if reference.hasPrefix("//") { return URL(string: "https:" + reference) }
        return resolve(reference, against: reference.hasPrefix("/") ? Self.site : linkBase)
    }

    /// An image's relative reference: `//host/x` as HTTPS, `/x` on github.com, anything else
    /// from the README's folder among the raw files (`imageBase`); a file of a repository on
    /// github.com then becomes its raw file (`rawFile(_:)`).
    func resolveImage(_ reference: String) -> URL? {
        if reference.hasPrefix("//") { return URL(string: "https:" + reference).map(Self.rawFile) }
        guard reference.hasPrefix("/") else { return resolve(reference, against: imageBase) }
        return resolve(reference, against: Self.site).map(Self.rawFile)
    }

    /// `https://github.com/OWNER/NAME/raw/REF/PATH` or `…/blob/REF/PATH` as the file itself,
    /// `https://raw.githubusercontent.com/OWNER/NAME/REF/PATH` (where github.com would redirect
    /// the one and show a page for the other); any other URL as it is.
    static func rawFile(_ url: URL) -> URL {
        guard url.scheme?.lowercased() == "https", url.host?.lowercased() == "github.com",
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return url }
        // OWNER, NAME, raw or blob, REF, then the file's path.
        let parts = Array(components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
        guard parts.count >= 5, parts[2] == "raw" || parts[2] == "blob", !parts[0].isEmpty, !parts[1].isEmpty, !parts[3].isEmpty,
            parts.last?.isEmpty == false
        else { return url }
        let (owner, name, rest) = (parts[0], parts[1], parts[3...].joined(separator: "/"))
        return URL(string: "https://raw.githubusercontent.com/\(owner)/\(name)/\(rest)") ?? url
    }

    /// `reference` against `base`, escaped as a browser would (spaces, non-ASCII), refused
    /// unless it stays on `base`'s HTTPS host.
    func resolve(_ reference: String, against base: URL) -> URL? {
        let encoded = reference.addingPercentEncoding(withAllowedCharacters: Self.referenceCharacters) ?? reference
        guard let url = URL(string: encoded, relativeTo: base)?.absoluteURL, url.scheme == "https", url.host == base.host else {
            return nil
        }
        return url
    }

    static let referenceCharacters = CharacterSet.urlPathAllowed.union(CharacterSet(charactersIn: "?#=&%"))
}
