import StarscopeModels

/// The audience rule: what a viewer may read of what GitHub and the store hold, in one place.
///
/// - The owner and a signed-in account see what GitHub shows the token they browse with,
///   private repositories included, and their own partition of the store (favourites, notes,
///   tags, updates, sessions, answers).
/// - A guest and everyone else see public repositories only, whatever the server's token may
///   see; their searches ask GitHub for public repositories only, so that no count, page or
///   qualifier tells them of a private one; they keep nothing of their own.
/// - A private repository is written only to the partition of the account whose token read it;
///   shared tables (snapshots, star samples, GitHub's star history) hold public ones only.
///
/// The store's implementations apply it to every read and write; Core, the web app and the
/// terminal ask it (these functions) and never test visibility themselves.
extension Viewer {
    /// Whether this viewer sees repositories that GitHub shows only to some accounts.
    var seesPrivate: Bool {
        switch self {
        case .owner, .account: true
        case .guest, .everyone: false
        }
    }

    /// Whether this viewer may see `repository`, which GitHub showed the token it browses with.
    public func mayRead(_ repository: Repository) -> Bool {
        seesPrivate || repository.isPublic
    }

    /// The repositories of a list this viewer may see, in their order.
    public func readable(_ repositories: [Repository]) -> [Repository] {
        seesPrivate ? repositories : repositories.filter(\.isPublic)
    }

    /// The repository search to ask GitHub for on this viewer's behalf: for those who see public
    /// repositories only, GitHub is asked for public ones, so its count and pages are theirs.
    public func repositorySearch(_ query: String) -> String {
        seesPrivate ? query : query + " is:public"
    }

    /// Whose partition GitHub's answers about private repositories go to when this viewer's
    /// requests read them: the account's own, else the server's (guests and everyone browse on
    /// the server's token, whose private repositories are the owner's).
    package var tokenHolder: String {
        accountKey?.rawValue ?? ""
    }

    /// Whether a repository may be written to the tables every viewer reads from.
    package static func mayShare(_ repository: Repository) -> Bool {
        repository.isPublic
    }
}
