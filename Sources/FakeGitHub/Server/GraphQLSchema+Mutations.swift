import Foundation
import GraphQL

/// GitHub's mutations of star Lists. Each needs the token's `user` scope: without it GitHub
/// answers the field with null and an `INSUFFICIENT_SCOPES` error, and changes nothing.
extension GitHubGraphQLSchema {
    /// Notes the mutation (tests count them) and checks the token's scopes.
    static func begin(_ context: GraphQLContext, field: String) async throws {
        await context.state.noteMutation(field)
        guard !context.scopes.contains("user") else { return }
        let granted = context.scopes.map { "'\($0)'" }.joined(separator: ", ")
        throw FakeGraphQLFailure(
            type: "INSUFFICIENT_SCOPES",
            message: "Your token has not been granted the required scopes to execute this query. The '\(field)' field requires one of "
                + "the following scopes: ['user'], but your token has only been granted the: [\(granted)] scopes. Please modify your "
                + "token's scopes at: https://github.com/settings/tokens.")
    }

    static func payload(_ name: String, _ fields: GraphQLFieldMap) -> GraphQLObjectType {
        object(name) { fields.merging(["clientMutationId": GraphQLField(type: GraphQLString)]) { first, _ in first } }
    }

    /// A payload's fields, with the input's `clientMutationId` when it had one.
    static func withMutationID(_ fields: [String: any Sendable], _ input: Map) -> [String: any Sendable] {
        var payload = fields
        if let id = input["clientMutationId"].string { payload["clientMutationId"] = id }
        return payload
    }

    static let idList = GraphQLNonNull(GraphQLList(GraphQLNonNull(GraphQLID)))

    static let mutation = object("Mutation") {
        [
            "createUserList": GraphQLField(
                type: payload("CreateUserListPayload", ["list": GraphQLField(type: list), "viewer": GraphQLField(type: user)]),
                args: [
                    "input": GraphQLArgument(
                        type: GraphQLNonNull(
                            input(
                                "CreateUserListInput",
                                [
                                    "name": InputObjectField(type: GraphQLNonNull(GraphQLString)),
                                    "description": InputObjectField(type: GraphQLString),
                                    "isPrivate": InputObjectField(type: GraphQLBoolean),
                                    "clientMutationId": InputObjectField(type: GraphQLString),
                                ])))
                ],
                resolve: { _, args, context, _ in
                    let context = try Self.context(context)
                    try await begin(context, field: "createUserList")
                    let input = args["input"]
                    let made = try await context.state.graphQLCreateList(
                        for: context.viewer, name: input["name"].string ?? "", description: input["description"].string,
                        isPrivate: input["isPrivate"].bool ?? false, now: context.now)
                    return withMutationID(["list": made, "viewer": await context.state.viewerView(context.viewer)], input)
                }),
            "updateUserList": GraphQLField(
                type: payload("UpdateUserListPayload", ["list": GraphQLField(type: list)]),
                args: [
                    "input": GraphQLArgument(
                        type: GraphQLNonNull(
                            input(
                                "UpdateUserListInput",
                                [
                                    "listId": InputObjectField(type: GraphQLNonNull(GraphQLID)),
                                    "name": InputObjectField(type: GraphQLString),
                                    "description": InputObjectField(type: GraphQLString),
                                    "isPrivate": InputObjectField(type: GraphQLBoolean),
                                    "clientMutationId": InputObjectField(type: GraphQLString),
                                ])))
                ],
                resolve: { _, args, context, _ in
                    let context = try Self.context(context)
                    try await begin(context, field: "updateUserList")
                    let input = args["input"]
                    let changed = try await context.state.graphQLUpdateList(
                        for: context.viewer, id: input["listId"].string ?? "", name: input["name"].string,
                        description: input["description"].string, isPrivate: input["isPrivate"].bool, now: context.now)
                    return withMutationID(["list": changed], input)
                }),
            "deleteUserList": GraphQLField(
                type: payload("DeleteUserListPayload", ["user": GraphQLField(type: user)]),
                args: [
                    "input": GraphQLArgument(
                        type: GraphQLNonNull(
                            input(
                                "DeleteUserListInput",
                                [
                                    "listId": InputObjectField(type: GraphQLNonNull(GraphQLID)),
                                    "clientMutationId": InputObjectField(type: GraphQLString),
                                ])))
                ],
                resolve: { _, args, context, _ in
                    let context = try Self.context(context)
                    try await begin(context, field: "deleteUserList")
                    let input = args["input"]
                    try await context.state.graphQLDeleteList(for: context.viewer, id: input["listId"].string ?? "")
                    return withMutationID(["user": await context.state.viewerView(context.viewer)], input)
                }),
            "updateUserListsForItem": GraphQLField(
                type: payload(
                    "UpdateUserListsForItemPayload",
                    [
                        "item": GraphQLField(type: listItems), "lists": GraphQLField(type: GraphQLList(GraphQLNonNull(list))),
                        "user": GraphQLField(type: user),
                    ]),
                args: [
                    "input": GraphQLArgument(
                        type: GraphQLNonNull(
                            input(
                                "UpdateUserListsForItemInput",
                                [
                                    "itemId": InputObjectField(type: GraphQLNonNull(GraphQLID)),
                                    "listIds": InputObjectField(type: idList),
                                    "suggestedListIds": InputObjectField(type: GraphQLList(GraphQLNonNull(GraphQLID))),
                                    "clientMutationId": InputObjectField(type: GraphQLString),
                                ])))
                ],
                resolve: { _, args, context, _ in
                    let context = try Self.context(context)
                    try await begin(context, field: "updateUserListsForItem")
                    let input = args["input"]
                    let ids = (input["listIds"].array ?? []).compactMap(\.string)
                    let (item, lists) = try await context.state.graphQLSetLists(
                        for: context.viewer, itemID: input["itemId"].string ?? "", to: ids, now: context.now)
                    return withMutationID(["item": item, "lists": lists, "user": await context.state.viewerView(context.viewer)], input)
                }),
        ]
    }
}
