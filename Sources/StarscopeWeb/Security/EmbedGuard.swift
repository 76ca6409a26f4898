import Foundation
import Synchronization

/// What stands between an embed anyone may load (`--public-embeds`) and the server token's
/// budget: each drawn SVG kept for an hour (as long as browsers may keep it) and served while
/// GitHub's budget is low; a name GitHub did not know kept for ten minutes; and at most
/// `drawsPerMinute` new drawings for one client address, past which a kept one (however old)
/// stands in or the embed is refused for a minute.
final class EmbedGuard: Sendable {
    /// How long a drawn SVG is served as it is.
    static let freshFor: TimeInterval = 3_600
    /// How long a name GitHub did not know is answered "not found" without asking again.
    static let missingFor: TimeInterval = 600
    /// New drawings one client address may ask for in a minute.
    static let drawsPerMinute = 20
    /// SVGs and missing names remembered at most (the oldest are forgotten first).
    static let maximumKept = 512
    static let maximumMissing = 10_000

    struct Kept {
        var svg: String
        var drawnAt: Date
    }

    private struct State {
        var kept: [String: Kept] = [:]
        var missing: [String: Date] = [:]
        var throttle = Throttle(limit: EmbedGuard.drawsPerMinute)
    }

    private let state = Mutex(State())

    /// The SVG kept for `key` (the embed's path and query), if any, however old.
    func kept(_ key: String) -> Kept? {
        state.withLock { $0.kept[key] }
    }

    /// Whether any of `names` was not found on GitHub less than `missingFor` ago.
    func anyMissing(_ names: [String], now: Date = Date()) -> Bool {
        state.withLock { state in names.contains { state.missing[$0.lowercased()].map { now < $0 } ?? false } }
    }

    /// Counts a new drawing for `client` and says whether it may have one.
    func mayDraw(for client: String, now: Date = Date()) -> Bool {
        state.withLock { $0.throttle.allow(client, now: now) }
    }

    func keep(_ svg: String, for key: String, now: Date = Date()) {
        state.withLock { state in
            if state.kept[key] == nil, state.kept.count >= Self.maximumKept,
                let oldest = state.kept.min(by: { $0.value.drawnAt < $1.value.drawnAt })
            {
                state.kept[oldest.key] = nil
            }
            state.kept[key] = Kept(svg: svg, drawnAt: now)
        }
    }

    func markMissing(_ name: String, now: Date = Date()) {
        state.withLock { state in
            if state.missing.count >= Self.maximumMissing { state.missing = state.missing.filter { now < $0.value } }
            if state.missing.count >= Self.maximumMissing { state.missing.removeAll() }
            state.missing[name.lowercased()] = now + Self.missingFor
        }
    }
}
