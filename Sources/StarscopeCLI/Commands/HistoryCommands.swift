import ArgumentParser
import Foundation
import StarscopeCore
import StarscopeModels

/// One point of `history --json`: `{"date": "YYYY-MM-DD", "stars": n, "total": n}`.
struct StarPointJSON: Encodable {
    var date: String
    var stars: Int
    var total: Int

    init(_ point: StarCurve.Point) {
        date = point.date
        stars = point.stars
        total = point.total
    }
}

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "A repository's whole star history from GitHub: stars given each day (or week) and the total.",
        discussion: """
            GitHub counts the stars that still exist: an unstar lowers the day it was given. The history \
            is fetched whole once, then only its newest page, at most once a day.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var argument: RepositoryArgument
    @Flag(help: "One row a day (the default).") var days = false
    @Flag(help: "One row a week (each week's Sunday).") var weeks = false
    @Flag(help: "Print JSON: [{\"date\", \"stars\", \"total\"}], oldest first.") var json = false

    func validate() throws {
        if days && weeks { throw ValidationError("Choose --days or --weeks, not both.") }
    }

    func run() async throws {
        try await Session.run(global) { session in
            let name = try argument.repository
            let history = try await session.reading.history.starHistory(name)
            guard !history.unavailable else {
                throw StarscopeError.notFound("GitHub has no star history for \(history.repository.fullName).")
            }
            let points = weeks ? history.curve.weekly : history.curve.days
            if json {
                try printJSON(points.map(StarPointJSON.init))
                return
            }
            guard history.curve.total > 0 else {
                writeOut("\(history.repository.fullName) has no stars.\n")
                return
            }
            var table = Table(columns: [
                .init(title: weeks ? "WEEK OF" : "DATE"), .init(title: "STARS", alignRight: true, style: .yellow),
                .init(title: "TOTAL", alignRight: true),
            ])
            for point in points where point.stars != 0 || point.day == points.last?.day {
                table.append([point.date, GroupedNumber.format(point.stars), GroupedNumber.format(point.total)])
            }
            writeOut(table.render(width: session.terminal.width, terminal: session.terminal))
            if let peak = history.curve.peakDay, let best = history.curve.bestWeek {
                let first = StarCurve.Point(day: best.start, stars: 0, total: 0).date
                writeOut(
                    "Peak day: \(peak.date) (\(CountNoun.text(peak.stars, "star"))); best 7 days from \(first) "
                        + "(\(CountNoun.text(best.stars, "star"))).\n")
            }
        }
    }
}

struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Two to ten repositories' star histories side by side: totals now, peak day, best 7 days."
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The repositories, as OWNER/NAME (2 to 10).") var names: [String]
    @Flag(help: "Print JSON: each repository's full_name and its history, oldest day first.") var json = false

    func validate() throws {
        guard (2...10).contains(names.count) else { throw ValidationError("Give 2 to 10 repositories to compare.") }
        for name in names {
            do { _ = try RepositoryName(parsing: name) } catch { throw ValidationError(error.message) }
        }
    }

    struct Entry: Encodable {
        var fullName: String
        var history: [StarPointJSON]

        enum CodingKeys: String, CodingKey {
            case fullName = "full_name"
            case history
        }
    }

    func run() async throws {
        try await Session.run(global) { session in
            var histories: [StarHistory] = []
            for name in names { histories.append(try await session.reading.history.starHistory(try RepositoryName(parsing: name))) }
            if json {
                try printJSON(histories.map { Entry(fullName: $0.repository.fullName, history: $0.curve.days.map(StarPointJSON.init)) })
                return
            }
            var table = Table(columns: [
                .init(title: "REPOSITORY", style: .bold), .init(title: "STARS", alignRight: true, style: .yellow),
                .init(title: "SINCE"), .init(title: "PEAK DAY"), .init(title: "BEST 7 DAYS", alignRight: true),
            ])
            for history in histories {
                let curve = history.curve
                table.append([
                    history.repository.fullName, history.unavailable ? "no history" : GroupedNumber.format(curve.total),
                    curve.days.first?.date ?? "", curve.peakDay.map { "\($0.date) (\(GroupedNumber.format($0.stars)))" } ?? "",
                    curve.bestWeek.map { GroupedNumber.format($0.stars) } ?? "",
                ])
            }
            writeOut(table.render(width: session.terminal.width, terminal: session.terminal))
        }
    }
}
