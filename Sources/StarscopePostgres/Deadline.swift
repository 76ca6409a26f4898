import StarscopeStore
import Synchronization

/// Work with a deadline that holds even when the work does not stop when cancelled.
///
/// PostgresNIO 1.33 drops a statement written to a connection the server has just closed, and
/// its caller then waits forever (the fix, vapor/postgres-nio#487, was reverted). A task group
/// that races the work against a timer waits for both children, so it would wait forever too,
/// and with it a page or every background round that follows. Here the caller is answered
/// `StoreError.unreachable` at the deadline, and the work is cancelled and left to end alone.
enum Deadline {
    static func run<T: Sendable>(_ deadline: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let race = Race<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let worker = Task {
                    do {
                        race.finish(.success(try await work()))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                let timer = Task {
                    guard (try? await Task.sleep(for: deadline)) != nil else { return }
                    race.finish(.failure(StoreError.unreachable))
                }
                race.begin(continuation, tasks: [worker, timer])
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    /// The first outcome of the work, the timer or the caller's cancellation; the later ones are
    /// ignored, and the tasks still running are cancelled.
    private final class Race<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<T, any Error>?
            var tasks: [Task<Void, Never>] = []
            /// The first outcome, when it came before the continuation was handed over.
            var early: Result<T, any Error>?
            var finished = false
        }

        private let state = Mutex(State())

        func begin(_ continuation: CheckedContinuation<T, any Error>, tasks: [Task<Void, Never>]) {
            let early: Result<T, any Error>? = state.withLock { state in
                guard state.finished else {
                    state.continuation = continuation
                    state.tasks = tasks
                    return nil
                }
                return state.early
            }
            guard let early else { return }
            for task in tasks { task.cancel() }
            continuation.resume(with: early)
        }

        func finish(_ outcome: Result<T, any Error>) {
            let waiting: (CheckedContinuation<T, any Error>, [Task<Void, Never>])? = state.withLock { state in
                guard !state.finished else { return nil }
                state.finished = true
                guard let continuation = state.continuation else {
                    state.early = outcome
                    return nil
                }
                state.continuation = nil
                defer { state.tasks = [] }
                return (continuation, state.tasks)
            }
            guard let (continuation, tasks) = waiting else { return }
            for task in tasks { task.cancel() }
            continuation.resume(with: outcome)
        }
    }
}
