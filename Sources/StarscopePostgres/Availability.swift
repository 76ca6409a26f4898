import Foundation
import StarscopeStore
import Synchronization

/// Whether PostgreSQL answered lately. While it is away every statement would wait out its
/// deadline for a connection, and a page makes several: so once one finds it unreachable, the
/// others are refused at once, while one statement at a time, at most every `probeInterval`,
/// is let through (with a short deadline) to ask again. The first answer opens the way for all.
/// A statement that waited out its deadline while others were answered found the server busy,
/// not away: it fails alone, and the rest run on.
final class Availability: Sendable {
    /// How long a statement let through to ask again may wait.
    static let probeDeadline: Duration = .seconds(2)
    static let probeInterval: TimeInterval = 1

    enum Admission: Equatable {
        /// The server answered lately: run with the usual deadline.
        case run
        /// The server was away: this statement asks again, with `probeDeadline`.
        case probe
        /// The server is away and another statement is asking: refuse at once.
        case refuse
    }

    private struct State {
        var away = false
        var probing = false
        var lastProbe = Date.distantPast
        /// When a statement was last answered.
        var lastAnswer = Date.distantPast
    }

    private let state = Mutex(State())

    func admit(now: Date = Date()) -> Admission {
        state.withLock { state in
            guard state.away else { return .run }
            guard !state.probing, now.timeIntervalSince(state.lastProbe) >= Self.probeInterval else { return .refuse }
            state.probing = true
            state.lastProbe = now
            return .probe
        }
    }

    /// What a statement let through (`admission`) at `start` found: whether the server was
    /// reachable. Unreachable while another statement was answered since `start` means busy.
    func report(_ admission: Admission, reachable: Bool, since start: Date = .distantPast, now: Date = Date()) {
        state.withLock { state in
            if admission == .probe {
                state.probing = false
                state.lastProbe = now  // the next one waits from the end of this one
            }
            if reachable {
                state.lastAnswer = max(state.lastAnswer, now)
                state.away = false
            } else if state.lastAnswer <= start {
                state.away = true
            }
        }
    }

    var isAway: Bool { state.withLock { $0.away } }
}
