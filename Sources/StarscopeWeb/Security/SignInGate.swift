import Foundation
import StarscopeModels

/// One-time sign-in codes and the throttles on signing in.
///
/// A code is 128 random bits, valid for ten minutes and for one use; codes live in memory only,
/// so a restart invalidates the links it printed. Every limit is per client (`ClientAddress`:
/// an IPv4 address or an IPv6 /64) or per account, never for everyone together, so no crowd of
/// wrong attempts can keep the owner, or anyone else, out:
/// - each client may try ten codes or tokens a minute (guessing a 128-bit code is hopeless anyway);
/// - each account may be signed in to ten times a minute, counted once GitHub has said whose the
///   token is (only the holder of that account's token can spend it);
/// - each client may start ten guest sessions a minute.
actor SignInGate {
    enum Outcome: Sendable, Equatable {
        case accepted
        case refused
        case throttled
    }

    static let codeLifetime: TimeInterval = 600
    static let perClientPerMinute = 10
    static let perAccountPerMinute = 10
    static let guestsPerClientPerMinute = 10

    private var codes: [String: Date] = [:]
    private var byClient = Throttle(limit: perClientPerMinute)
    private var byAccount = Throttle(limit: perAccountPerMinute)
    private var guestsByClient = Throttle(limit: guestsPerClientPerMinute)

    /// A new code, valid for `codeLifetime`.
    func issue(now: Date = Date()) -> String {
        codes = codes.filter { $0.value > now }
        var generator = SystemRandomNumberGenerator()
        let code = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }.hexString
        codes[code] = now + Self.codeLifetime
        return code
    }

    /// Counts a sign-in attempt (a code or a token) against `client`; false when it is over its share.
    func allowAttempt(client: ClientAddress, now: Date = Date()) -> Bool {
        byClient.allow(client.key, now: now)
    }

    /// Counts a sign-in to `login` (whose token GitHub has just recognised); false when that
    /// account had its share this minute.
    func allowSignIn(login: String, now: Date = Date()) -> Bool {
        byAccount.allow(login.lowercased(), now: now)
    }

    /// Counts a new guest session for `client`; false when it is over its share.
    func allowGuest(client: ClientAddress, now: Date = Date()) -> Bool {
        guestsByClient.allow(client.key, now: now)
    }

    /// Uses `code` up if it is valid; counts the attempt against `client` either way.
    func redeem(_ code: String, client: ClientAddress, now: Date = Date()) -> Outcome {
        guard allowAttempt(client: client, now: now) else { return .throttled }
        guard code.utf8.count == 32, let expiry = codes[code] else { return .refused }
        codes[code] = nil
        return expiry > now ? .accepted : .refused
    }
}
