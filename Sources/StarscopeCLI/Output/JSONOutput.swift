import Foundation
import StarscopeModels

/// A repository as `--json` prints it: GitHub's fields plus `"favorite"`.
struct RepositoryJSON: Encodable {
    var repository: Repository
    var favorite: Bool

    enum CodingKeys: String, CodingKey { case favorite }

    func encode(to encoder: any Encoder) throws {
        try repository.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(favorite, forKey: .favorite)
    }
}

/// Prints `value` as pretty JSON with GitHub's field names, followed by a newline.
func printJSON<T: Encodable>(_ value: T) throws {
    let data = try JSONEncoder.gitHub(pretty: true).encode(value)
    writeOut(String(decoding: data, as: UTF8.self) + "\n")
}
