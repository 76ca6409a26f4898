import ArgumentParser
import Foundation
import StarscopeCore
import StarscopeStore

extension FavoritesCommand {
    struct Tags: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tags",
            abstract: "List your tags with what each is for and how many favourites carry it."
        )

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print JSON (tag, description, count), for scripts.")
        var json = false

        func run() async throws {
            try await Session.run(global) { session in
                let tags = try await session.favorites.tags()
                if json {
                    try printJSON(tags.map(TagJSON.init))
                } else if tags.isEmpty {
                    writeOut("No tags yet: tag a favourite with `starscope favorites tag OWNER/NAME TAG`.\n")
                } else {
                    var table = Table(columns: [
                        .init(title: "TAG", style: .bold), .init(title: "FAVOURITES", alignRight: true),
                        .init(title: "DESCRIPTION", flexible: true),
                    ])
                    for tag in tags {
                        table.append(
                            ["#" + tag.tag, String(tag.count), tag.description.isEmpty ? "No description" : tag.description],
                            styles: [nil, nil, tag.description.isEmpty ? .dim : nil])
                    }
                    writeOut(table.render(width: session.terminal.width, terminal: session.terminal))
                }
            }
        }
    }

    struct Describe: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "describe",
            abstract: "Say what a tag is for; an empty text takes the description away.",
            discussion: "A description is one line of at most 500 characters. It is the description of the tag's GitHub List, "
                + "which is made private unless the tag is marked --public."
        )

        enum Visibility: String, EnumerableFlag {
            case `public`, `private`

            static func help(for value: Visibility) -> ArgumentHelp? {
                value == .public ? "Make the tag's GitHub List public when it is made." : "Make it private (the default)."
            }
        }

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The tag (any case).")
        var tag: String

        @Argument(help: "What the tag is for (quote it); \"\" takes the description away.")
        var text: String?

        @Flag var visibility: Visibility?

        func validate() throws {
            if text == nil && visibility == nil { throw ValidationError("Give the description, or --public or --private.") }
        }

        func run() async throws {
            try await Session.run(global) { session in
                let shown = "#" + TerminalText.clean(tag.trimmingCharacters(in: .whitespaces))
                if let text {
                    try await session.favorites.describe(tag, text)
                    writeOut(
                        text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                            ? "Took the description off \(shown).\n" : "Described \(shown).\n")
                }
                if let visibility {
                    try await session.favorites.setPublic(tag, visibility == .public)
                    writeOut("\(shown)'s List is made \(visibility.rawValue) on GitHub.\n")
                }
            }
        }
    }
}

/// `favorites tags --json`: one tag.
struct TagJSON: Encodable {
    var tag: String
    var description: String
    var count: Int
    var isPublic: Bool

    enum CodingKeys: String, CodingKey {
        case tag, description, count
        case isPublic = "public"
    }

    init(_ summary: TagSummary) {
        tag = summary.tag
        description = summary.description
        count = summary.count
        isPublic = summary.isPublic
    }
}
