import ArgumentParser
import Foundation
import GitHubAPI
import StarscopeCore
import StarscopePostgres
import StarscopeSQLite
import StarscopeStore

/// `starscope accounts`: the accounts of a shared server (`serve --accounts`).
struct AccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "The accounts of a server run with `serve --accounts`.",
        subcommands: [Forget.self]
    )

    struct Forget: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: "Delete an account's sealed token, favourites, notes, tags, updates and sessions from the server's store.",
            discussion: """
                Reads the SQLite store in the data directory, or the team's PostgreSQL with --database (or \
                STARSCOPE_DATABASE_URL). A running server stops trusting the account's sessions within 30 seconds.
                """
        )

        @Option(name: .long, help: ArgumentHelp("The server's data directory (env: STARSCOPE_DATA_DIR).", valueName: "dir"))
        var dataDir: String?

        @Option(
            name: .customLong("database"),
            help: ArgumentHelp(
                "The server's PostgreSQL database, postgres://USER:PASSWORD@HOST:PORT/DB (or STARSCOPE_DATABASE_URL).",
                valueName: "url"))
        var databaseURL: String?

        @Argument(help: "The account's GitHub login (or #ID for an account whose login someone else took).")
        var login: String

        func validate() throws {
            let isID = login.hasPrefix("#") && login.count > 1 && login.dropFirst().allSatisfy(\.isASCII) && Int64(login.dropFirst()) != nil
            guard isID || GitHubName.isValidLogin(login) else {
                throw ValidationError("accounts forget takes a GitHub login, not “\(login)”.")
            }
        }

        func run() async throws {
            let variables = ProcessInfo.processInfo.environment
            let url = databaseURL ?? SettingsSources(variables: variables).text(.databaseUrl)
            let forgotten: (account: AccountRecord, favorites: Int, updates: Int)?
            do {
                forgotten = try await forget(url: url, dataDirectory: Paths(environment: variables).dataDirectory(option: dataDir))
            } catch {
                throw StarscopeError(error)
            }
            guard let (account, favorites, updates) = forgotten else {
                let directory = Paths(environment: variables).dataDirectory(option: dataDir)
                if url == nil, !FileManager.default.fileExists(atPath: directory.appendingPathComponent("starscope.sqlite").path) {
                    throw StarscopeError.notFound("There is no Starscope data in \(directory.path): check --data-dir.")
                }
                throw StarscopeError.notFound("This server has no account called \(login).")
            }
            writeOut(
                "Forgot \(account.login): its token, \(favorites) favourite\(favorites == 1 ? "" : "s"), \(updates) update\(updates == 1 ? "" : "s") and every session.\n"
            )
        }

        /// The account forgotten with what it had, or nil when there is none called `login`.
        func forget(url: String?, dataDirectory: URL) async throws(StoreError) -> (account: AccountRecord, favorites: Int, updates: Int)? {
            let store: any Store
            if let url {
                do {
                    return try await PostgresStore.withStore(url: url) { postgres in try await forget(in: postgres) }
                } catch let error as StoreError {
                    throw error
                } catch {
                    throw .unreachable
                }
            }
            // A mistyped --data-dir must not leave a new, empty store behind: there is no one to forget.
            guard FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("starscope.sqlite").path) else {
                return nil
            }
            store = try AppDatabase.open(directory: dataDirectory)
            return try await forget(in: store)
        }

        func forget(in store: any Store) async throws(StoreError) -> (account: AccountRecord, favorites: Int, updates: Int)? {
            guard let account = try await store.account(login: login) else { return nil }
            let favorites = try await store.favoriteIDs(for: account.viewer).count
            let updates = try await store.updates(for: account.viewer, unseenOnly: false, since: nil).count
            try await store.forgetAccount(account.key)
            return (account, favorites, updates)
        }
    }
}
