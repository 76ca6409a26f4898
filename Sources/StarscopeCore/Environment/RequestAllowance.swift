import Foundation
import GitHubAPI
import StarscopeModels
import Synchronization

/// A share of one token's hourly rate limit, counted in the requests that reach GitHub (answers
/// from the cache cost nothing): what may be spent on behalf of anyone at all, such as the star
/// history embeds of `serve --public-embeds`. Each hour starts with `share` of the token's limit
/// (as GitHub last reported it; 5,000 until it has); past it, `AllowanceTransport` sends nothing
/// more until the hour is over.
public final class RequestAllowance: Sendable {
    /// The part of the token's hourly limit that may be spent (0 to 1).
    public let share: Double

    private struct State {
        var limit: Int
        var hourStarted: Date?
        var spent = 0
    }

    private let state: Mutex<State>

    public init(share: Double, limit: Int = 5_000) {
        self.share = share.isFinite ? min(1, max(0, share)) : 0
        state = Mutex(State(limit: max(0, limit)))
    }

    /// Requests allowed in an hour.
    public var perHour: Int {
        state.withLock { Self.perHour(share: share, limit: $0.limit) }
    }

    private static func perHour(share: Double, limit: Int) -> Int {
        Int((share * Double(limit)).rounded(.down))
    }

    /// Requests left in the hour under way at `now`.
    public func remaining(at now: Date = Date()) -> Int {
        state.withLock { state in
            Self.roll(&state, at: now)
            return max(0, Self.perHour(share: share, limit: state.limit) - state.spent)
        }
    }

    /// Seconds until the hour under way at `now` ends and its requests are allowed again.
    public func secondsUntilRenewal(at now: Date = Date()) -> Int {
        state.withLock { state in
            guard let started = state.hourStarted else { return 0 }
            return max(1, Int((started.addingTimeInterval(3_600).timeIntervalSince(now)).rounded(.up)))
        }
    }

    /// Spends one request, or says (false) that none is left this hour.
    func spend(at now: Date) -> Bool {
        state.withLock { state in
            Self.roll(&state, at: now)
            guard state.spent < Self.perHour(share: share, limit: state.limit) else { return false }
            if state.hourStarted == nil { state.hourStarted = now }
            state.spent += 1
            return true
        }
    }

    /// Learns the token's hourly limit from an answer GitHub sent (its `core` bucket's).
    func learn(_ rateLimit: RateLimit) {
        guard rateLimit.resource == "core", rateLimit.limit > 0 else { return }
        state.withLock { $0.limit = rateLimit.limit }
    }

    /// A new hour once the last one is over.
    private static func roll(_ state: inout State, at now: Date) {
        if let started = state.hourStarted, now.timeIntervalSince(started) >= 3_600 || now < started {
            state.hourStarted = nil
            state.spent = 0
        }
    }

    /// Whether a request was refused for want of allowance while `body` ran (in its task or the
    /// tasks it started): what it drew is then incomplete.
    public static func refusals<T: Sendable>(during body: () async -> T) async -> (value: T, refused: Bool) {
        let marker = RefusalMarker()
        let value = await $marker.withValue(marker) { await body() }
        return (value, marker.refused)
    }

    @TaskLocal static var marker: RefusalMarker?
}

/// Set when a request is refused within `RequestAllowance.refusals(during:)`.
final class RefusalMarker: Sendable {
    private let value = Mutex(false)

    func mark() { value.withLock { $0 = true } }

    var refused: Bool { value.withLock { $0 } }
}

/// Sends a request to GitHub only while `allowance` has one left this hour; otherwise it fails
/// as a spent rate limit would (the cache then answers with what it kept, if anything).
struct AllowanceTransport: GitHubTransport {
    let upstream: any GitHubTransport
    let allowance: RequestAllowance

    func send(_ request: GitHubRequest) async throws(GitHubError) -> GitHubResponse {
        let now = Date()
        guard allowance.spend(at: now) else {
            RequestAllowance.marker?.mark()
            throw .rateLimited(
                resource: "core", limit: allowance.perHour, reset: now.addingTimeInterval(Double(allowance.secondsUntilRenewal(at: now))))
        }
        let response = try await upstream.send(request)
        if let rateLimit = response.rateLimit { allowance.learn(rateLimit) }
        return response
    }
}
