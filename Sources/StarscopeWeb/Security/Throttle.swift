import Foundation

/// At most `limit` events per key in a sliding window, each key counted on its own: one key over
/// its limit never holds back another. It remembers at most `maximumKeys` keys (past that,
/// those idle longest are forgotten first), so a crowd of addresses cannot fill the memory.
struct Throttle: Sendable {
    let limit: Int
    let window: TimeInterval
    let maximumKeys: Int
    private var events: [String: [Date]] = [:]

    init(limit: Int, window: TimeInterval = 60, maximumKeys: Int = 10_000) {
        self.limit = limit
        self.window = window
        self.maximumKeys = maximumKeys
    }

    /// Counts an event for `key` and says yes, or says no (counting nothing) when `key` had
    /// `limit` events in the window already.
    mutating func allow(_ key: String, now: Date = Date()) -> Bool {
        let start = now - window
        var recent = (events[key] ?? []).filter { $0 > start }
        guard recent.count < limit else {
            events[key] = recent
            return false
        }
        if events[key] == nil, events.count >= maximumKeys { makeRoom(windowStart: start) }
        recent.append(now)
        events[key] = recent
        return true
    }

    /// How many keys are remembered.
    var keyCount: Int { events.count }

    private mutating func makeRoom(windowStart: Date) {
        events = events.filter { $0.value.contains { $0 > windowStart } }
        while events.count >= maximumKeys, let idle = events.min(by: { ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast) })
        {
            events[idle.key] = nil
        }
    }
}
