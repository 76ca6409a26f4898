import ArgumentParser
import StarscopeCore

struct ReposCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repos",
        abstract: "A user's or organisation's repositories, most recently pushed first."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var list: ListOptions

    @Argument(help: "The user or organisation.")
    var login: String

    @Flag(help: "Include forks.")
    var forks = false

    func validate() throws {
        try list.validate()
    }

    func run() async throws {
        try await Session.run(global) { session in
            let result = try await session.explorer.repositories(
                of: login, includeForks: forks, limit: list.limit, progress: session.progress)
            if list.json {
                try printJSON(await session.json(result.items))
            } else if result.items.isEmpty {
                writeOut("\(login) has no public \(forks ? "" : "non-fork ")repositories.\n")
            } else {
                writeOut(RepositoryOutput.table(result.items, favorites: await session.explorer.favoriteIDs(), terminal: session.terminal))
            }
        }
    }
}
