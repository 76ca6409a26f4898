import AsyncHTTPClient
import Synchronization

/// The `HTTPClient` a transport sends with: one it is given (a server's, for the server's whole
/// life), or one made when the first request is sent. A command answered from the store then
/// makes no client, starts no event-loop thread and has nothing to shut down: a warm
/// `starscope trending` sends no request.
public final class HTTPClientSource: Sendable {
    private enum State {
        case given(HTTPClient)
        case waiting(HTTPClient.Configuration)
        case made(HTTPClient)
        case closed
    }

    private let state: Mutex<State>

    /// A client its owner shuts down.
    public init(_ client: HTTPClient) {
        state = Mutex(.given(client))
    }

    /// A client made with `configuration` on the first request; `shutdown()` ends it.
    public init(making configuration: HTTPClient.Configuration) {
        state = Mutex(.waiting(configuration))
    }

    /// The client, made now if this is the first request.
    func client() throws(GitHubError) -> HTTPClient {
        let client: HTTPClient? = state.withLock { state in
            switch state {
            case .given(let client), .made(let client): return client
            case .waiting(let configuration):
                let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
                state = .made(client)
                return client
            case .closed: return nil
            }
        }
        guard let client else { throw .offline(reason: "Starscope had already finished with GitHub") }
        return client
    }

    /// Shuts down the client this source made, if it made one; a given client is its owner's to
    /// shut down. No request can be sent after.
    public func shutdown() async throws {
        let made: HTTPClient? = state.withLock { state in
            switch state {
            case .given: return nil
            case .made(let client):
                state = .closed
                return client
            case .waiting, .closed:
                state = .closed
                return nil
            }
        }
        try await made?.shutdown()
    }
}
