import ArgumentParser
import Foundation
import StarscopeCore

/// `starscope star OWNER/NAME`: stars a repository on GitHub (a token is needed).
struct StarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "star", abstract: "Star a repository on GitHub (needs a token).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var argument: RepositoryArgument

    func run() async throws {
        try await StarCommand.set(true, argument: argument, global: global)
    }

    static func set(_ starred: Bool, argument: RepositoryArgument, global: GlobalOptions) async throws {
        let name = try argument.repository
        try await Session.run(global) { session in
            try await session.stars.setStar(name, starred: starred)
            writeOut(starred ? "Starred \(name) on GitHub.\n" : "Unstarred \(name) on GitHub.\n")
        }
    }
}

/// `starscope unstar OWNER/NAME`.
struct UnstarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unstar", abstract: "Remove your star from a repository on GitHub (needs a token).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var argument: RepositoryArgument

    func run() async throws {
        try await StarCommand.set(false, argument: argument, global: global)
    }
}

extension FavoritesCommand {
    /// `starscope favorites sync [--push]`.
    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Make every repository you starred on GitHub a favourite; with --push, also star every favourite on GitHub.",
            discussion: "Nothing is ever deleted, here or on GitHub. Needs a token."
        )

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Also star on GitHub every favourite that is not starred yet (with --lists: make every tag a List on GitHub).")
        var push = false

        @Flag(help: "Sync your GitHub star Lists with your tags instead (a tag is a List; nothing is deleted).")
        var lists = false

        @Flag(help: "Print what changed as JSON.")
        var json = false

        func validate() throws {
            if global.offline { throw ValidationError("sync needs GitHub: it cannot be used with --offline.") }
        }

        func run() async throws {
            if lists { return try await ListsSyncOutput.run(global: global, push: push, json: json) }
            try await Session.run(global) { session in
                let report = try await session.stars.sync(push: push, progress: session.progress)
                if json {
                    try printJSON(SyncJSON(report))
                } else {
                    var line = "Added \(report.added.count) starred repositor\(report.added.count == 1 ? "y" : "ies") to your favourites"
                    if !report.alreadyFavorites.isEmpty { line += "; \(report.alreadyFavorites.count) were favourites already" }
                    if push { line += "; starred \(report.pushed.count) favourite\(report.pushed.count == 1 ? "" : "s") on GitHub" }
                    writeOut(line + ".\n")
                }
                if let failure = report.pushFailure {
                    throw StarscopeError.unavailable("Starring stopped after \(report.pushed.count): \(failure)")
                }
            }
        }
    }
}

/// `favorites sync --json`.
struct SyncJSON: Encodable {
    var added: [String]
    var alreadyFavorites: [String]
    var pushed: [String]

    init(_ report: GitHubStars.SyncReport) {
        added = report.added
        alreadyFavorites = report.alreadyFavorites
        pushed = report.pushed
    }

    enum CodingKeys: String, CodingKey {
        case added, pushed
        case alreadyFavorites = "already_favorites"
    }
}
