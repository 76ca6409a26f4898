import ArgumentParser
import Foundation
import StarscopeCore
import StarscopeModels

struct RisingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rising",
        abstract: "Rising: repositories ranked by stars gained, from the star counts Starscope recorded.",
        discussion: "GitHub has no \"stars gained\" ranking; Starscope records counts whenever it sees a repository. Needs no network."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var list: ListOptions

    @Option(help: "Over the last day, week or month.")
    var since: Timeframe = .week

    func validate() throws {
        try list.validate()
    }

    func run() async throws {
        try await Session.run(global) { session in
            let result = try await Rising(database: session.database).rank(since, limit: list.limit)
            if let note = result.historyNote(now: Date()) { StandardError().writeLine("note: \(note)") }
            if list.json {
                let favorites = await session.explorer.favoriteIDs()
                try printJSON(result.entries.map { RisingJSON(entry: $0, favorite: favorites.contains($0.repository.id)) })
            } else if result.entries.isEmpty {
                writeOut("No repository has gained stars in Starscope's history \(since.label) yet.\n")
            } else {
                var table = Table(columns: [
                    .init(title: "REPOSITORY", style: .bold), .init(title: "GAINED", alignRight: true, style: .yellow),
                    .init(title: "OVER", alignRight: true), .init(title: "STARS", alignRight: true),
                    .init(title: "DESCRIPTION", flexible: true),
                ])
                for entry in result.entries {
                    table.append([
                        entry.repository.fullName, "+" + GroupedNumber.format(entry.gained),
                        SpanText.short(entry.to.timeIntervalSince(entry.from)),
                        CompactNumber.format(entry.repository.stargazersCount),
                        entry.repository.description.flatMap { $0.isEmpty ? nil : $0 } ?? RepositoryOutput.noDescription,
                    ])
                }
                writeOut(table.render(width: session.terminal.width, terminal: session.terminal))
            }
        }
    }
}

/// `rising --json`: the repository, `favorite`, and the gain with the span it covers.
struct RisingJSON: Encodable {
    var entry: Rising.Entry
    var favorite: Bool

    enum CodingKeys: String, CodingKey {
        case favorite
        case starsGained = "stars_gained"
        case gainedSince = "gained_since"
        case gainedUntil = "gained_until"
    }

    func encode(to encoder: any Encoder) throws {
        try entry.repository.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(favorite, forKey: .favorite)
        try container.encode(entry.gained, forKey: .starsGained)
        try container.encode(entry.from, forKey: .gainedSince)
        try container.encode(entry.to, forKey: .gainedUntil)
    }
}
