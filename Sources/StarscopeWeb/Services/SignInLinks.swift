import Foundation
import Synchronization

/// Where the server listens, and the sign-in links it announces there: with sign-in required, a
/// one-time link (`SignInGate`) when it starts and after each use; with accounts, the sign-in page.
final class SignInLinks: Sendable {
    let gate = SignInGate()
    let requireSignIn: Bool
    let accounts: Bool
    let announce: @Sendable (String) -> Void
    private let listening: Mutex<(port: Int, signInBase: String?)>

    init(settings: WebSettings) {
        requireSignIn = settings.requireSignIn
        accounts = settings.accounts
        announce = settings.announceSignInLink
        listening = Mutex((settings.port, nil))
    }

    /// The port the server accepts connections on (the configured one until it is listening).
    var port: Int { listening.withLock { $0.port } }

    /// Called once the server listens: notes the port and, when sign-in is required, announces
    /// the first sign-in link.
    func didStartListening(host: String, port: Int) async {
        let address = SignInLink.reachableAddress(boundHost: host)
        let base = "http://\(Authority(host: address, port: port).urlText)/signin?code="
        listening.withLock { $0 = (port, base) }
        await announceNew()
    }

    /// Issues a new one-time link and announces it; with accounts, announces the sign-in page
    /// (each person signs in with their own token).
    func announceNew() async {
        guard requireSignIn, let base = listening.withLock({ $0.signInBase }) else { return }
        if accounts {
            announce(String(base.dropLast("?code=".count)))
            return
        }
        announce(base + (await gate.issue()))
    }
}
