import Foundation

/// One entry of an account's public activity (`GET /users/{login}/events/public`).
public struct Event: Codable, Hashable, Sendable, Identifiable {
    public var id: String
    public var type: String
    public var actor: Actor
    public var repo: EventRepository
    public var payload: JSONValue
    public var createdAt: Date

    public init(id: String, type: String, actor: Actor, repo: EventRepository, payload: JSONValue, createdAt: Date) {
        self.id = id
        self.type = type
        self.actor = actor
        self.repo = repo
        self.payload = payload
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, type, actor, repo, payload
        case createdAt = "created_at"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        type = try c.decode(String.self, forKey: .type)
        actor = try c.decode(Actor.self, forKey: .actor)
        repo = try c.decode(EventRepository.self, forKey: .repo)
        payload = try c.decodeIfPresent(JSONValue.self, forKey: .payload) ?? .object([:])
        createdAt = try c.decode(Date.self, forKey: .createdAt)
    }

    /// Who did it.
    public struct Actor: Codable, Hashable, Sendable {
        public var id: Int64
        public var login: String
        public var avatarURL: String?

        public init(id: Int64, login: String, avatarURL: String?) {
            self.id = id
            self.login = login
            self.avatarURL = avatarURL
        }

        enum CodingKeys: String, CodingKey {
            case id, login
            case avatarURL = "avatar_url"
        }
    }

    /// Where it happened: `name` is `owner/name`.
    public struct EventRepository: Codable, Hashable, Sendable {
        public var id: Int64
        public var name: String

        public init(id: Int64, name: String) {
            self.id = id
            self.name = name
        }
    }
}
