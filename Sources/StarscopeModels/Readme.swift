import Foundation

/// A repository's README as `GET /repos/{owner}/{repo}/readme` describes it (GitHub's JSON,
/// whose `content` is base64), with the Markdown decoded.
public struct Readme: Codable, Hashable, Sendable {
    /// The file's name, such as `README.md`.
    public var name: String
    public var path: String
    public var size: Int
    /// `base64`, the only encoding GitHub uses for it.
    public var encoding: String
    /// The file as GitHub stores it, decoded from base64 (nil when it is not UTF-8 text).
    public var text: String?
    public var htmlURL: String?
    public var downloadURL: String?

    public init(name: String, path: String, size: Int, text: String?, htmlURL: String? = nil, downloadURL: String? = nil) {
        self.name = name
        self.path = path
        self.size = size
        self.encoding = "base64"
        self.text = text
        self.htmlURL = htmlURL
        self.downloadURL = downloadURL
    }

    enum CodingKeys: String, CodingKey {
        case name, path, size, encoding, content
        case htmlURL = "html_url"
        case downloadURL = "download_url"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        path = try c.decodeIfPresent(String.self, forKey: .path) ?? name
        size = try c.decodeCount(forKey: .size) ?? 0
        encoding = try c.decodeIfPresent(String.self, forKey: .encoding) ?? "base64"
        let content = try c.decodeIfPresent(String.self, forKey: .content) ?? ""
        // GitHub wraps base64 at 60 characters.
        text = Data(base64Encoded: content.filter { !$0.isWhitespace }).flatMap { String(data: $0, encoding: .utf8) }
        htmlURL = try c.decodeIfPresent(String.self, forKey: .htmlURL)
        downloadURL = try c.decodeIfPresent(String.self, forKey: .downloadURL)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(path, forKey: .path)
        try c.encode(size, forKey: .size)
        try c.encode(encoding, forKey: .encoding)
        try c.encode(Data((text ?? "").utf8).base64EncodedString(), forKey: .content)
        try c.encode(htmlURL, forKey: .htmlURL)
        try c.encode(downloadURL, forKey: .downloadURL)
    }
}
