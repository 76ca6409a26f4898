import Foundation

/// Private repositories, as GitHub keeps them: a private repository is seen only by its owner's
/// token (and by the logins it was shared with); everyone else gets `404 Not Found`, never `403`,
/// in search, `/repos/…` and every part of it, `/repositories/ID` and `/user/starred`.
/// `/users/LOGIN/repos` lists public repositories only, whoever asks.
extension FakeGitHubState {
    /// Makes a repository private, seen by its owner and by `sharedWith` (logins). False when it
    /// does not exist.
    func makePrivate(_ fullName: String, sharedWith: [String]) -> Bool {
        guard case .here(let index)? = locate(fullName) else { return false }
        changes.privateViewers[index] = Set(([current(index).ownerLogin] + sharedWith).map { $0.lowercased() })
        return true
    }

    /// Makes a repository public again.
    func makePublic(_ fullName: String) -> Bool {
        guard case .here(let index)? = locate(fullName) else { return false }
        changes.privateViewers[index] = nil
        return true
    }

    func isPrivate(_ index: Int) -> Bool { changes.privateViewers[index] != nil }

    /// Whether the token of `request` may see the repository at `index`.
    func canSee(_ index: Int, _ request: FakeRequest) -> Bool {
        guard let viewers = changes.privateViewers[index] else { return true }
        guard let login = request.token.flatMap({ accounts.tokens[$0] }) else { return false }
        // The owner as it is now (a transfer moves a private repository with its owner).
        return viewers.contains(login.lowercased()) || current(index).ownerLogin.lowercased() == login.lowercased()
    }

    /// The login a request's token belongs to (for the request log: never the token itself).
    func login(of request: FakeRequest) -> String? {
        request.token.flatMap { accounts.tokens[$0] }
    }
}
