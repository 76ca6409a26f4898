import ArgumentParser
import Foundation
import StarscopeCore
import StarscopeStore

struct FavoritesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites",
        abstract: "Your favourite repositories, kept locally so that they work offline.",
        subcommands: [List.self, Add.self, Remove.self, Export.self, Import.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List favourites, newest first, refreshed from GitHub when it answers."
        )

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print JSON with GitHub's field names, for scripts.")
        var json = false

        @Flag(help: "Then keep printing star changes as they happen (within the rate-limit budget).")
        var watch = false

        func validate() throws {
            if watch && global.offline { throw ValidationError("--watch needs GitHub: it cannot be used with --offline.") }
        }

        func run() async throws {
            try await Session.run(global) { session in
                let favorites = try await session.favorites.list(refresh: !global.offline)
                let repositories = favorites.map(\.repository)
                if json {
                    try printJSON(repositories.map { RepositoryJSON(repository: $0, favorite: true) })
                } else if repositories.isEmpty {
                    writeOut("No favourites yet: add one with `starscope favorites add OWNER/NAME`.\n")
                } else {
                    writeOut(RepositoryOutput.table(repositories, terminal: session.terminal))
                }
                if watch {
                    let sources = repositories.compactMap { try? RepositoryName(parsing: $0.fullName) }.map(LiveSource.repository)
                    await Watch.run(Set(sources), session: session)
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a repository to your favourites."
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var argument: RepositoryArgument

        func run() async throws {
            try await Session.run(global) { session in
                let (repository, added) = try await session.favorites.add(try argument.repository)
                writeOut(added ? "Added \(repository.fullName) to your favourites.\n" : "\(repository.fullName) is already a favourite.\n")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a repository from your favourites."
        )

        @OptionGroup var global: GlobalOptions

        // Not checked as OWNER/NAME: a favourite kept under a name GitHub would not accept must
        // still be removable. The name is only compared with the stored ones.
        @Argument(help: "The repository, as OWNER/NAME (as listed, even a name GitHub would not accept).")
        var name: String

        func run() async throws {
            try await Session.run(global) { session in
                try await session.favorites.remove(storedName: name)
                writeOut("Removed \(TerminalText.clean(name)) from your favourites.\n")
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write every favourite, with its snapshot, as JSON to standard output.",
            discussion: "The format is documented in the README; `starscope favorites import` reads it back."
        )

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Accepted for symmetry: export always writes JSON.")
        var json = false

        func run() async throws {
            try await Session.run(global) { session in
                writeOut(String(decoding: try await session.favorites.export(), as: UTF8.self) + "\n")
            }
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Add the favourites in FILE (an export, or a JSON array of repositories); existing ones are kept.",
            discussion: "Each entry is checked; bad ones are reported and skipped. Use - to read standard input."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The file to import, or - for standard input.")
        var file: String

        @Flag(help: "Print what was imported as JSON.")
        var json = false

        func run() async throws {
            let data: Data
            if file == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard let contents = FileManager.default.contents(atPath: file) else {
                    throw StarscopeError.invalidInput("Cannot read \(file): no such file, or it is not readable.")
                }
                data = contents
            }
            try await Session.run(global) { session in
                let report = try await session.favorites.importFavorites(data)
                if json {
                    try printJSON(ImportJSON(report))
                } else {
                    writeOut("Imported \(report.added.count) favourite\(report.added.count == 1 ? "" : "s")")
                    writeOut(report.alreadyFavorites.isEmpty ? ".\n" : "; \(report.alreadyFavorites.count) already there.\n")
                }
                let standardError = StandardError()
                for (number, reason) in report.rejected {
                    standardError.writeLine("skipped entry \(number): \(TerminalText.clean(reason))")
                }
            }
        }
    }
}

/// `favorites import --json`.
struct ImportJSON: Encodable {
    struct Rejected: Encodable {
        var entry: Int
        var reason: String
    }

    var added: [String]
    var alreadyFavorites: [String]
    var rejected: [Rejected]

    init(_ report: FavoritesArchive.ImportReport) {
        added = report.added
        alreadyFavorites = report.alreadyFavorites
        rejected = report.rejected.map { Rejected(entry: $0.0, reason: $0.1) }
    }

    enum CodingKeys: String, CodingKey {
        case added, rejected
        case alreadyFavorites = "already_favorites"
    }
}
