import Foundation
import StarscopeModels

/// `/_fake/…`: lets a test or a person steer the running fake over HTTP (GitHub has no such paths).
///
/// - `POST /_fake/faults` `{"path": "/repos", "fault": "500"|"502"|"slow"|"drop"|"malformed"|"wrong-shape"|"odd-items"|"huge"|"huge-chunked"|"secondary"|"incomplete"|"422"|"404"|"451", "seconds": 5, "retry_after": 60, "count": 1}`
/// - `DELETE /_fake/faults`
/// - `POST /_fake/faults/release`: every `slow` answer waiting now goes at once (a test holds an answer with
///   a long `slow` fault, looks at the page meanwhile, then lets the answer go)
/// - `POST /_fake/stars` `{"full_name": "owner/name", "stars": 123}`
/// - `POST /_fake/rate-limit` `{"token": null, "resource": "core", "remaining": 0}`
/// - `POST /_fake/rate-limit-headers` `{"limit": "9223372036854775807", "remaining": "-1"}`: these `x-ratelimit-*` values, as
///   given, on every answer from then on (a hostile upstream); `DELETE /_fake/rate-limit-headers` ends it
/// - `POST /_fake/rename` `{"full_name": "owner/name", "new_full_name": "owner2/name2"}`: the old name answers `301` from then on
/// - `POST /_fake/release` `{"full_name": "owner/name", "tag": "v2.0.0", "name": null, "prerelease": false}`: published now
/// - `POST /_fake/archive` `{"full_name": "owner/name"}`: archived now
/// - `POST /_fake/identity` `{"token": "ghp_…", "id": 123, "login": "mona"}`: whom `GET /user` says the token belongs to from then on
/// - `POST /_fake/private` `{"full_name": "owner/name", "shared_with": ["login"], "private": true}`: seen only by its
///   owner's token (and those logins); `"private": false` makes it public again
/// - `POST /_fake/empty` `{"full_name": "owner/name"}`: empty now (no commits: contributors answer `204`)
/// - `GET /_fake/requests` (the request log, with the login of each request's token), `DELETE /_fake/requests`
struct ControlAPI: Sendable {
    let state: FakeGitHubState

    struct FaultBody: Decodable {
        var path: String?
        var fault: String
        var seconds: Double?
        var retry_after: Int?
        var count: Int?
        var bytes: Int?
    }

    struct StarsBody: Decodable {
        var full_name: String
        var stars: Int
    }

    struct RenameBody: Decodable {
        var full_name: String
        var new_full_name: String
    }

    struct ReleaseBody: Decodable {
        var full_name: String
        var tag: String
        var name: String?
        var prerelease: Bool?
    }

    struct RepositoryBody: Decodable {
        var full_name: String
    }

    struct IdentityBody: Decodable {
        var token: String
        var id: Int64
        var login: String
    }

    struct PrivacyBody: Decodable {
        var full_name: String
        var shared_with: [String]?
        var `private`: Bool?
    }

    struct RateLimitBody: Decodable {
        var token: String?
        var resource: String?
        var remaining: Int
    }

    func handle(_ request: FakeRequest) async -> FakeResponse {
        let decoder = JSONDecoder()
        switch (request.method, request.path) {
        case ("POST", "/_fake/faults"):
            guard let body = try? decoder.decode(FaultBody.self, from: request.body),
                let fault = Fault(name: body.fault, seconds: body.seconds, retryAfter: body.retry_after, bytes: body.bytes)
            else { return .error(400, "Expected {\"path\", \"fault\"} with a known fault name") }
            await state.addFault(FaultRule(pathPrefix: body.path ?? "", fault: fault, remaining: body.count))
            return FakeResponse(status: 204, body: Data())
        case ("POST", "/_fake/faults/release"):
            await state.releaseSlowAnswers()
            return FakeResponse(status: 204, body: Data())
        case ("DELETE", "/_fake/faults"):
            await state.clearFaults()
            return FakeResponse(status: 204, body: Data())
        case ("POST", "/_fake/stars"):
            guard let body = try? decoder.decode(StarsBody.self, from: request.body) else {
                return .error(400, "Expected {\"full_name\", \"stars\"}")
            }
            return await state.setStars(fullName: body.full_name, to: body.stars)
                ? FakeResponse(status: 204, body: Data()) : .error(404, "Not Found")
        case ("POST", "/_fake/rename"):
            guard let body = try? decoder.decode(RenameBody.self, from: request.body) else {
                return .error(400, "Expected {\"full_name\", \"new_full_name\"}")
            }
            return await state.rename(body.full_name, to: body.new_full_name)
                ? FakeResponse(status: 204, body: Data()) : .error(422, "Cannot rename \(body.full_name) to \(body.new_full_name)")
        case ("POST", "/_fake/release"):
            guard let body = try? decoder.decode(ReleaseBody.self, from: request.body) else {
                return .error(400, "Expected {\"full_name\", \"tag\"}")
            }
            return await state.publishRelease(
                fullName: body.full_name, tag: body.tag, name: body.name, prerelease: body.prerelease ?? false)
                ? FakeResponse(status: 204, body: Data()) : .error(404, "Not Found")
        case ("POST", "/_fake/archive"):
            guard let body = try? decoder.decode(RepositoryBody.self, from: request.body) else {
                return .error(400, "Expected {\"full_name\"}")
            }
            return await state.archive(fullName: body.full_name) ? FakeResponse(status: 204, body: Data()) : .error(404, "Not Found")
        case ("POST", "/_fake/private"):
            guard let body = try? decoder.decode(PrivacyBody.self, from: request.body) else {
                return .error(400, "Expected {\"full_name\"}")
            }
            let done =
                body.private == false
                ? await state.makePublic(body.full_name) : await state.makePrivate(body.full_name, sharedWith: body.shared_with ?? [])
            return done ? FakeResponse(status: 204, body: Data()) : .error(404, "Not Found")
        case ("POST", "/_fake/empty"):
            guard let body = try? decoder.decode(RepositoryBody.self, from: request.body) else {
                return .error(400, "Expected {\"full_name\"}")
            }
            return await state.empty(fullName: body.full_name) ? FakeResponse(status: 204, body: Data()) : .error(404, "Not Found")
        case ("POST", "/_fake/rate-limit"):
            guard let body = try? decoder.decode(RateLimitBody.self, from: request.body) else {
                return .error(400, "Expected {\"remaining\"}")
            }
            await state.setRemaining(body.remaining, token: body.token, resource: body.resource ?? "core")
            return FakeResponse(status: 204, body: Data())
        case ("POST", "/_fake/identity"):
            guard let body = try? decoder.decode(IdentityBody.self, from: request.body), !body.token.isEmpty, !body.login.isEmpty else {
                return .error(400, "Expected {\"token\", \"id\", \"login\"}")
            }
            await state.setIdentity(token: body.token, id: body.id, login: body.login)
            return FakeResponse(status: 204, body: Data())
        case ("POST", "/_fake/rate-limit-headers"):
            guard let body = try? decoder.decode([String: String].self, from: request.body), !body.isEmpty else {
                return .error(400, "Expected {\"limit\": \"…\", \"remaining\": \"…\"} with string values")
            }
            await state.overrideRateLimitHeaders(body)
            return FakeResponse(status: 204, body: Data())
        case ("DELETE", "/_fake/rate-limit-headers"):
            await state.overrideRateLimitHeaders(nil)
            return FakeResponse(status: 204, body: Data())
        case ("GET", "/_fake/requests"):
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            let data = (try? encoder.encode(await state.log)) ?? Data("[]".utf8)
            return FakeResponse(status: 200, body: data)
        case ("DELETE", "/_fake/requests"):
            await state.clearLog()
            return FakeResponse(status: 204, body: Data())
        default:
            return .error(404, "Not Found")
        }
    }
}
