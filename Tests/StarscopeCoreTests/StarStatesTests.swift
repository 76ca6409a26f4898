import Foundation
import StarscopeCore
import StarscopeStore
import Testing

/// What GitHub said about a person's star stands in for a while, per person, and no longer.
@Suite struct StarStatesTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func anAnswerStandsInForItsLifetimeOnlyAndForItsPersonOnly() {
        let states = StarStates(lifetime: 120)
        states.record(true, for: Viewer(stored: "ada"), repository: "Owner/Name", now: now)
        #expect(states.state(for: Viewer(stored: "ada"), repository: "owner/name", now: now.addingTimeInterval(119)) == true)
        #expect(states.state(for: Viewer(stored: "bob"), repository: "owner/name", now: now) == nil)
        #expect(states.state(for: Viewer(stored: "ada"), repository: "owner/name", now: now.addingTimeInterval(120)) == nil)
        // A clock that went back does not make an old answer new.
        states.record(false, for: Viewer(stored: "ada"), repository: "owner/name", now: now)
        #expect(states.state(for: Viewer(stored: "ada"), repository: "owner/name", now: now.addingTimeInterval(-1)) == nil)
    }

    @Test func theNewestAnswerWinsAndForgettingDropsEveryAnswer() {
        let states = StarStates()
        states.record(true, for: .owner, repository: "a/b", now: now)
        states.record(false, for: .owner, repository: "a/b", now: now)
        #expect(states.state(for: .owner, repository: "a/b", now: now) == false)
        states.forgetAll()
        #expect(states.state(for: .owner, repository: "a/b", now: now) == nil)
    }

    @Test func pastItsCapacityTheOldestAnswersGo() {
        let states = StarStates(capacity: 4)
        for index in 0..<5 {
            states.record(true, for: .owner, repository: "o/r\(index)", now: now.addingTimeInterval(Double(index)))
        }
        #expect(states.state(for: .owner, repository: "o/r0", now: now.addingTimeInterval(5)) == nil)
        #expect(states.state(for: .owner, repository: "o/r4", now: now.addingTimeInterval(5)) == true)
    }
}
