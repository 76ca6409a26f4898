import Foundation
import StarscopeCore

/// `--watch`: prints star changes as they happen, within the live budget, until interrupted.
enum Watch {
    static func run(_ sources: Set<LiveSource>, session: Session) async {
        let settings = SettingsSources(variables: session.environment)
        let interval = settings.number(.liveInterval, default: 60, within: 0.1...86_400)
        let share = settings.number(.liveShare, default: 0.5, within: 0...1)
        var scheduler = LiveScheduler(budget: LiveBudget(share: share, minimumInterval: interval))
        var known: [String: Int] = [:]
        StandardError().writeLine("Watching star counts (at most every \(Int(interval)) s, within half of the rate limit); Ctrl-C stops.")
        while !Task.isCancelled {
            let round = await scheduler.round(sources, reading: session.reading)
            for (repo, stars) in round.stars.values.flatMap({ $0 }).sorted(by: { $0.key < $1.key }) {
                if let before = known[repo], before != stars {
                    let change = stars - before
                    let time = Date().formatted(date: .omitted, time: .standard)
                    writeOut("\(time)  \(repo)  ★ \(GroupedNumber.format(stars))  (\(change > 0 ? "+" : "")\(change))\n")
                }
                known[repo] = stars
            }
            try? await Task.sleep(for: .milliseconds(Int(round.delay * 1000)))
        }
    }
}
