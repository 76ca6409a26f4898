import Foundation

/// What can go wrong with Starscope's files: the database, the avatar cache, the token file and `accounts.key`.
public enum StoreError: Error, Hashable, Sendable {
    /// The database at `path` cannot be opened or migrated.
    case cannotOpen(path: String, reason: String)
    /// A read or write of the database failed.
    case database(String)
    /// A file could not be read or written.
    case file(path: String, reason: String)
    /// An import file is not favourites Starscope can read.
    case invalidImport(String)
    /// The database server cannot be reached (restarting, or the network between).
    case unreachable
    /// `accounts.key` is missing, changed or unreadable while tokens are sealed with it: the sentence to show.
    case accountsKey(String)
    /// A guest (or anyone not signed in) tried to keep something: only people keep data.
    case readOnly
    /// The disk under the store is full: the change was refused whole, after Starscope's own caches gave way.
    case diskFull
    /// The store was written by a newer Starscope (it has migrations this one does not know);
    /// it is left untouched.
    case newerStore

    public var message: String {
        switch self {
        case .cannotOpen(let path, let reason): "Starscope cannot open its database at \(path): \(reason)."
        case .database(let reason): "Starscope's database failed: \(reason)."
        case .file(let path, let reason): "Starscope cannot use \(path): \(reason)."
        case .invalidImport(let reason): "This file cannot be imported: \(reason)."
        case .unreachable: "Starscope cannot reach its database just now; try again in a few seconds."
        case .accountsKey(let sentence): sentence
        case .readOnly: "Guests can look but not change anything: sign in with a GitHub token to keep favourites."
        case .diskFull: "The disk under Starscope's store is full, so nothing was changed; free some space and try again."
        case .newerStore: "This store was written by a newer Starscope; it is left untouched: run that version or a later one."
        }
    }
}
