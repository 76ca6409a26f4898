import Foundation
import StarscopeModels

/// One-time sign-in codes and the throttle on trying them.
///
/// A code is 128 random bits, valid for ten minutes and for one use; codes live in memory only,
/// so a restart invalidates the links it printed. Each client may try ten codes a minute and all
/// clients together sixty, so guessing is hopeless and cannot load the server.
actor SignInGate {
    enum Outcome: Sendable, Equatable {
        case accepted
        case refused
        case throttled
    }

    static let codeLifetime: TimeInterval = 600
    static let perClientPerMinute = 10
    static let totalPerMinute = 60

    private var codes: [String: Date] = [:]
    private var attempts: [String: [Date]] = [:]
    private var allAttempts: [Date] = []

    /// A new code, valid for `codeLifetime`.
    func issue(now: Date = Date()) -> String {
        codes = codes.filter { $0.value > now }
        var generator = SystemRandomNumberGenerator()
        let code = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }.hexString
        codes[code] = now + Self.codeLifetime
        return code
    }

    /// Counts an attempt against `client`; false when it is over its share (or all are).
    func allowAttempt(client: String, now: Date = Date()) -> Bool {
        let windowStart = now - 60
        allAttempts.removeAll { $0 <= windowStart }
        attempts = attempts.compactMapValues { times in
            let recent = times.filter { $0 > windowStart }
            return recent.isEmpty ? nil : recent
        }
        guard allAttempts.count < Self.totalPerMinute, attempts[client, default: []].count < Self.perClientPerMinute else {
            return false
        }
        allAttempts.append(now)
        attempts[client, default: []].append(now)
        return true
    }

    /// Uses `code` up if it is valid; counts the attempt against `client` either way.
    func redeem(_ code: String, client: String, now: Date = Date()) -> Outcome {
        guard allowAttempt(client: client, now: now) else { return .throttled }
        guard code.utf8.count == 32, let expiry = codes[code] else { return .refused }
        codes[code] = nil
        return expiry > now ? .accepted : .refused
    }
}
