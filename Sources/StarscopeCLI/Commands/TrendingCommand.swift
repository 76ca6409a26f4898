import ArgumentParser
import StarscopeCore

extension Timeframe: ExpressibleByArgument {}
extension SearchSort: ExpressibleByArgument {}

struct TrendingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trending",
        abstract: "New & popular: repositories created in the last day, week or month, most stars first.",
        discussion: "This ranks new repositories by their stars, not by stars gained."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var list: ListOptions

    @Option(help: "How far back repositories were created: day, week or month.")
    var since: Timeframe = .week

    @Option(help: "Only repositories in this language, such as Swift or \"Jupyter Notebook\".")
    var language: String?

    @Option(help: "Words that must match the name, description or topics.")
    var query: String?

    @Option(help: "Only repositories with this topic, such as swift or machine-learning.")
    var topic: String?

    @Option(help: "Order: stars, forks, help-wanted-issues or updated (most first).")
    var sort: SearchSort = .stars

    func validate() throws {
        try list.validate(maximum: 1000)
    }

    func run() async throws {
        try await Session.run(global) { session in
            let query = TrendingQuery(timeframe: since, language: language, text: query, topic: topic, sort: sort)
            let result = try await session.reading.lists.trending(query, limit: list.limit, progress: session.progress)
            SectionOutput.noteSkipped(result.skippedItems)
            if result.incomplete {
                StandardError().writeLine("warning: GitHub's search timed out, so some repositories may be missing.")
            }
            if list.json {
                printJSON(await session.json(result.items))
            } else if result.items.isEmpty {
                writeOut("No repositories created \(since.label) match.\n")
            } else {
                writeOut(
                    RepositoryOutput.table(
                        result.items, favorites: await session.reading.favoriteIDs(for: session.viewer), terminal: session.terminal))
            }
        }
    }
}
