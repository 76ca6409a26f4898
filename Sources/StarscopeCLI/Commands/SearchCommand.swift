import ArgumentParser
import StarscopeCore

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search all of GitHub: repositories of any age, or people with --users.",
        discussion: """
            GitHub's qualifiers pass through, such as language:swift stars:>100 user:apple topic:cli \
            created:>2024-01-01 fork:true; for people, type:org or followers:>100. GitHub's best match comes first.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var list: ListOptions

    @Argument(help: "What to search for: words and GitHub's qualifiers.")
    var words: [String] = []

    @Flag(help: "Search users and organisations (a login's first letters find it) instead of repositories.")
    var users = false

    var search: GitHubSearch {
        GitHubSearch(text: words.joined(separator: " "), kind: users ? .users : .repositories)
    }

    func validate() throws {
        try list.validate(maximum: 1000)
        do { _ = try search.searchQuery() } catch { throw ValidationError(error.message) }
    }

    func run() async throws {
        try await Session.run(global) { session in
            let search = self.search
            switch search.kind {
            case .users:
                let result = try await session.reading.search.searchUsers(search, limit: list.limit)
                SectionOutput.noteSkipped(result.skippedItems)
                if list.json {
                    try printJSON(result.items)
                } else if result.items.isEmpty {
                    writeOut("No users or organisations match.\n")
                } else {
                    writeOut(AccountOutput.table(result.items, terminal: session.terminal))
                }
            case .repositories:
                let result = try await session.reading.search.searchRepositories(search, limit: list.limit)
                SectionOutput.noteSkipped(result.skippedItems)
                if result.incomplete {
                    StandardError().writeLine("warning: GitHub's search timed out, so some repositories may be missing.")
                }
                if list.json {
                    printJSON(await session.json(result.items))
                } else if result.items.isEmpty {
                    writeOut("No repositories match.\n")
                } else {
                    writeOut(
                        RepositoryOutput.table(
                            result.items, favorites: await session.reading.favoriteIDs(for: session.viewer), terminal: session.terminal))
                }
            }
        }
    }
}
