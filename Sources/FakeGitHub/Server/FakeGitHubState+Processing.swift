import Foundation
import StarscopeModels

extension FakeGitHubState {
    /// Answers one API request as GitHub would: authentication, faults, rate limits, the endpoint,
    /// then ETag/304 and the common headers. Returns the answer and how long to wait before sending it.
    func process(_ request: FakeRequest) -> (FakeResponse, delay: Double) {
        let now = Date()
        var delay = 0.0
        var response = answer(request, now: now, delay: &delay)
        let identity = request.token.flatMap { accounts.tokens[$0] != nil ? $0 : nil }
        let resource = Self.resource(of: request.path)

        if response.status == 200, case .standard = response.caching, let etag = Self.etag(response.body, token: identity) {
            response.headers.append(("ETag", etag))
            if let match = request.ifNoneMatch, match.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }).contains(etag)
            {
                response.status = 304
                response.body = Data()
                // GitHub does not count conditional hits that are authenticated.
                if identity != nil { response.counts = false }
            }
        }
        if response.counts {
            let bucket = rateLimits.spend(identity: identity, resource: resource, now: now)
            response.headers += Self.rateLimitHeaders(bucket, resource: resource)
        } else if request.path != "/rate_limit" {
            response.headers += Self.rateLimitHeaders(
                rateLimits.bucket(identity: identity, resource: resource, now: now), resource: resource)
        }
        if let override = faultState.rateLimitHeaderOverride {
            for (name, value) in override {
                let header = "X-RateLimit-" + name.prefix(1).uppercased() + name.dropFirst()
                response.headers.removeAll { $0.0.caseInsensitiveCompare(header) == .orderedSame }
                response.headers.append((header, value))
            }
        }
        switch response.caching {
        case .standard(let lastModified):
            response.headers.append(
                (
                    "Cache-Control",
                    identity == nil ? "public, max-age=\(maxAge), s-maxage=\(maxAge)" : "private, max-age=\(maxAge), s-maxage=\(maxAge)"
                ))
            if let lastModified { response.headers.append(("Last-Modified", Self.httpDate(lastModified))) }
        case .noCache:
            response.headers.append(("Cache-Control", "no-cache"))
        case .none:
            break
        }
        response.headers.append(("Vary", "Accept, Authorization, Cookie, X-GitHub-OTP"))
        response.headers.append(("X-GitHub-Media-Type", "github.v3; format=json"))
        response.headers.append(("X-GitHub-Api-Version-Selected", "2022-11-28"))
        response.headers.append(
            ("X-GitHub-Request-Id", String(format: "FAKE:%04X:%06X", log.count % 0xFFFF, Int(now.timeIntervalSince1970) % 0xFFFFFF)))
        record(
            LoggedRequest(
                method: request.method,
                path: request.path,
                query: request.rawQuery,
                status: response.status,
                authenticated: identity != nil,
                login: login(of: request),
                conditional: request.ifNoneMatch != nil || request.ifModifiedSince != nil,
                time: now
            )
        )
        return (response, delay)
    }

    private func answer(_ request: FakeRequest, now: Date, delay: inout Double) -> FakeResponse {
        guard request.userAgent?.isEmpty == false else {
            var response = FakeResponse.error(
                403,
                "Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required). Check https://developer.github.com for other possible causes."
            )
            response.counts = false
            return response
        }
        if let token = request.token, accounts.tokens[token] == nil {
            var response = FakeResponse.error(401, "Bad credentials")
            response.counts = false
            return response
        }
        var incomplete = false
        if let fault = takeFault(for: request.path, query: request.query) {
            switch fault {
            case .serverError:
                return .error(500, "Server Error")
            case .badGateway:
                let html =
                    "<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>Unicorn! GitHub is having trouble.</p></body></html>"
                return FakeResponse(status: 502, body: Data(html.utf8), contentType: "text/html; charset=utf-8")
            case .slow(let seconds):
                delay = seconds
            case .dropConnection:
                var response = route(request, now: now, incomplete: false)
                response.dropsConnection = true
                return response
            case .huge(let bytes, let declaresLength):
                var response = FakeResponse(status: 200, body: Data())
                response.huge = (bytes, declaresLength)
                return response
            case .malformedJSON:
                let body = route(request, now: now, incomplete: false).body
                return FakeResponse(status: 200, body: body.prefix(max(1, body.count / 2)) + Data("\"tru".utf8))
            case .wrongShape:
                return FakeResponse(status: 200, body: Data(#"{"items":"not a list","id":"not a number","message":42}"#.utf8))
            case .secondaryRateLimit(let retryAfter):
                var response = FakeResponse.error(
                    403,
                    "You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID FAKE.",
                    documentation: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"
                )
                response.headers.append(("Retry-After", String(retryAfter)))
                return response
            case .incompleteResults:
                incomplete = true
            case .notFound:
                return .error(404, "Not Found", documentation: "https://docs.github.com/rest")
            case .blocked:
                return .error(
                    451, "Repository access blocked",
                    extra: [
                        "block":
                            #"{"reason":"dmca","created_at":"2020-10-23T18:03:52Z","html_url":"https://github.com/github/dmca/blob/master/2020/10/2020-10-23-RIAA.md"}"#
                    ])
            case .oddItems:
                var response = route(request, now: now, incomplete: false)
                response.body = Self.withOddItem(response.body)
                return response
            case .pastSearchCap:
                return .error(
                    422, "Only the first 1000 search results are available",
                    documentation: "https://docs.github.com/rest/search/search#search-repositories")
            }
        }
        let identity = request.token
        let resource = Self.resource(of: request.path)
        if request.path != "/rate_limit", rateLimits.bucket(identity: identity, resource: resource, now: now).remaining == 0 {
            if resource == "graphql", let login = identity.flatMap({ accounts.tokens[$0] }) {
                var response = Self.graphQLRateLimited(login: login)
                response.counts = false
                return response
            }
            let who = identity.flatMap { accounts.tokens[$0] }.map { "user \($0)" } ?? "127.0.0.1"
            let hint =
                identity == nil
                ? " (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)"
                : ""
            var response = FakeResponse.error(
                403,
                "API rate limit exceeded for \(who).\(hint)",
                documentation: "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"
            )
            response.counts = false
            return response
        }
        return route(request, now: now, incomplete: incomplete)
    }

    /// The rate-limit bucket a request spends from.
    static func resource(of path: String) -> String {
        path == "/graphql" ? "graphql" : path.hasPrefix("/search/") ? "search" : "core"
    }

    /// The list in `body` (a bare array, or search's `items`) with an item of an unknown shape first.
    static func withOddItem(_ body: Data) -> Data {
        let text = String(decoding: body, as: UTF8.self)
        let odd = #"{"shape":"older"},"#
        if text.hasPrefix("[{") { return Data(("[" + odd + text.dropFirst()).utf8) }
        return Data(text.replacingOccurrences(of: #""items":[{"#, with: #""items":["# + odd + "{").utf8)
    }

    static func rateLimitHeaders(_ bucket: RateLimits.Bucket, resource: String) -> [(String, String)] {
        [
            ("X-RateLimit-Limit", String(bucket.limit)),
            ("X-RateLimit-Remaining", String(bucket.remaining)),
            ("X-RateLimit-Reset", String(Int(bucket.reset.timeIntervalSince1970))),
            ("X-RateLimit-Used", String(bucket.used)),
            ("X-RateLimit-Resource", resource),
        ]
    }

    /// A weak ETag over the body and the token, since GitHub's ETags differ per token.
    static func etag(_ body: Data, token: String?) -> String? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        for byte in (token ?? "").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "W/\"\(String(hash, radix: 16))\(String(body.count, radix: 16))\""
    }

    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
