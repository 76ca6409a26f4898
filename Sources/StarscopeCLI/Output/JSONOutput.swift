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

/// Prints `value` as JSON with GitHub's field names (`GitHubJSON`, the one writer), followed by a
/// newline: laid out for a person at a terminal, on one line for a script reading a pipe (as `gh`
/// does).
func printJSON<T: Encodable>(_ value: T) throws {
    var data = try GitHubJSON.encode(value, pretty: isatty(STDOUT_FILENO) == 1)
    data.append(UInt8(ascii: "\n"))
    writeOut(data)
}
