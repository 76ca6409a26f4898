import ArgumentParser
import Foundation
import StarscopeCore
import StarscopeModels

struct RisingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rising",
        abstract: "Rising: repositories ranked by stars gained, from the star counts Starscope recorded.",
        discussion:
            "GitHub has no \"stars gained\" ranking; Starscope records counts whenever it sees a repository, and where those do not "
            + "cover the timeframe yet, uses the newest weeks of GitHub's star history it kept (`--breaking-out` and `serve` ask for them). "
            + "Needs no network."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var list: ListOptions

    @Option(help: "Over the last day, week or month.")
    var since: Timeframe = .week

    @Flag(
        name: .customLong("breaking-out"),
        help: "Repositories of any age far above their usual week (from GitHub's star history of those Starscope saw this week).")
    var breakingOut = false

    /// At most this many newest-weeks requests a `--breaking-out` run makes (none when fresh).
    static let breakingOutRequests = 30

    func validate() throws {
        try list.validate()
    }

    func run() async throws {
        if breakingOut { return try await runBreakingOut() }
        try await Session.run(global) { session in
            let result = try await Rising(database: session.database).rank(since, limit: list.limit)
            if let note = result.historyNote(now: Date()) { StandardError().writeLine("note: \(note)") }
            if list.json {
                let favorites = await session.reading.favoriteIDs(for: session.viewer)
                printJSON(result.entries.map { RepositoryJSON(rising: $0, favorite: favorites.contains($0.repository.id)) })
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
                        SpanText.short(entry.to.timeIntervalSince(entry.from)) + (entry.source == .gitHubHistory ? " GitHub" : ""),
                        CompactNumber.format(entry.repository.stargazersCount),
                        entry.repository.description.flatMap { $0.isEmpty ? nil : $0 } ?? RepositoryOutput.noDescription,
                    ])
                }
                writeOut(table.render(width: session.terminal.width, terminal: session.terminal))
            }
        }
    }
}

extension RisingCommand {
    /// `--breaking-out`: refreshes the newest weeks of what was seen this week (within a small
    /// budget of requests, none offline), then lists those far above their usual week by size.
    func runBreakingOut() async throws {
        try await Session.run(global) { session in
            if !global.offline {
                await BreakingOut.refresh(reading: session.reading, limit: Self.breakingOutRequests)
            }
            let groups = try await BreakingOut(database: session.database).rank()
            let entries = Array(groups.flatMap(\.entries).prefix(list.limit))
            if list.json {
                let favorites = await session.reading.favoriteIDs(for: session.viewer)
                printJSON(entries.map { RepositoryJSON(breakingOut: $0, favorite: favorites.contains($0.repository.id)) })
                return
            }
            StandardError().writeLine("note: \(BreakingOut.rule)")
            guard !entries.isEmpty else {
                writeOut("Nothing is breaking out among the repositories Starscope saw this week.\n")
                return
            }
            var table = Table(columns: [
                .init(title: "REPOSITORY", style: .bold), .init(title: "LAST 7 DAYS", alignRight: true, style: .yellow),
                .init(title: "USUAL WEEK", alignRight: true), .init(title: "STARS", alignRight: true), .init(title: "SIZE"),
            ])
            for entry in entries {
                table.append([
                    entry.repository.fullName, "+" + GroupedNumber.format(entry.lastWeek), GroupedNumber.format(entry.usualWeek),
                    CompactNumber.format(entry.repository.stargazersCount), BreakingOut.Size(stars: entry.repository.stargazersCount).title,
                ])
            }
            writeOut(table.render(width: session.terminal.width, terminal: session.terminal))
        }
    }
}

extension RepositoryJSON {
    /// `rising --breaking-out --json`: the repository, `favorite`, the last 7 days and the usual week.
    init(breakingOut entry: BreakingOut.Entry, favorite: Bool) {
        self.init(repository: entry.repository, favorite: favorite)
        extra.add("stars_last_7_days", entry.lastWeek)
        extra.add("usual_week", entry.usualWeek)
        extra.add("size", BreakingOut.Size(stars: entry.repository.stargazersCount).rawValue)
    }

    /// `rising --json`: the repository, `favorite`, and the gain with the span it covers.
    init(rising entry: Rising.Entry, favorite: Bool) {
        self.init(repository: entry.repository, favorite: favorite)
        extra.add("stars_gained", entry.gained)
        extra.add("gained_since", entry.from)
        extra.add("gained_until", entry.to)
        extra.add("gained_from", entry.source.rawValue)
    }
}
