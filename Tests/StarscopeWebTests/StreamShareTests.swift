import FakeGitHub
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOPosix
import StarscopeCore
import StarscopeStore
import Testing

@testable import StarscopeWeb

/// `/live` behind a reverse proxy, at limits scaled down from the defaults in the same ratios
/// (a 32nd: 16 connections per address for 512, 2 streams per client for 64, 32 streams in all
/// for 1,024): the proxy's connections are not capped as one client's, each client behind it is
/// capped on its own, the server's cap leaves room for pages and `/healthz`, and guests cannot
/// take the streams kept for signed-in accounts.
@Suite struct StreamShareTests {
    static func scaled(_ settings: inout WebSettings) {
        ThrottleTests.behindTheProxy(&settings)
        settings.connections.perAddress = 16
        settings.connections.maximumTotal = 312
        settings.connections.idleTimeout = 3_600
        settings.streams.perAddress = 2
        settings.streams.total = 32
    }

    /// A `/live` stream over a connection of its own from 127.0.0.1 (the trusted proxy's
    /// address), as the proxy forwards it for `client`: its status (0 when the connection was
    /// closed unanswered), the connection kept open until `close`.
    struct Stream {
        let channel: any Channel
        let status: Int

        /// Hands on the first bytes the server sends, or "" when it closes without any.
        final class FirstBytes: ChannelInboundHandler {
            typealias InboundIn = ByteBuffer
            let promise: EventLoopPromise<String>
            private var told = false

            init(_ promise: EventLoopPromise<String>) { self.promise = promise }

            func channelRead(context: ChannelHandlerContext, data: NIOAny) {
                tell(String(buffer: unwrapInboundIn(data)))
            }

            func channelInactive(context: ChannelHandlerContext) {
                tell("")
                context.fireChannelInactive()
            }

            private func tell(_ text: String) {
                guard !told else { return }
                told = true
                promise.succeed(text)
            }
        }

        init(port: Int, repo: String, client: String, cookie: String? = nil) async throws {
            let group = MultiThreadedEventLoopGroup.singleton
            let promise = group.any().makePromise(of: String.self)
            channel = try await ClientBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(FirstBytes(promise)) }
                }
                .connect(host: "127.0.0.1", port: port).get()
            var head = "GET /live?repo=\(repo) HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: \(client)\r\n"
            if let cookie { head += "Cookie: \(cookie)\r\n" }
            head += "\r\n"
            channel.writeAndFlush(ByteBuffer(string: head), promise: nil)
            let text = try await promise.futureResult.get()
            status = text.hasPrefix("HTTP/1.1 ") ? Int(text.dropFirst(9).prefix(3)) ?? 0 : 0
        }

        func close() {
            channel.close(promise: nil)
        }
    }

    static func repo(_ web: WebHarness) throws -> String {
        try #require(web.fake.dataset.repositories.first?.fullName)
    }

    @Test func behindAProxyEveryClientGetsItsStreamsAndPagesStillAnswer() async throws {
        try await WebHarness.run(live: true, configure: Self.scaled) { web in
            let port = try #require(web.client.port)
            let repo = try Self.repo(web)
            var open: [Stream] = []
            defer { open.forEach { $0.close() } }
            // Sixteen clients behind the proxy, two streams each: 32 connections from the proxy's
            // one address, twice its per-address cap, every one of them answered.
            for client in 1...16 {
                for _ in 0..<2 {
                    let stream = try await Stream(port: port, repo: repo, client: "198.51.100.\(client)")
                    #expect(stream.status == 200, "client \(client)")
                    open.append(stream)
                }
            }
            // A third stream of one client is that client's refusal alone…
            let third = try await Stream(port: port, repo: repo, client: "198.51.100.1")
            #expect(third.status == 429)
            third.close()
            // …a new client finds the server's streams taken…
            let over = try await Stream(port: port, repo: repo, client: "198.51.100.99")
            #expect(over.status == 503)
            over.close()
            // …and pages and the health check still answer.
            #expect(try await web.get("/healthz").status == .ok)
            #expect(try await web.get("/").status == .ok)
        }
    }

    @Test func guestsFillingThePoolLeaveSignedInAccountsTheirStreams() async throws {
        try await WebHarness.run(
            ThrottleTests.world(), accounts: true, guests: true, live: true,
            configure: {
                Self.scaled(&$0)
                $0.streams.total = 8
            }
        ) { web in
            let port = try #require(web.client.port)
            let repo = try Self.repo(web)
            var open: [Stream] = []
            defer { open.forEach { $0.close() } }
            // Guests on four addresses try for every stream the server has.
            var refused = 0
            for client in 1...4 {
                let address = "198.51.100.\(client)"
                let guest = try await web.post(
                    "/signin/guest", form: ["csrf": ThrottleTests.csrf], cookie: ThrottleTests.csrfCookie,
                    headers: ThrottleTests.from(address))
                let cookie = try #require(ThrottleTests.session(guest))
                for _ in 0..<2 {
                    let stream = try await Stream(port: port, repo: repo, client: address, cookie: cookie)
                    if stream.status == 503 { refused += 1 } else { #expect(stream.status == 200) }
                    open.append(stream)
                }
            }
            #expect(refused == 4, "guests hold half the streams at most")
            // A signed-in account still gets its streams, up to its own cap, from any address.
            let signedIn = try await web.post(
                "/signin", form: ["csrf": ThrottleTests.csrf, "token": FakeGitHub.octocatToken], cookie: ThrottleTests.csrfCookie,
                headers: ThrottleTests.from("203.0.113.1"))
            let cookie = try #require(ThrottleTests.session(signedIn))
            for client in 1...2 {
                let stream = try await Stream(port: port, repo: repo, client: "203.0.113.\(client)", cookie: cookie)
                #expect(stream.status == 200)
                open.append(stream)
            }
            let third = try await Stream(port: port, repo: repo, client: "203.0.113.3", cookie: cookie)
            #expect(third.status == 429, "each account is capped on its own")
            third.close()
            // Another account still finds room.
            let other = try await web.post(
                "/signin", form: ["csrf": ThrottleTests.csrf, "token": ThrottleTests.grouesToken], cookie: ThrottleTests.csrfCookie,
                headers: ThrottleTests.from("203.0.113.9"))
            let otherCookie = try #require(ThrottleTests.session(other))
            let stream = try await Stream(port: port, repo: repo, client: "203.0.113.9", cookie: otherCookie)
            #expect(stream.status == 200)
            open.append(stream)
        }
    }

    @Test func theAllowanceKeepsAccountsShareFromGuests() throws {
        let allowance = StreamAllowance(limits: .init(perAddress: 64, total: 8))
        var tickets: [StreamAllowance.Ticket] = []
        for index in 0..<4 { tickets.append(try allowance.take("198.51.100.\(index)", for: .guest)) }
        #expect(throws: StreamAllowance.Refusal.server) { try allowance.take("198.51.100.9", for: .guest) }
        for _ in 0..<4 { tickets.append(try allowance.take("203.0.113.1", for: .account(AccountKey("#1")))) }
        #expect(throws: StreamAllowance.Refusal.server) { try allowance.take("203.0.113.2", for: .account(AccountKey("#2"))) }
        // A guest's ended stream is a place again.
        tickets.removeFirst()
        tickets.append(try allowance.take("198.51.100.9", for: .guest))
        #expect(allowance.count() == 8)
    }
}
