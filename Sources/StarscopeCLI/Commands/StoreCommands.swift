import ArgumentParser
import Foundation
import StarscopeCore
import StarscopeSQLite
import StarscopeStore

/// Where `backup` and `restore` find the store: the data directory's SQLite file.
struct StoreLocation: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The data directory (env: STARSCOPE_DATA_DIR).", valueName: "dir"))
    var dataDir: String?

    var directory: URL { Paths(environment: ProcessInfo.processInfo.environment).dataDirectory(option: dataDir) }

    /// A PostgreSQL store is backed up and restored with its own tools.
    func refusePostgreSQL() throws {
        if SettingsSources(variables: ProcessInfo.processInfo.environment).text(.databaseUrl) != nil {
            throw StarscopeError.invalidInput(
                "STARSCOPE_DATABASE_URL names a PostgreSQL store: back it up with pg_dump and pg_restore (docs/DEPLOY.md).")
        }
    }

    /// What a store holds, in words: "5 favourites" of the one user, "1,202 favourites of 3
    /// accounts" on a server with accounts.
    static func describe(_ counts: (favorites: Int, accounts: Int, ownerOnly: Bool)) -> String {
        let favorites = CountNoun.text(counts.favorites, "favourite")
        return counts.ownerOnly ? favorites : favorites + " of " + CountNoun.text(counts.accounts, "account")
    }

    /// The directory, when it holds a store.
    func existingStore() throws -> URL {
        try refusePostgreSQL()
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("starscope.sqlite").path) else {
            throw StarscopeError.notFound("There is no Starscope data in \(directory.path): check --data-dir.")
        }
        return directory
    }
}

/// `starscope backup FILE`: a consistent copy of the store, even while `serve` runs.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the whole store (favourites, notes, tags, updates, sessions, history) to a file.",
        discussion: "Safe while `starscope serve` runs: SQLite's online backup copies one consistent moment."
    )

    @OptionGroup var location: StoreLocation

    @Argument(help: "The file to write (replaced once the copy is whole).")
    var file: String

    func run() async throws {
        let directory = try location.existingStore()
        do {
            let store = try AppDatabase.open(directory: directory)
            try store.backup(to: URL(fileURLWithPath: file))
            let counts = try await store.favoriteCounts()
            writeOut("Backed up the store in \(directory.path) to \(file) (\(StoreLocation.describe(counts))).\n")
        } catch {
            throw StarscopeError(error)
        }
    }
}

/// `starscope restore FILE`: puts a backup back, never under a running server.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the store with a file written by `starscope backup`.",
        discussion: "Refused while `starscope serve` holds the store: stop it first. The file is only read."
    )

    @OptionGroup var location: StoreLocation

    @Argument(help: "The backup to restore.")
    var file: String

    func run() async throws {
        try location.refusePostgreSQL()
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw StarscopeError.invalidInput("Cannot read \(file): no such file, or it is not readable.")
        }
        let directory = location.directory
        do {
            let store = try AppDatabase.restore(from: URL(fileURLWithPath: file), into: directory)
            let counts = try await store.favoriteCounts()
            writeOut("Restored the store in \(directory.path) from \(file) (\(StoreLocation.describe(counts))).\n")
        } catch AppDatabase.RestoreRefusal.inUse {
            throw StarscopeError.unavailable(
                "A running `starscope serve` holds the store in \(directory.path); stop it, then restore.")
        } catch AppDatabase.RestoreRefusal.notAStore(let reason) {
            throw StarscopeError.invalidInput("\(file) cannot be restored: \(reason).")
        } catch let error as StoreError {
            throw StarscopeError(error)
        }
    }
}
