import Synchronization
import Testing

@testable import StarscopePostgres
@testable import StarscopeStore

/// A statement's deadline holds even when the statement does not stop when cancelled, as
/// PostgresNIO's does not on a connection the server has just closed: the caller is answered.
@Suite struct DeadlineTests {
    @Test func workThatIgnoresCancellationIsLeftBehindAtTheDeadline() async throws {
        // A wait that cancellation does not end: only the test lets it go.
        let gate = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let ended = Atomic(false)
        var answer: (any Error)?
        do {
            _ = try await Deadline.run(.milliseconds(50)) { () async -> Int in
                await withCheckedContinuation { continuation in gate.withLock { $0 = continuation } }
                ended.store(true, ordering: .relaxed)
                return 1
            }
        } catch {
            answer = error
        }
        let stillRunning = !ended.load(ordering: .relaxed)
        #expect(answer as? StoreError == .unreachable)
        #expect(stillRunning, "the caller was answered while the work still ran")
        while gate.withLock({ $0 == nil }) { try await Task.sleep(for: .milliseconds(1)) }
        gate.withLock { $0?.resume() }
    }

    @Test func workThatEndsInTimeGivesItsValueOrItsError() async throws {
        #expect(try await Deadline.run(.seconds(60)) { 7 } == 7)
        await #expect(throws: StoreError.database("no such table")) {
            try await Deadline.run(.seconds(60)) { () async throws -> Int in throw StoreError.database("no such table") }
        }
    }

    @Test func theCallersCancellationEndsTheWait() async throws {
        let task = Task {
            try await Deadline.run(.seconds(600)) { () async throws -> Int in
                try await Task.sleep(for: .seconds(600))
                return 1
            }
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
