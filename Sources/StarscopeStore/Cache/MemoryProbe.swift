import Synchronization

/// Marks look-ups that are worth running one after another only while every answer they need is
/// fresh in this process's memory (`RecentAnswers`). Set with
/// `CachingTransport.$memoryOnly.withValue(probe) { … }`: an answer that would need the store or
/// GitHub is not looked for, the request fails, and `missed` says to run the look-ups again the
/// usual way (at once, each in a task of its own).
public final class MemoryProbe: Sendable {
    private let misses = Atomic<Int>(0)

    public init() {}

    /// True when some look-up under this probe needed more than memory.
    public var missed: Bool { misses.load(ordering: .relaxed) > 0 }

    func miss() {
        misses.add(1, ordering: .relaxed)
    }
}
