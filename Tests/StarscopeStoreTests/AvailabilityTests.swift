import Foundation
import Testing

@testable import StarscopePostgres

/// While PostgreSQL is away, statements are refused at once but one at a time asks again, at
/// most every `probeInterval` after the last asked; the first answer lets everyone through.
@Suite struct AvailabilityTests {
    @Test func oneStatementAtATimeAsksAgainWhileTheServerIsAway() {
        let availability = Availability()
        let start = Date(timeIntervalSince1970: 1_000_000)
        #expect(availability.admit(now: start) == .run)
        availability.report(.run, reachable: false, now: start)
        #expect(availability.isAway)
        // The first after the failure asks; the others meanwhile are refused.
        #expect(availability.admit(now: start + 1) == .probe)
        #expect(availability.admit(now: start + 1.5) == .refuse)
        availability.report(.probe, reachable: false, now: start + 3)
        // The next probe waits from the end of the last one.
        #expect(availability.admit(now: start + 3.5) == .refuse)
        #expect(availability.admit(now: start + 4) == .probe)
        availability.report(.probe, reachable: true, now: start + 4.1)
        #expect(!availability.isAway)
        #expect(availability.admit(now: start + 4.2) == .run)
        #expect(availability.admit(now: start + 4.2) == .run)
    }

    /// Under load a statement can wait out its deadline for a connection while others are
    /// answered: the server is busy, not away, and the others are not refused.
    @Test func aStatementThatTimesOutWhileOthersAreAnsweredLeavesTheRestRunning() {
        let availability = Availability()
        let start = Date(timeIntervalSince1970: 1_000_000)
        #expect(availability.admit(now: start) == .run)
        availability.report(.run, reachable: true, since: start, now: start + 2)
        availability.report(.run, reachable: false, since: start, now: start + 5)
        #expect(!availability.isAway)
        #expect(availability.admit(now: start + 5) == .run)
        // With no answer since it began, the server is away.
        availability.report(.run, reachable: false, since: start + 3, now: start + 8)
        #expect(availability.isAway)
        #expect(availability.admit(now: start + 9) == .probe)
    }
}
