import Foundation
import StarscopeModels

/// How to tell that a successful answer's body is what its endpoint returns.
///
/// A 200 can still carry JSON cut short or of the wrong shape; a transport that keeps answers
/// (the store's cache) uses this to refuse such a body, rather than keep it in place of a good one.
/// The check decodes the body, and hands the value on (`GitHubResponse.decoded`), so that a body
/// is decoded once however many times it is checked, kept and read.
public struct BodyCheck: Hashable, Sendable {
    /// What the body must decode as; checks with the same name are the same check.
    public let name: String
    let decoder: @Sendable (Data) -> (any Sendable)?

    /// A check named `name` that gives the decoded body, or nil when the body is refused.
    public init(name: String, decode: @escaping @Sendable (Data) -> (any Sendable)?) {
        self.name = name
        self.decoder = decode
    }

    /// The body must decode as `T` with GitHub's JSON conventions (the models read in bulk
    /// without `JSONDecoder` when they can: `GitHubJSONReading`).
    public static func decodes<T: Decodable & Sendable>(_ type: T.Type) -> BodyCheck {
        BodyCheck(name: String(reflecting: T.self)) { body in
            try? GitHubJSON.decode(T.self, from: body)
        }
    }

    /// The decoded body, or nil when it is not what the endpoint returns.
    public func decode(_ body: Data) -> (any Sendable)? { decoder(body) }

    public static func == (left: BodyCheck, right: BodyCheck) -> Bool { left.name == right.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
