import Foundation
import StarscopeModels
import StarscopeStore

#if canImport(Glibc)
    import Glibc
#endif

/// A repository as `--json` prints it: GitHub's fields plus `"favorite"`, and on favourites
/// `"tags"` and `"note"`.
struct RepositoryJSON: Encodable {
    var repository: Repository
    var favorite: Bool
    var tags: [String]?
    var note: String?

    init(repository: Repository, favorite: Bool, tags: [String]? = nil, note: String? = nil) {
        self.repository = repository
        self.favorite = favorite
        self.tags = tags
        self.note = note
    }

    /// A favourite with its tags and note.
    init(favorite: Favorite) {
        self.init(repository: favorite.repository, favorite: true, tags: favorite.tags, note: favorite.note)
    }

    enum CodingKeys: String, CodingKey { case favorite, tags, note }

    func encode(to encoder: any Encoder) throws {
        try repository.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(favorite, forKey: .favorite)
        try container.encodeIfPresent(tags, forKey: .tags)
        try container.encodeIfPresent(note, forKey: .note)
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

/// Repositories, the lists printed most, go to a pipe written straight into one buffer (the same
/// bytes as `jsonObject`, and so as `JSONEncoder`).
func printJSON(_ repositories: [RepositoryJSON]) throws {
    guard isatty(STDOUT_FILENO) != 1 else { return try printEncoded(repositories) }
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    bytes.reserveCapacity(repositories.count * 1024)
    for (index, row) in repositories.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        row.repository.writeJSON(to: &bytes, favorite: row.favorite, tags: row.tags, note: row.note)
    }
    bytes.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "\n")])
    writeOut(Data(bytes))
}
