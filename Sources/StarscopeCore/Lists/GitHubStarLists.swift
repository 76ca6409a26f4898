import Foundation
import GitHubAPI
import StarscopeModels

/// The token user's star Lists through GitHub's GraphQL API: one query reads every List with up
/// to 100 repositories each (paged by cursor), and a List holding more is read on from its own
/// cursor; mutations change only what a sync asks.
public struct GitHubStarLists: StarLists {
    public let client: GitHubClient

    public init(client: GitHubClient) {
        self.client = client
    }

    static let itemFields = "totalCount pageInfo { hasNextPage endCursor } nodes { ... on Repository { id nameWithOwner } }"

    static let listsQuery = """
        query($after: String) { viewer { lists(first: 100, after: $after) { pageInfo { hasNextPage endCursor }
        edges { cursor node { id name description isPrivate items(first: 100) { \(itemFields) } } } } } }
        """

    /// The rest of one List's repositories: the List is the one after `listAfter`.
    static let itemsQuery = """
        query($listAfter: String, $after: String) { viewer { lists(first: 1, after: $listAfter) {
        nodes { id items(first: 100, after: $after) { \(itemFields) } } } } }
        """

    /// At most this many pages of Lists or of one List's repositories are read (10,000 each).
    static let maximumPages = 100

    public func all() async throws(StarscopeError) -> [StarList] {
        var lists: [StarList] = []
        var after: JSONValue = .null
        for _ in 0..<Self.maximumPages {
            let data = try await run(Self.listsQuery, ["after": after])
            let connection = data["viewer"]?["lists"]
            var previous = after
            for edge in connection?["edges"]?.arrayValue ?? [] {
                guard let node = edge["node"], let id = node["id"]?.stringValue, let name = node["name"]?.stringValue else { continue }
                var list = StarList(
                    id: id, name: name, description: node["description"]?.stringValue ?? "", isPrivate: node["isPrivate"] != .bool(false),
                    repositories: Self.items(node["items"]))
                var items = node["items"]
                var pages = 1
                while items?["pageInfo"]?["hasNextPage"] == .bool(true), let cursor = items?["pageInfo"]?["endCursor"]?.stringValue,
                    pages < Self.maximumPages
                {
                    let more = try await run(Self.itemsQuery, ["listAfter": previous, "after": .string(cursor)])
                    guard let same = more["viewer"]?["lists"]?["nodes"]?.arrayValue?.first, same["id"]?.stringValue == id else { break }
                    items = same["items"]
                    list.repositories += Self.items(items)
                    pages += 1
                }
                lists.append(list)
                previous = edge["cursor"] ?? previous
            }
            guard connection?["pageInfo"]?["hasNextPage"] == .bool(true), let cursor = connection?["pageInfo"]?["endCursor"]?.stringValue
            else { break }
            after = .string(cursor)
        }
        return lists
    }

    static func items(_ connection: JSONValue?) -> [StarList.Item] {
        (connection?["nodes"]?.arrayValue ?? []).compactMap { node in
            guard let id = node["id"]?.stringValue, let name = node["nameWithOwner"]?.stringValue else { return nil }
            return StarList.Item(id: id, fullName: name)
        }
    }

    public func create(name: String, description: String, isPrivate: Bool) async throws(StarscopeError) -> String {
        let data = try await run(
            "mutation($name: String!, $description: String, $isPrivate: Boolean) { createUserList(input: "
                + "{name: $name, description: $description, isPrivate: $isPrivate}) { list { id } } }",
            ["name": .string(name), "description": .string(description), "isPrivate": .bool(isPrivate)])
        guard let id = data["createUserList"]?["list"]?["id"]?.stringValue else {
            throw .unavailable("GitHub did not say which List it made for “\(name)”.")
        }
        return id
    }

    public func describe(listID: String, as description: String) async throws(StarscopeError) {
        _ = try await run(
            "mutation($id: ID!, $description: String) { updateUserList(input: {listId: $id, description: $description}) { list { id } } }",
            ["id": .string(listID), "description": .string(description)])
    }

    public func setLists(ofRepository repositoryID: String, to listIDs: [String]) async throws(StarscopeError) {
        _ = try await run(
            "mutation($item: ID!, $lists: [ID!]!) { updateUserListsForItem(input: {itemId: $item, listIds: $lists}) { lists { id } } }",
            ["item": .string(repositoryID), "lists": .array(listIDs.map(JSONValue.string))])
    }

    public func repositoryIDs(_ fullNames: [String]) async throws(StarscopeError) -> [String: String] {
        var found: [String: String] = [:]
        // One query asks for many at once, each under its own alias.
        for chunk in stride(from: 0, to: fullNames.count, by: 50).map({ Array(fullNames[$0..<min($0 + 50, fullNames.count)]) }) {
            var fields: [String] = []
            var variables: [String: JSONValue] = [:]
            var parameters: [String] = []
            for (index, fullName) in chunk.enumerated() {
                let parts = fullName.split(separator: "/", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                parameters.append("$o\(index): String!, $n\(index): String!")
                variables["o\(index)"] = .string(parts[0])
                variables["n\(index)"] = .string(parts[1])
                fields.append("r\(index): repository(owner: $o\(index), name: $n\(index)) { id nameWithOwner }")
            }
            guard !fields.isEmpty else { continue }
            let query = "query(\(parameters.joined(separator: ", "))) { \(fields.joined(separator: " ")) }"
            let data: JSONValue
            do {
                data = try await client.graphQL(query, variables: variables)
            } catch .graphQL(type: "NOT_FOUND", _) {
                // One of them is gone: ask for each alone, so the others are still found.
                for name in chunk where chunk.count > 1 {
                    found.merge(try await repositoryIDs([name]), uniquingKeysWith: { first, _ in first })
                }
                continue
            } catch {
                throw StarscopeError(error, about: .token)
            }
            for (index, fullName) in chunk.enumerated() {
                if let id = data["r\(index)"]?["id"]?.stringValue { found[fullName] = id }
            }
        }
        return found
    }

    func run(_ query: String, _ variables: [String: JSONValue]) async throws(StarscopeError) -> JSONValue {
        do {
            return try await client.graphQL(query, variables: variables)
        } catch {
            throw StarscopeError(error, about: .token)
        }
    }
}
