import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import StarscopeModels

/// The Hummingbird responder: turns HTTP into `FakeRequest`s and `FakeResponse`s back into HTTP.
struct FakeResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let state: FakeGitHubState
    let control: ControlAPI
    /// `http` or `https`: how clients reach us, for the URLs in `Link` headers and bodies.
    let scheme: String

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        var fake = try await Self.fakeRequest(request, scheme: scheme)
        if fake.path.hasPrefix("/_fake/") {
            return Self.http(await control.handle(fake))
        }
        if fake.path.hasPrefix("/avatars/") {
            let response = Avatar.response(for: fake.path)
            await state.record(
                LoggedRequest(
                    method: fake.method, path: fake.path, query: fake.rawQuery, status: response.status, authenticated: false,
                    conditional: false, time: Date()))
            return Self.http(response)
        }
        fake.path = fake.path.isEmpty ? "/" : fake.path
        let releases = await state.faultState.releases
        let (response, delay) =
            fake.method == "POST" && fake.path == "/graphql" ? await state.processGraphQL(fake) : await state.process(fake)
        // Waits in steps, so that `POST /_fake/faults/release` can end the wait early.
        let until = ContinuousClock.now + .milliseconds(Int(delay * 1000))
        while ContinuousClock.now < until, await state.faultState.releases == releases {
            try await Task.sleep(for: min(.milliseconds(20), until - ContinuousClock.now))
        }
        return Self.http(response)
    }

    static func fakeRequest(_ request: Request, scheme: String) async throws -> FakeRequest {
        var path = request.uri.path
        var prefix = ""
        if path == "/api/graphql" {
            // GitHub Enterprise Server answers GraphQL beside its REST API, not under it.
            prefix = "/api/v3"
            path = "/graphql"
        } else if path.hasPrefix("/api/v3/") || path == "/api/v3" {
            prefix = "/api/v3"
            path = String(path.dropFirst(prefix.count))
            if path == "/graphql" { path = "/api/v3/graphql" }  // no such address there: 404
        }
        if path.count > 1, path.hasSuffix("/") { path.removeLast() }
        let authorization = request.headers[.authorization]
        let token = authorization.flatMap { value -> String? in
            let parts = value.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, ["bearer", "token"].contains(parts[0].lowercased()) else { return nil }
            return String(parts[1])
        }
        let host = request.head.authority ?? "127.0.0.1"
        let body = try await request.body.collect(upTo: 1_000_000)
        return FakeRequest(
            method: request.method.rawValue,
            path: path.removingPercentEncoding ?? path,
            prefix: prefix,
            query: FakeRequest.decodeQuery(request.uri.query),
            rawQuery: request.uri.query,
            token: token,
            ifNoneMatch: request.headers[.ifNoneMatch],
            ifModifiedSince: request.headers[.ifModifiedSince],
            userAgent: request.headers[.userAgent],
            accept: request.headers[.accept],
            apiVersion: HTTPField.Name("X-GitHub-Api-Version").flatMap { request.headers[$0] },
            origin: "\(scheme)://\(host)",
            body: Data(body.readableBytesView)
        )
    }

    static func http(_ response: FakeResponse) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = response.contentType
        fields[.server] = "GitHub.com"
        for (name, value) in response.headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        let status = HTTPResponse.Status(code: response.status)
        if response.status == 304 || response.status == 204 {
            return Response(status: status, headers: fields)
        }
        if let huge = response.huge {
            return Response(status: status, headers: fields, body: hugeBody(huge.bytes, declaresLength: huge.declaresLength))
        }
        let buffer = ByteBuffer(bytes: response.body)
        guard response.dropsConnection else {
            return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: buffer))
        }
        // Promise the whole body, send half, then fail: the connection closes mid-answer.
        let half = buffer.getSlice(at: 0, length: buffer.readableBytes / 2) ?? ByteBuffer()
        return Response(
            status: status,
            headers: fields,
            body: ResponseBody(contentLength: buffer.readableBytes) { writer in
                try await writer.write(half)
                throw DroppedConnection()
            }
        )
    }

    struct DroppedConnection: Error {}

    /// `[`, spaces, `]`: `bytes` in all, written 64 KB at a time from one reused chunk, so the
    /// fake holds none of it.
    static func hugeBody(_ bytes: Int, declaresLength: Bool) -> ResponseBody {
        ResponseBody(contentLength: declaresLength ? bytes : nil) { writer in
            let chunk = ByteBuffer(repeating: UInt8(ascii: " "), count: 65_536)
            try await writer.write(ByteBuffer(string: "["))
            var left = bytes - 2
            while left > 0 {
                let size = min(left, chunk.readableBytes)
                try await writer.write(chunk.getSlice(at: 0, length: size) ?? chunk)
                left -= size
            }
            try await writer.write(ByteBuffer(string: "]"))
            try await writer.finish(nil)
        }
    }
}

/// Avatars served by the fake itself, so that nothing reaches the internet: a square whose colour
/// follows the account id, as a PNG (GitHub's avatar host serves PNG and JPEG).
enum Avatar {
    static func response(for path: String) -> FakeResponse {
        let parts = path.split(separator: "/")
        guard parts.count == 3, parts[1] == "u", let id = Int(parts[2]) else { return .error(404, "Not Found") }
        let png = AvatarPNG.solid(
            side: 24, red: UInt8((id * 47) % 200 + 40), green: UInt8((id * 89) % 200 + 40), blue: UInt8((id * 131) % 200 + 40))
        var response = FakeResponse(status: 200, body: png, contentType: "image/png")
        response.headers.append(("Cache-Control", "max-age=300"))
        response.counts = false
        return response
    }
}
