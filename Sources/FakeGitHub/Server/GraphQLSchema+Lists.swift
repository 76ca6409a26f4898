import Foundation
import GraphQL

/// The part of GitHub's GraphQL schema that star Lists need, with GitHub's names, executed for
/// real: a query naming a field GitHub does not have fails here as it does there.
enum GitHubGraphQLSchema {
    static let schema: GraphQLSchema = fixed { try GraphQLSchema(query: query, mutation: mutation, types: [repository]) }

    static func context(_ value: any Sendable) throws -> GraphQLContext {
        guard let context = value as? GraphQLContext else { throw FakeGraphQLFailure(type: "INTERNAL", message: "No context") }
        return context
    }

    /// A type of this fixed schema: only a mistake in the names above can make building it fail.
    static func fixed<T>(_ make: () throws -> T) -> T {
        do {
            return try make()
        } catch {
            fatalError("The fake's GraphQL schema is malformed: \(error)")
        }
    }

    static func object(_ name: String, _ fields: @escaping @Sendable () -> GraphQLFieldMap) -> GraphQLObjectType {
        fixed { try GraphQLObjectType(name: name, fields: fields) }
    }

    static func input(_ name: String, _ fields: InputObjectFieldMap) -> GraphQLInputObjectType {
        fixed { try GraphQLInputObjectType(name: name, fields: fields) }
    }

    static func edge(_ name: String, _ node: any GraphQLOutputType) -> GraphQLObjectType {
        object(name) { ["cursor": GraphQLField(type: GraphQLNonNull(GraphQLString)), "node": GraphQLField(type: node)] }
    }

    static let pageInfo = object("PageInfo") {
        [
            "hasNextPage": GraphQLField(type: GraphQLNonNull(GraphQLBoolean)),
            "hasPreviousPage": GraphQLField(type: GraphQLNonNull(GraphQLBoolean)),
            "startCursor": GraphQLField(type: GraphQLString),
            "endCursor": GraphQLField(type: GraphQLString),
        ]
    }

    static let user: GraphQLObjectType = object("User") {
        [
            "id": GraphQLField(type: GraphQLNonNull(GraphQLID)),
            "login": GraphQLField(type: GraphQLNonNull(GraphQLString)),
            "lists": GraphQLField(
                type: GraphQLNonNull(listConnection),
                args: ["first": GraphQLArgument(type: GraphQLInt), "after": GraphQLArgument(type: GraphQLString)],
                resolve: { source, args, context, _ in
                    guard let owner = source as? GraphQLUserView else { return nil }
                    let context = try Self.context(context)
                    let lists = await context.state.listViews(of: owner.login, seenBy: context.viewer)
                    return try GraphQLConnection.page(lists, first: args["first"].int, after: args["after"].string, connection: "lists")
                }),
        ]
    }

    static let repository: GraphQLObjectType = object("Repository") {
        [
            "id": GraphQLField(type: GraphQLNonNull(GraphQLID)),
            "name": GraphQLField(type: GraphQLNonNull(GraphQLString)),
            "nameWithOwner": GraphQLField(type: GraphQLNonNull(GraphQLString)),
            "owner": GraphQLField(type: GraphQLNonNull(user)),
            "description": GraphQLField(type: GraphQLString),
            "stargazerCount": GraphQLField(type: GraphQLNonNull(GraphQLInt)),
            "isPrivate": GraphQLField(type: GraphQLNonNull(GraphQLBoolean)),
            "url": GraphQLField(type: GraphQLNonNull(GraphQLString)),
        ]
    }

    static let listItems: GraphQLUnionType = fixed {
        try GraphQLUnionType(name: "UserListItems", resolveType: { _, _ in "Repository" }, types: [repository])
    }

    static let itemConnection = object("UserListItemsConnection") {
        [
            "totalCount": GraphQLField(type: GraphQLNonNull(GraphQLInt)),
            "nodes": GraphQLField(type: GraphQLList(listItems)),
            "edges": GraphQLField(type: GraphQLList(edge("UserListItemsEdge", listItems))),
            "pageInfo": GraphQLField(type: GraphQLNonNull(pageInfo)),
        ]
    }

    static let list: GraphQLObjectType = object("UserList") {
        [
            "id": GraphQLField(type: GraphQLNonNull(GraphQLID)),
            "name": GraphQLField(type: GraphQLNonNull(GraphQLString)),
            "slug": GraphQLField(type: GraphQLNonNull(GraphQLString)),
            "description": GraphQLField(type: GraphQLString),
            "isPrivate": GraphQLField(type: GraphQLNonNull(GraphQLBoolean)),
            "createdAt": GraphQLField(type: GraphQLNonNull(GraphQLString)),
            "updatedAt": GraphQLField(type: GraphQLNonNull(GraphQLString)),
            "lastAddedAt": GraphQLField(type: GraphQLString),
            "items": GraphQLField(
                type: GraphQLNonNull(itemConnection),
                args: ["first": GraphQLArgument(type: GraphQLInt), "after": GraphQLArgument(type: GraphQLString)],
                resolve: { source, args, _, _ in
                    guard let list = source as? GraphQLListView else { return nil }
                    return try GraphQLConnection.page(
                        list.repositories, first: args["first"].int, after: args["after"].string, connection: "items")
                }),
        ]
    }

    static let listConnection = object("UserListConnection") {
        [
            "totalCount": GraphQLField(type: GraphQLNonNull(GraphQLInt)),
            "nodes": GraphQLField(type: GraphQLList(list)),
            "edges": GraphQLField(type: GraphQLList(edge("UserListEdge", list))),
            "pageInfo": GraphQLField(type: GraphQLNonNull(pageInfo)),
        ]
    }

    static let query = object("Query") {
        [
            "viewer": GraphQLField(
                type: GraphQLNonNull(user),
                resolve: { _, _, context, _ in
                    let context = try Self.context(context)
                    return await context.state.userView(login: context.viewer)
                }),
            "user": GraphQLField(
                type: user, args: ["login": GraphQLArgument(type: GraphQLNonNull(GraphQLString))],
                resolve: { _, args, context, _ in
                    let context = try Self.context(context)
                    guard let view = await context.state.userView(login: args["login"].string ?? "") else {
                        throw FakeGraphQLFailure(
                            type: "NOT_FOUND", message: "Could not resolve to a User with the login of '\(args["login"].string ?? "")'.")
                    }
                    return view
                }),
            "repository": GraphQLField(
                type: repository,
                args: [
                    "owner": GraphQLArgument(type: GraphQLNonNull(GraphQLString)),
                    "name": GraphQLArgument(type: GraphQLNonNull(GraphQLString)),
                ],
                resolve: { _, args, context, _ in
                    let context = try Self.context(context)
                    let fullName = "\(args["owner"].string ?? "")/\(args["name"].string ?? "")"
                    guard let view = await context.state.repositoryView(fullName: fullName, seenBy: context.viewer) else {
                        throw FakeGraphQLFailure(
                            type: "NOT_FOUND", message: "Could not resolve to a Repository with the name '\(fullName)'.")
                    }
                    return view
                }),
        ]
    }
}
