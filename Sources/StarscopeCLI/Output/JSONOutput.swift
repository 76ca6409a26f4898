import Foundation
import StarscopeModels

#if canImport(Glibc)
    import Glibc
#endif

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

extension RepositoryJSON {
    var jsonObject: JSONObjectWriter {
        var object = repository.jsonObject
        object.add("favorite", favorite)
        return object
    }
}

/// Prints `value` as JSON with GitHub's field names, followed by a newline: indented for a
/// person at a terminal, on one line for a script reading a pipe (as `gh` does).
func printJSON<T: Encodable>(_ value: T) throws {
    try printEncoded(value)
}

private func printEncoded<T: Encodable>(_ value: T) throws {
    var data = try JSONEncoder.gitHub(pretty: isatty(STDOUT_FILENO) == 1).encode(value)
    data.append(UInt8(ascii: "\n"))
    writeOut(data)
}

/// Repositories, the lists printed most, go to a pipe through the fast writer (the same bytes).
func printJSON(_ repositories: [RepositoryJSON]) throws {
    guard isatty(STDOUT_FILENO) != 1 else { return try printEncoded(repositories) }
    var bytes = jsonArray(repositories.map(\.jsonObject))
    bytes.append(UInt8(ascii: "\n"))
    writeOut(Data(bytes))
}
