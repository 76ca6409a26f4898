/// What a cache of renderings holds: what was used in the current period and in the one before.
///
/// A rendering is keyed by everything it shows, so one that shows an old star count or an old
/// "3 minutes ago" is never asked for again. Each `period` (or sooner, when the newer generation
/// is full) the older generation is dropped and the newer one becomes the older; an entry found
/// in the older is moved to the newer. What is kept follows what is being shown, and stops growing
/// once the server has run two periods, however long it then runs.
struct Generations<Key: Hashable, Value> {
    private var newer: [Key: (value: Value, cost: Int)] = [:]
    private var older: [Key: (value: Value, cost: Int)] = [:]
    private var newerCost = 0
    private var turned: ContinuousClock.Instant
    /// The most the newer generation may cost (entries, or bytes): twice this is kept at most.
    let capacity: Int
    let period: Duration

    init(capacity: Int, period: Duration, now: ContinuousClock.Instant = .now) {
        self.capacity = capacity
        self.period = period
        turned = now
    }

    /// The value kept for `key`, moved to the newer generation when it was in the older.
    mutating func value(_ key: Key, now: ContinuousClock.Instant = .now) -> Value? {
        turnIfDue(now)
        if let kept = newer[key] { return kept.value }
        guard let kept = older.removeValue(forKey: key) else { return nil }
        insert(kept.value, for: key, cost: kept.cost, now: now)
        return kept.value
    }

    /// Keeps `value` for `key`; one that alone costs more than `capacity` is not kept.
    mutating func insert(_ value: Value, for key: Key, cost: Int = 1, now: ContinuousClock.Instant = .now) {
        guard cost <= capacity else { return }
        turnIfDue(now)
        if newerCost + cost > capacity { turn(now) }
        if let replaced = newer.updateValue((value, cost), forKey: key) { newerCost -= replaced.cost }
        newerCost += cost
    }

    private mutating func turnIfDue(_ now: ContinuousClock.Instant) {
        let idle = now - turned
        guard idle >= period else { return }
        turn(now)
        // A whole period went by with nothing asked: what the newer held was last used before it.
        if idle >= period * 2 { older = [:] }
    }

    private mutating func turn(_ now: ContinuousClock.Instant) {
        older = newer
        newer = [:]
        newerCost = 0
        turned = now
    }
}
