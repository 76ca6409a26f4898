import ArgumentParser
import Foundation
import StarscopeCore

/// `starscope lists`: your GitHub star Lists.
struct ListsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists",
        abstract: "Your GitHub star Lists with their repositories (needs a token).",
        discussion: "`favorites sync --lists` brings them in as tags; with --push every tag goes out as a List."
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print JSON (name, description, private, repositories), for scripts.")
    var json = false

    func validate() throws {
        if global.offline { throw ValidationError("lists needs GitHub: it cannot be used with --offline.") }
    }

    func run() async throws {
        try await Session.run(global) { session in
            let lists = try await session.lists.read()
            if json {
                try printJSON(lists.map(StarListJSON.init))
            } else if lists.isEmpty {
                writeOut("You have no star Lists on GitHub.\n")
            } else {
                var text = ""
                for list in lists {
                    let privacy = list.isPrivate ? " (private)" : ""
                    let description = list.description.isEmpty ? "" : " — " + TerminalText.clean(list.description)
                    text += session.terminal.style(TerminalText.clean(list.name), .bold) + privacy + description + "\n"
                    for repository in list.repositories { text += "  " + TerminalText.clean(repository.fullName) + "\n" }
                    if list.repositories.isEmpty { text += "  (empty)\n" }
                }
                writeOut(text)
            }
        }
    }
}

/// `lists --json`: one List.
struct StarListJSON: Encodable {
    var name: String
    var description: String
    var isPrivate: Bool
    var repositories: [String]

    enum CodingKeys: String, CodingKey {
        case name, description, repositories
        case isPrivate = "private"
    }

    init(_ list: StarList) {
        name = list.name
        description = list.description
        isPrivate = list.isPrivate
        repositories = list.repositories.map(\.fullName)
    }
}

/// `favorites sync --lists [--push]`: what happened, in one line (or JSON).
enum ListsSyncOutput {
    static func run(global: GlobalOptions, push: Bool, json: Bool) async throws {
        try await Session.run(global) { session in
            let report = try await session.lists.sync(push: push)
            if json {
                try printJSON(ListsSyncJSON(report))
                return
            }
            writeOut(report.sentence(push: push) + "\n")
            for tag in report.deletedOnGitHub {
                StandardError().writeLine("note: the List “\(TerminalText.clean(tag))” was deleted on GitHub; its tag stays here.")
            }
            for name in report.unusable {
                StandardError().writeLine(
                    "note: the List “\(TerminalText.clean(name))” cannot be a tag (a comma, or too long); left alone.")
            }
            for name in report.unreachable {
                StandardError().writeLine(
                    "note: \(TerminalText.clean(name)) could not be synced (gone, not shown to you, or too many tags).")
            }
        }
    }
}

/// `favorites sync --lists --json`.
struct ListsSyncJSON: Encodable {
    var listsMade: [String]
    var addedHere: Int
    var removedHere: Int
    var addedOnGitHub: Int
    var removedOnGitHub: Int
    var favoritesMade: [String]
    var deletedOnGitHub: [String]

    init(_ report: ListSync.Report) {
        listsMade = report.listsMade
        addedHere = report.addedHere
        removedHere = report.removedHere
        addedOnGitHub = report.addedOnGitHub
        removedOnGitHub = report.removedOnGitHub
        favoritesMade = report.favoritesMade
        deletedOnGitHub = report.deletedOnGitHub
    }

    enum CodingKeys: String, CodingKey {
        case listsMade = "lists_made"
        case addedHere = "added_here"
        case removedHere = "removed_here"
        case addedOnGitHub = "added_on_github"
        case removedOnGitHub = "removed_on_github"
        case favoritesMade = "favorites_made"
        case deletedOnGitHub = "deleted_on_github"
    }
}
