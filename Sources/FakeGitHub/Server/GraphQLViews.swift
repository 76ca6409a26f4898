import Foundation

/// What the fake's GraphQL resolvers read: plain values whose property names are GitHub's field
/// names (GraphQL's default resolver reads them), and what every resolver is given.
struct GraphQLContext: Sendable {
    var state: FakeGitHubState
    /// The login of the token that asked.
    var viewer: String
    var scopes: [String]
    var now: Date
}

struct GraphQLUserView: Sendable {
    var id: String
    var login: String
}

struct GraphQLRepositoryView: Sendable {
    var id: String
    var name: String
    var nameWithOwner: String
    var owner: GraphQLUserView
    var description: String?
    var stargazerCount: Int
    var isPrivate: Bool
    var url: String
}

struct GraphQLListView: Sendable {
    var id: String
    var name: String
    var slug: String
    var description: String?
    var isPrivate: Bool
    var createdAt: String
    var updatedAt: String
    var lastAddedAt: String?
    var repositories: [GraphQLRepositoryView]
}

struct GraphQLPageInfo: Sendable {
    var hasNextPage: Bool
    var hasPreviousPage: Bool
    var startCursor: String?
    var endCursor: String?
}

struct GraphQLEdge: Sendable {
    var cursor: String
    var node: any Sendable
}

struct GraphQLConnection: Sendable {
    var totalCount: Int
    var nodes: [any Sendable]
    var edges: [GraphQLEdge]
    var pageInfo: GraphQLPageInfo

    /// A page of `all` as GitHub pages connections: `first` (1 to 100) items after the opaque
    /// cursor `after`.
    static func page(_ all: [any Sendable], first: Int?, after: String?, connection: String) throws(FakeGraphQLFailure)
        -> GraphQLConnection
    {
        guard let first else {
            throw FakeGraphQLFailure(
                type: "MISSING_PAGINATION_BOUNDARIES",
                message: "You must provide a `first` or `last` value to properly paginate the `\(connection)` connection.")
        }
        guard first <= 100 else {
            throw FakeGraphQLFailure(
                type: "EXCESSIVE_PAGINATION",
                message: "Requesting \(first) records on the `\(connection)` connection exceeds the `first` limit of 100 records.")
        }
        let start =
            try after.map { cursor throws(FakeGraphQLFailure) in
                guard let offset = offset(of: cursor) else {
                    throw FakeGraphQLFailure(type: "INVALID_CURSOR_ARGUMENTS", message: "`\(cursor)` does not appear to be a valid cursor.")
                }
                return offset + 1
            } ?? 0
        let end = min(all.count, start + max(0, first))
        let nodes = start < end ? Array(all[start..<end]) : []
        return GraphQLConnection(
            totalCount: all.count, nodes: nodes,
            edges: nodes.enumerated().map { GraphQLEdge(cursor: cursor(start + $0.offset), node: $0.element) },
            pageInfo: GraphQLPageInfo(
                hasNextPage: end < all.count, hasPreviousPage: start > 0, startCursor: nodes.isEmpty ? nil : cursor(start),
                endCursor: nodes.isEmpty ? nil : cursor(end - 1)))
    }

    static func cursor(_ offset: Int) -> String { Data("cursor:v2:\(offset)".utf8).base64EncodedString() }

    static func offset(of cursor: String) -> Int? {
        guard let data = Data(base64Encoded: cursor) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard text.hasPrefix("cursor:v2:"), let offset = Int(text.dropFirst(10)), offset >= 0 else { return nil }
        return offset
    }
}
