import Foundation
import StarscopeModels

/// How to tell that a successful answer's body is what its endpoint returns.
///
/// A 200 can still carry JSON cut short or of the wrong shape; a transport that keeps answers
/// (the store's cache) uses this to refuse such a body, rather than keep it in place of a good one.
public struct BodyCheck: Hashable, Sendable {
    /// What the body must decode as; checks with the same name are the same check.
    public let name: String
    let check: @Sendable (Data) -> Bool

    /// The body must decode as `T` with GitHub's JSON conventions.
    public static func decodes<T: Decodable>(_ type: T.Type) -> BodyCheck {
        BodyCheck(name: String(reflecting: T.self)) { body in
            (try? JSONDecoder.gitHub().decode(T.self, from: body)) != nil
        }
    }

    public func accepts(_ body: Data) -> Bool { check(body) }

    public static func == (left: BodyCheck, right: BodyCheck) -> Bool { left.name == right.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
