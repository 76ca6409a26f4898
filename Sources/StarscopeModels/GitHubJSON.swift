import Foundation

extension JSONDecoder {
    /// A decoder for GitHub's JSON: ISO 8601 dates such as `2011-01-26T19:01:12Z`.
    public static func gitHub() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

/// The one reader of GitHub's JSON, for the client, the cache and the stores: the models read
/// in bulk (a page of repositories, one repository, stored headers) through `GitHubJSONReading`,
/// which gives the very values `JSONDecoder` gives, and everything else, or an answer it gives
/// up on, through `JSONDecoder.gitHub()`.
public enum GitHubJSON {
    public static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws -> T {
        if let value = GitHubJSONReading.decode(T.self, from: body) { return value }
        return try JSONDecoder.gitHub().decode(T.self, from: body)
    }
}

extension JSONEncoder {
    /// An encoder that writes JSON the way GitHub does: ISO 8601 dates, stable key order.
    public static func gitHub(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
