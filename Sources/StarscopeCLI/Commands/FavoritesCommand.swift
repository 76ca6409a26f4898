import ArgumentParser
import Foundation
import StarscopeCore
import StarscopeStore

struct FavoritesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites",
        abstract: "Your favourite repositories, kept locally so that they work offline.",
        subcommands: [
            List.self, Add.self, Remove.self, Tag.self, Tags.self, Describe.self, Note.self, Sync.self, Export.self, Import.self,
        ],
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

        @Option(help: "Only favourites with this tag.")
        var tag: String?

        func validate() throws {
            if watch && global.offline { throw ValidationError("--watch needs GitHub: it cannot be used with --offline.") }
        }

        func run() async throws {
            try await Session.run(global) { session in
                let favorites = try await session.favorites.list(refresh: !global.offline, tag: tag)
                let repositories = favorites.map(\.repository)
                if json {
                    printJSON(favorites.map(RepositoryJSON.init(favorite:)))
                } else if repositories.isEmpty {
                    writeOut(
                        tag.map { "No favourite is tagged “\(TerminalText.clean($0))”.\n" }
                            ?? "No favourites yet: add one with `starscope favorites add OWNER/NAME`.\n")
                } else {
                    writeOut(RepositoryOutput.table(repositories, terminal: session.terminal))
                    writeOut(Self.notes(favorites))
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

    struct Tag: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tag",
            abstract: "Add tags to a favourite (or remove them with --remove).",
            discussion: "A tag has 1 to 40 characters and no comma; tags compare without case."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The favourite, as OWNER/NAME.")
        var name: String

        @Argument(help: "The tags.")
        var tags: [String]

        @Flag(help: "Remove these tags instead of adding them.")
        var remove = false

        func validate() throws {
            guard !tags.isEmpty else { throw ValidationError("Name at least one tag.") }
        }

        func run() async throws {
            try await Session.run(global) { session in
                try await session.favorites.tag(name, tags, remove: remove)
                let now = try await session.favorites.list(refresh: false).first {
                    $0.repository.fullName.lowercased() == name.lowercased()
                }
                let shown = (now?.tags ?? []).map { "#" + TerminalText.clean($0) }.joined(separator: " ")
                writeOut("\(TerminalText.clean(name)): \(shown.isEmpty ? "no tags" : shown)\n")
            }
        }
    }

    struct Note: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "note",
            abstract: "Write a note on a favourite; an empty note clears it."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The favourite, as OWNER/NAME.")
        var name: String

        @Argument(help: "The note (quote it); \"\" clears it.")
        var text: String

        func run() async throws {
            try await Session.run(global) { session in
                try await session.favorites.note(name, text)
                writeOut(
                    text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                        ? "Cleared the note on \(TerminalText.clean(name)).\n" : "Noted on \(TerminalText.clean(name)).\n")
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
            // One byte past the limit is enough to refuse it: a larger file is never read whole.
            let data: Data
            if file == "-" {
                data = (try? FileHandle.standardInput.read(upToCount: FavoritesArchive.maximumBytes + 1)) ?? Data()
            } else {
                guard let handle = FileHandle(forReadingAtPath: file) else {
                    throw StarscopeError.invalidInput("Cannot read \(file): no such file, or it is not readable.")
                }
                defer { try? handle.close() }
                data = (try? handle.read(upToCount: FavoritesArchive.maximumBytes + 1)) ?? Data()
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

extension FavoritesCommand.List {
    /// Under the table, a line for each favourite with tags or a note: `owner/name  #cli #tools — the note`.
    static func notes(_ favorites: [Favorite]) -> String {
        let lines = favorites.filter { !$0.tags.isEmpty || !$0.note.isEmpty }.map { favorite -> String in
            let tags = favorite.tags.map { "#" + TerminalText.clean($0) }.joined(separator: " ")
            let note =
                favorite.note.isEmpty
                ? "" : (tags.isEmpty ? "" : " — ") + TerminalText.clean(favorite.note).replacingOccurrences(of: "\n", with: " ")
            return "\(TerminalText.clean(favorite.repository.fullName))  \(tags)\(note)"
        }
        return lines.isEmpty ? "" : "\n" + lines.joined(separator: "\n") + "\n"
    }
}
