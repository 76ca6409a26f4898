import Foundation

/// An avatar's bytes and content type.
public struct AvatarImage: Sendable, Hashable {
    public var data: Data
    public var contentType: String

    public init(data: Data, contentType: String) {
        self.data = data
        self.contentType = contentType
    }
}

/// Avatars kept on this server's disk, each downloaded once (`AvatarCache`, over the server's own
/// SQLite file whichever store it serves from).
public protocol AvatarImages: Sendable {
    /// The avatar at `url`, from disk when it was downloaded before.
    func image(for url: URL) async throws -> AvatarImage
}
