/// Polls `condition` every 100 ms until it holds or `timeout` passes, and says whether it held.
/// Tests wait on an outcome this way rather than sleeping a fixed time, so a busy machine slows
/// them down instead of failing them.
public func eventually(within timeout: Duration = .seconds(90), _ condition: @Sendable () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(100))
    }
    return try await condition()
}
