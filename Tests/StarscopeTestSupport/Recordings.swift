import Foundation

/// One answer GitHub really gave, from `Tests/Fixtures/github-recordings` (recorded by PyGithub's
/// test suite; see the README there): the request, the status, the headers in order, and the body.
public struct RecordedExchange: Sendable {
    /// The file's name, such as `repo-twbs-bootstrap.json`.
    public var name: String
    public var method: String
    /// The URL as recorded, on `https://api.github.com`.
    public var url: URL
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data

    public init(name: String, method: String = "GET", url: URL, status: Int, headers: [(name: String, value: String)], body: Data) {
        self.name = name
        self.method = method
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Reads one recording; `body` is JSON written back compactly, `body_text` is kept as it is.
    public init(contentsOf file: URL) throws {
        let data = try Data(contentsOf: file)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let request = object["request"] as? [String: Any],
            let method = request["method"] as? String,
            let urlText = request["url"] as? String,
            let url = URL(string: urlText),
            let status = object["status"] as? Int,
            let headers = object["headers"] as? [[String]]
        else { throw RecordingError.unreadable(file.lastPathComponent) }
        let body: Data
        if let text = object["body_text"] as? String {
            body = Data(text.utf8)
        } else if let value = object["body"] {
            body = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes])
        } else {
            body = Data()
        }
        self.init(
            name: file.lastPathComponent, method: method, url: url, status: status,
            headers: headers.compactMap { $0.count == 2 ? (name: $0[0], value: $0[1]) : nil }, body: body)
    }

    /// The recorded path, such as `/repos/twbs/bootstrap`.
    public var path: String { url.path }

    /// The first value of a recorded header.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

public enum RecordingError: Error, CustomStringConvertible {
    case missingFolder(String)
    case unreadable(String)

    public var description: String {
        switch self {
        case .missingFolder(let path): "the recordings folder \(path) is missing: the replay tests need Tests/Fixtures/github-recordings"
        case .unreadable(let name): "the recording \(name) is not in the documented format"
        }
    }
}

/// The folder of recordings, kept in the repository (`Tests/Fixtures/github-recordings`), so a
/// clone with nothing beside it runs the replay tests.
public enum Recordings {
    public static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // StarscopeTestSupport
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures/github-recordings").standardized

    /// Every recording's file name, sorted; throws when the folder is missing.
    public static func fileNames() throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RecordingError.missingFolder(folder.path)
        }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    public static func exchange(_ name: String) throws -> RecordedExchange {
        try RecordedExchange(contentsOf: folder.appendingPathComponent(name))
    }
}
