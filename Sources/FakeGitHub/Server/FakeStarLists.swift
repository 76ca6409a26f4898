import Foundation

/// One of GitHub's star Lists, as the fake keeps it.
public struct FakeStarList: Sendable, Hashable {
    public var id: String
    public var name: String
    public var description: String?
    public var isPrivate: Bool
    public var createdAt: Date
    public var updatedAt: Date
    public var lastAddedAt: Date?
    /// Repository positions in the dataset, in the order they were added.
    public var items: [Int]

    /// GitHub's slug: the name in lower case, runs of anything but letters and digits made `-`.
    public var slug: String {
        let parts = name.lowercased().unicodeScalars.split { !CharacterSet.alphanumerics.contains($0) }
        return parts.map { String(String.UnicodeScalarView($0)) }.joined(separator: "-")
    }
}

/// A GraphQL failure as GitHub reports it: a `type` beside the message.
struct FakeGraphQLFailure: Error, Sendable {
    var type: String
    var message: String
}

extension FakeGitHubState {
    /// The Lists seeded for a dataset: octocat has three (one private, one described with a hostile
    /// string), groue one public and one private.
    static func seededLists(_ dataset: FakeDataset) -> [String: [FakeStarList]] {
        let day = Date(timeIntervalSince1970: 1_750_000_000)
        let count = dataset.repositories.count
        guard count >= 8 else { return [:] }
        func list(_ number: Int, _ name: String, _ description: String?, isPrivate: Bool, _ items: [Int]) -> FakeStarList {
            let at = day + Double(number) * 86_400
            return FakeStarList(
                id: "UL_kwDOFAKE\(number)", name: name, description: description, isPrivate: isPrivate, createdAt: at, updatedAt: at,
                lastAddedAt: items.isEmpty ? nil : at, items: items)
        }
        return [
            "octocat": [
                list(1, "Tools", "Things for the terminal", isPrivate: false, [0, 1, 2]),
                list(2, "Reading later", nil, isPrivate: true, [3, 4]),
                list(3, "Odd one", HostileStrings.all.first, isPrivate: false, [5]),
            ],
            "groue": [
                list(4, "Databases", "SQLite and friends", isPrivate: false, [6]),
                list(5, "Secret", "Not for you", isPrivate: true, [7]),
            ],
        ]
    }

    /// `login`'s Lists as `viewer` may see them: all of them to their owner, the public ones to
    /// anyone else; each without the repositories `viewer` may not see.
    func lists(of login: String, seenBy viewer: String) -> [FakeStarList] {
        let own = login.lowercased() == viewer.lowercased()
        return (listState.starLists[login.lowercased()] ?? []).filter { own || !$0.isPrivate }.map { list in
            var shown = list
            shown.items = list.items.filter { canSee($0, login: viewer) }
            return shown
        }
    }

    /// Whether `login` may see the repository at `index`.
    func canSee(_ index: Int, login: String) -> Bool {
        guard let viewers = changes.privateViewers[index] else { return true }
        return viewers.contains(login.lowercased()) || current(index).ownerLogin.lowercased() == login.lowercased()
    }

    /// GraphQL's id of the repository at `index` (REST's `node_id`).
    static func nodeID(_ repository: FakeRepository) -> String { "R_kgDO\(repository.id)" }

    /// The position of the repository GraphQL calls `id`, when `login` may see it.
    func repositoryPosition(nodeID: String, seenBy login: String) -> Int? {
        guard nodeID.hasPrefix("R_kgDO"), let id = Int64(nodeID.dropFirst(6)), let index = dataset.repositoryPosition(id: id),
            canSee(index, login: login)
        else { return nil }
        return index
    }

    // MARK: Changes, by the API or as if on github.com

    func createList(for login: String, name: String, description: String?, isPrivate: Bool, now: Date) throws(FakeGraphQLFailure)
        -> FakeStarList
    {
        let key = login.lowercased()
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw FakeGraphQLFailure(type: "UNPROCESSABLE", message: "Name can't be blank")
        }
        if (listState.starLists[key] ?? []).contains(where: { $0.name.lowercased() == name.lowercased() }) {
            throw FakeGraphQLFailure(type: "UNPROCESSABLE", message: "Name has already been taken")
        }
        listState.listsMade += 1
        let list = FakeStarList(
            id: "UL_kwDONEW\(listState.listsMade)", name: name, description: description, isPrivate: isPrivate, createdAt: now,
            updatedAt: now,
            lastAddedAt: nil, items: [])
        listState.starLists[key, default: []].append(list)
        return list
    }

    func updateList(for login: String, id: String, name: String?, description: String?, isPrivate: Bool?, now: Date)
        throws(FakeGraphQLFailure) -> FakeStarList
    {
        let key = login.lowercased()
        guard let position = listState.starLists[key]?.firstIndex(where: { $0.id == id }) else { throw Self.unresolved(id) }
        if let name { listState.starLists[key]?[position].name = name }
        if let description { listState.starLists[key]?[position].description = description }
        if let isPrivate { listState.starLists[key]?[position].isPrivate = isPrivate }
        listState.starLists[key]?[position].updatedAt = now
        return listState.starLists[key]?[position]
            ?? FakeStarList(id: id, name: "", isPrivate: true, createdAt: now, updatedAt: now, items: [])
    }

    func deleteList(for login: String, id: String) throws(FakeGraphQLFailure) {
        let key = login.lowercased()
        guard let position = listState.starLists[key]?.firstIndex(where: { $0.id == id }) else { throw Self.unresolved(id) }
        listState.starLists[key]?.remove(at: position)
    }

    /// Sets exactly which of `login`'s Lists hold the repository at `index`.
    func setLists(for login: String, item index: Int, to ids: [String], now: Date) throws(FakeGraphQLFailure) -> [FakeStarList] {
        let key = login.lowercased()
        let mine = listState.starLists[key] ?? []
        if let unknown = ids.first(where: { id in !mine.contains { $0.id == id } }) { throw Self.unresolved(unknown) }
        for position in mine.indices {
            let wanted = ids.contains(mine[position].id)
            let holds = mine[position].items.contains(index)
            if wanted && !holds {
                listState.starLists[key]?[position].items.append(index)
                listState.starLists[key]?[position].lastAddedAt = now
                listState.starLists[key]?[position].updatedAt = now
            } else if !wanted && holds {
                listState.starLists[key]?[position].items.removeAll { $0 == index }
                listState.starLists[key]?[position].updatedAt = now
            }
        }
        return (listState.starLists[key] ?? []).filter { ids.contains($0.id) }
    }

    static func unresolved(_ id: String) -> FakeGraphQLFailure {
        FakeGraphQLFailure(type: "NOT_FOUND", message: "Could not resolve to a node with the global id of '\(id)'")
    }
}
