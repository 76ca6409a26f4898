import Foundation
import StarscopeModels
import StarscopeStore

/// What counts as news about a favourite, as pure rules over what Starscope knew before and
/// sees now, so that each is tested without GitHub.
public enum UpdateRules {
    /// Star counts worth a word when crossed.
    public static let milestones = [100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000]

    /// An unusual day: at least this many stars in the last 24 hours…
    public static let unusualMinimum = 25
    /// …and at least this many times the repository's own average daily gain over the week before.
    public static let unusualFactor = 3.0

    /// The rule in words, for the Updates page.
    public static let unusualRule =
        "An unusual day is at least \(unusualMinimum) stars in 24 hours and at least \(Int(unusualFactor)) times the repository's own average daily gain over the 7 days before."

    /// The updates between `before` (nil the first time: nothing is news yet) and `now`.
    public static func updates(
        before: RepositoryWatch?, now: RepositoryWatch, repository: Repository, release: Release?, history: [StarSample],
        gitHubDays: StarCurve? = nil, at date: Date
    ) -> [Update] {
        guard let before else { return [] }
        func update(_ kind: Update.Kind, _ key: String, _ summary: String, url: String? = nil) -> Update {
            Update(
                key: "\(kind.rawValue):\(now.repositoryID):\(key)", kind: kind, repositoryID: now.repositoryID,
                fullName: now.fullName, occurredAt: date, summary: summary, htmlURL: url ?? repository.htmlURL)
        }
        var found: [Update] = []
        for milestone in milestones where before.stars < milestone && now.stars >= milestone {
            found.append(update(.milestone, String(milestone), "\(now.fullName) passed \(CompactNumber.format(milestone)) stars."))
        }
        if let gitHubDays {
            // GitHub's own count of each day, when Starscope has it: yesterday, whole, against the week before.
            if let (day, gained) = unusualDay(gitHubDays, at: date) {
                found.append(
                    update(.gain, day, "\(now.fullName) gained \(CountNoun.text(gained, "star")) on \(day), far above its usual pace."))
            }
        } else if let gained = unusualGain(history: history, current: now.stars, at: date) {
            let day = Self.day(date)
            found.append(
                update(.gain, day, "\(now.fullName) gained \(CountNoun.text(gained, "star")) in a day, far above its usual pace."))
        }
        if let tag = now.latestRelease, tag != before.latestRelease {
            let title = release.map { $0.title == tag ? tag : "\($0.title) (\(tag))" } ?? tag
            found.append(update(.release, tag, "\(now.fullName) released \(title).", url: release?.htmlURL))
        }
        if now.archived && !before.archived {
            found.append(update(.archived, day(date), "\(now.fullName) was archived: it is read-only now."))
        }
        if now.fullName.caseInsensitiveCompare(before.fullName) != .orderedSame {
            found.append(update(.renamed, now.fullName.lowercased(), "\(before.fullName) is now \(now.fullName)."))
        }
        return found
    }

    /// The gain of the last 24 hours, when it is unusual for this repository (see `unusualRule`).
    public static func unusualGain(history: [StarSample], current: Int, at date: Date) -> Int? {
        let dayAgo = date.addingTimeInterval(-86_400)
        let weekBefore = dayAgo.addingTimeInterval(-7 * 86_400)
        guard let atDayAgo = history.last(where: { $0.recordedAt <= dayAgo }) else { return nil }
        // Counts are held to `0...Count.maximum`, so differences cannot overflow.
        let gained = Count.clamped(current) - Count.clamped(atDayAgo.stars)
        guard gained >= unusualMinimum else { return nil }
        // Without a week of history, the usual pace is taken as the start of what is known.
        let start = history.last(where: { $0.recordedAt <= weekBefore }) ?? history.first ?? atDayAgo
        let days = max(1, atDayAgo.recordedAt.timeIntervalSince(start.recordedAt) / 86_400)
        let usual = Double(Count.clamped(atDayAgo.stars) - Count.clamped(start.stars)) / days
        return Double(gained) >= unusualFactor * max(1, usual) ? gained : nil
    }

    /// Yesterday (UTC, a whole day) from GitHub's days, when unusual: at least `unusualMinimum`
    /// stars and `unusualFactor` times the average of the 7 days before; its date and stars.
    public static func unusualDay(_ curve: StarCurve, at date: Date) -> (day: String, stars: Int)? {
        let today = CivilDate.dayNumber(of: date)
        let yesterday = today - 1
        guard let first = curve.days.first, first.day <= yesterday - 7 else { return nil }
        let gained = curve.total(atEndOf: yesterday) - curve.total(atEndOf: yesterday - 1)
        let usual = Double(curve.total(atEndOf: yesterday - 1) - curve.total(atEndOf: yesterday - 8)) / 7
        guard gained >= unusualMinimum, Double(gained) >= unusualFactor * max(1, usual) else { return nil }
        return (StarCurve.Point(day: yesterday, stars: 0, total: 0).date, gained)
    }

    static func day(_ date: Date) -> String {
        CivilDay.format(date)
    }
}

/// `YYYY-MM-DD` in UTC.
enum CivilDay {
    static func format(_ date: Date) -> String {
        let parts = Calendar.utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
