import ArgumentParser
import StarscopeCore

extension AccountRepositorySort: ExpressibleByArgument {}

struct ReposCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repos",
        abstract: "A user's or organisation's repositories, most recently pushed first.",
        discussion: "By stars, the 1,000 most recently pushed repositories are read and sorted (GitHub cannot sort them so)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var list: ListOptions

    @Argument(help: "The user or organisation.")
    var login: String

    @Flag(help: "Include forks.")
    var forks = false

    @Option(help: "Order: pushed (last push), stars or name.")
    var sort: AccountRepositorySort = .pushed

    @Option(help: "Only repositories in this language, such as Swift.")
    var language: String?

    func validate() throws {
        try list.validate()
    }

    func run() async throws {
        try await Session.run(global) { session in
            let query = AccountRepositoryQuery(sort: sort, includeForks: forks, language: language)
            let result = try await session.reading.lists.repositories(
                of: login, query: query, limit: list.limit, progress: session.progress)
            SectionOutput.noteSkipped(result.skippedItems)
            if list.json {
                printJSON(await session.json(result.items))
            } else if result.items.isEmpty {
                let kind = (language.map { "\($0) " } ?? "") + (forks ? "" : "non-fork ")
                writeOut("\(login) has no public \(kind)repositories.\n")
            } else {
                writeOut(
                    RepositoryOutput.table(
                        result.items, favorites: await session.reading.favoriteIDs(for: session.viewer), terminal: session.terminal))
            }
        }
    }
}
