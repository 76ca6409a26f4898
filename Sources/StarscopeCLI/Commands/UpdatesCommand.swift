import ArgumentParser
import Foundation
import StarscopeCore
import StarscopeStore

/// `starscope updates [--all] [--json]`: checks favourites, then lists what is new since the
/// last call (and marks it seen).
struct UpdatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "updates",
        abstract: "What changed on your favourites since you last asked: milestones, unusual gains, releases, archives, renames.",
        discussion: UpdateRules.unusualRule
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Everything of the last 30 days, seen or not.")
    var all = false

    @Flag(help: "Print JSON, for scripts.")
    var json = false

    func run() async throws {
        try await Session.run(global) { session in
            if !global.offline {
                let round = await UpdatesCheck(reading: session.reading, database: session.database).run()
                if let failure = round.failure {
                    StandardError().writeLine("note: not every favourite could be checked: \(failure.message)")
                }
            }
            let feed = UpdatesFeed(database: session.database, viewer: session.viewer)
            let updates = all ? try await feed.recent(now: session.reading.now()) : try await feed.unseen()
            try await feed.markSeen(updates)
            if json {
                try printJSON(updates.map(UpdateJSON.init))
            } else if updates.isEmpty {
                writeOut(all ? "Nothing happened to your favourites in the last 30 days.\n" : "Nothing new since you last looked.\n")
            } else {
                let now = session.reading.now()
                let lines = updates.map { update in
                    "\(update.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(RelativeTime.describe(update.occurredAt, now: now).padding(toLength: 14, withPad: " ", startingAt: 0)) \(TerminalText.clean(update.summary))"
                }
                writeOut(lines.joined(separator: "\n") + "\n")
            }
        }
    }
}

/// An update as `--json` prints it.
struct UpdateJSON: Encodable {
    var kind: String
    var fullName: String
    var occurredAt: Date
    var summary: String
    var htmlURL: String

    init(_ update: Update) {
        kind = update.kind.rawValue
        fullName = update.fullName
        occurredAt = update.occurredAt
        summary = update.summary
        htmlURL = update.htmlURL
    }

    enum CodingKeys: String, CodingKey {
        case kind, summary
        case fullName = "full_name"
        case occurredAt = "occurred_at"
        case htmlURL = "html_url"
    }
}
