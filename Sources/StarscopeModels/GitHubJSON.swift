import Foundation

extension JSONDecoder {
    /// A decoder for GitHub's JSON: ISO 8601 dates such as `2011-01-26T19:01:12Z`.
    public static func gitHub() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
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
