import Foundation
import StarscopeModels
import StarscopeStore

#if canImport(Glibc)
    import Glibc
#endif

/// A repository as `--json` prints it: GitHub's fields plus `"favorite"`, on favourites `"tags"`
/// and `"note"`, and what a command adds (`rising`'s gain), written by the repository's one writer
/// (`Repository.writeJSON`).
struct RepositoryJSON {
    var repository: Repository
    var extra = JSONObjectWriter()

    init(repository: Repository, favorite: Bool, tags: [String]? = nil, note: String? = nil) {
        self.repository = repository
        extra.add("favorite", favorite)
        if let tags { extra.add("tags", tags) }
        if let note { extra.add("note", note) }
    }

    /// A favourite with its tags and note.
    init(favorite: Favorite) {
        self.init(repository: favorite.repository, favorite: true, tags: favorite.tags, note: favorite.note)
    }

    func write(to bytes: inout [UInt8]) {
        repository.writeJSON(to: &bytes, adding: extra)
    }
}

/// Prints `value` as JSON with GitHub's field names, followed by a newline: laid out for a person
/// at a terminal, on one line for a script reading a pipe (as `gh` does).
func printJSON<T: Encodable>(_ value: T) throws {
    printJSONBytes(Array(try JSONEncoder.gitHub().encode(value)))
}

/// Repositories, as an array.
func printJSON(_ repositories: [RepositoryJSON]) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(repositories.count * 1024)
    bytes.append(UInt8(ascii: "["))
    for (index, row) in repositories.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        row.write(to: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
    printJSONBytes(bytes)
}

/// One repository.
func printJSON(_ repository: RepositoryJSON) {
    var bytes: [UInt8] = []
    repository.write(to: &bytes)
    printJSONBytes(bytes)
}

/// The same bytes whoever reads them: laid out at a terminal (`JSONLayout`), as they are for a pipe.
private func printJSONBytes(_ bytes: [UInt8]) {
    var bytes = isatty(STDOUT_FILENO) == 1 ? JSONLayout.indented(bytes) : bytes
    bytes.append(UInt8(ascii: "\n"))
    writeOut(Data(bytes))
}
