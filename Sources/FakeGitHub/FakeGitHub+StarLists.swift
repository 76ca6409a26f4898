import Foundation

/// A star List as a test reads it: its repositories by full name.
public struct FakeStarListSnapshot: Sendable, Hashable {
    public var id: String
    public var name: String
    public var description: String?
    public var isPrivate: Bool
    public var repositories: [String]
}

/// Star Lists, changed as a person would on github.com (not counted as API requests), and what
/// the GraphQL API was asked to change.
extension FakeGitHub {
    /// `login`'s Lists, all of them, in the order they were made.
    public func starLists(of login: String) async -> [FakeStarListSnapshot] {
        await state.starListSnapshots(of: login)
    }

    /// Makes a List on github.com; its id, nil when the name is taken.
    @discardableResult
    public func createStarList(of login: String, name: String, description: String? = nil, isPrivate: Bool = false) async -> String? {
        await state.controlCreateList(of: login, name: name, description: description, isPrivate: isPrivate)
    }

    /// Puts a repository in the List called `list` on github.com (or takes it out); false when
    /// either does not exist.
    @discardableResult
    public func setInStarList(of login: String, list: String, repository fullName: String, present: Bool = true) async -> Bool {
        await state.controlSetInList(of: login, list: list, repository: fullName, present: present)
    }

    /// Deletes the List called `list` on github.com; false when there is none.
    @discardableResult
    public func deleteStarList(of login: String, list: String) async -> Bool {
        await state.controlDeleteList(of: login, list: list)
    }

    /// From now on `token` has only these OAuth scopes (GitHub's `X-OAuth-Scopes`); every token
    /// has `repo` and `user` until a test says otherwise.
    public func setScopes(_ scopes: [String], of token: String) async {
        await state.setScopes(scopes, of: token)
    }

    /// The root fields of every GraphQL mutation received, in order (refused ones too).
    public func graphQLMutations() async -> [String] {
        await state.listState.graphQLMutations
    }
}

extension FakeGitHubState {
    func starListSnapshots(of login: String) -> [FakeStarListSnapshot] {
        (listState.starLists[login.lowercased()] ?? []).map { list in
            FakeStarListSnapshot(
                id: list.id, name: list.name, description: list.description, isPrivate: list.isPrivate,
                repositories: list.items.map { current($0).fullName })
        }
    }

    func controlCreateList(of login: String, name: String, description: String?, isPrivate: Bool) -> String? {
        try? createList(for: login, name: name, description: description, isPrivate: isPrivate, now: Date()).id
    }

    func controlSetInList(of login: String, list name: String, repository fullName: String, present: Bool) -> Bool {
        guard case .here(let index)? = locate(fullName),
            let list = listState.starLists[login.lowercased()]?.first(where: { $0.name.lowercased() == name.lowercased() })
        else { return false }
        let holding = (listState.starLists[login.lowercased()] ?? []).filter { $0.items.contains(index) }.map(\.id)
        let wanted = present ? Array(Set(holding + [list.id])) : holding.filter { $0 != list.id }
        return (try? setLists(for: login, item: index, to: wanted, now: Date())) != nil
    }

    func controlDeleteList(of login: String, list name: String) -> Bool {
        guard let list = listState.starLists[login.lowercased()]?.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            return false
        }
        return (try? deleteList(for: login, id: list.id)) != nil
    }

    func setScopes(_ scopes: [String], of token: String) {
        accounts.tokenScopes[token] = scopes
    }
}
