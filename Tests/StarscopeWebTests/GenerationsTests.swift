import Testing

@testable import StarscopeWeb

/// A cache of renderings keeps what was used this period and the one before, and nothing older,
/// so that what it holds follows what is shown rather than how long the server has run.
@Suite struct GenerationsTests {
    let start = ContinuousClock.now

    @Test func whatIsUsedStaysAndWhatIsNotGoesAfterTwoPeriods() {
        var kept = Generations<String, Int>(capacity: 10, period: .seconds(60), now: start)
        kept.insert(1, for: "used", now: start)
        kept.insert(2, for: "unused", now: start)
        // One period on: both still there (the older generation), "used" is moved to the newer.
        #expect(kept.value("used", now: start + .seconds(61)) == 1)
        // Two periods on: "unused" was in the older generation when it turned, and is gone.
        #expect(kept.value("unused", now: start + .seconds(122)) == nil)
        #expect(kept.value("used", now: start + .seconds(122)) == 1)
        // Nothing asked for in two whole periods: nothing is left.
        #expect(kept.value("used", now: start + .seconds(400)) == nil)
    }

    @Test func aFullGenerationTurnsAndAnEntryOverTheBoundIsNotKept() {
        var kept = Generations<Int, String>(capacity: 10, period: .seconds(60), now: start)
        kept.insert("a", for: 1, cost: 6, now: start)
        kept.insert("b", for: 2, cost: 6, now: start)
        // 1 went to the older generation when 2 did not fit beside it; 3 turns it again.
        #expect(kept.value(1, now: start) == "a")
        kept.insert("c", for: 3, cost: 6, now: start)
        kept.insert("d", for: 4, cost: 6, now: start)
        #expect(kept.value(2, now: start) == nil)
        #expect(kept.value(3, now: start) == "c" && kept.value(4, now: start) == "d")
        kept.insert("huge", for: 5, cost: 11, now: start)
        #expect(kept.value(5, now: start) == nil)
        // The same key again replaces its value and its cost.
        kept.insert("e", for: 4, cost: 1, now: start)
        #expect(kept.value(4, now: start) == "e")
    }
}
