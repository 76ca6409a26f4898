import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOSSL
import StarscopeModels

/// The transport that really talks HTTP, with AsyncHTTPClient.
///
/// It adds GitHub's required headers and the token (only for the configured origin),
/// enforces the time-out on the whole exchange, and turns socket failures into `GitHubError`.
public struct HTTPTransport: GitHubTransport {
    public let configuration: GitHubConfiguration
    let clients: HTTPClientSource
    let logger: Logger
    /// Bodies larger than this (10 MB) are refused rather than held in memory; GitHub's largest
    /// answers (100 repositories, a README) are well under 1 MB.
    public static let maximumBodySize = 10 << 20

    public init(configuration: GitHubConfiguration, httpClient: HTTPClient, logger: Logger = Logger(label: "starscope.github")) {
        self.init(configuration: configuration, clients: HTTPClientSource(httpClient), logger: logger)
    }

    public init(configuration: GitHubConfiguration, clients: HTTPClientSource, logger: Logger = Logger(label: "starscope.github")) {
        self.configuration = configuration
        self.clients = clients
        self.logger = logger
    }

    /// Client settings fit for GitHub: no automatic redirects (a redirect must not carry the token elsewhere).
    /// `trusting` names a PEM file of the certificate authorities to trust instead of the
    /// system's, as `SSL_CERT_FILE` does for OpenSSL, curl, Python and gh (a GitHub Enterprise
    /// server's own authority, or a company proxy's bundle).
    public static func httpClientConfiguration(timeout: Duration, trusting certificateFile: String? = nil) -> HTTPClient.Configuration {
        let seconds = TimeAmount.seconds(max(1, timeout.components.seconds))
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: min(seconds, .seconds(10)), read: seconds),
            decompression: .enabled(limit: .ratio(50))
        )
        // A refused connection means GitHub (or the network) is down: say so at once instead of
        // retrying until the time-out, so that a stored answer can be shown without delay.
        configuration.connectionPool.retryConnectionEstablishment = false
        if let certificateFile {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .file(certificateFile)
            configuration.tlsConfiguration = tls
        }
        return configuration
    }

    /// How many redirects one request may follow (a rename is one, a rename of a rename two).
    static let maximumRedirects = 5

    /// Sends `request`, following redirects that stay under the configured API (a renamed
    /// repository: `301` to `/repositories/ID`). The answer's `url` is the last URL asked.
    public func send(_ request: GitHubRequest) async throws(GitHubError) -> GitHubResponse {
        guard request.cacheUse != .inMemoryOnly else { throw .offline(reason: "nothing is kept in memory") }
        var url = try request.url(relativeTo: configuration.baseURL)
        let deadline =
            NIODeadline.now()
            + .nanoseconds(
                Int64(configuration.timeout.components.seconds) * 1_000_000_000 + configuration.timeout.components.attoseconds
                    / 1_000_000_000)
        var hops = 0
        while true {
            let response = try await exchange(request, url: url, deadline: deadline)
            guard let location = Redirect.location(of: response) else { return response }
            guard hops < Self.maximumRedirects else {
                throw .unexpectedStatus(status: response.status, message: "redirected more than \(Self.maximumRedirects) times")
            }
            // The token goes with the request: a redirect is followed only within the API.
            guard Redirect.staysWithin(configuration.baseURL, location) else {
                logger.debug("GitHub redirect not followed", metadata: ["from": "\(logged(url))", "to": "\(logged(location))"])
                throw .foreignURL(location.absoluteString)
            }
            logger.debug("GitHub redirect", metadata: ["status": "\(response.status)", "to": "\(logged(location))"])
            url = location
            hops += 1
        }
    }

    /// `url` as the log shows it: whole at trace; at debug, its shape without the names of
    /// repositories, accounts or searches (`LoggedURL`).
    func logged(_ url: URL) -> String {
        logger.logLevel <= .trace ? url.absoluteString : LoggedURL.shape(url)
    }

    /// One HTTP exchange for `request` at `url`, whatever its status.
    func exchange(_ request: GitHubRequest, url: URL, deadline: NIODeadline) async throws(GitHubError) -> GitHubResponse {
        var httpRequest = HTTPClientRequest(url: url.absoluteString)
        httpRequest.method = HTTPMethod(rawValue: request.method.rawValue)
        httpRequest.headers.add(name: "Accept", value: request.accept ?? "application/vnd.github+json")
        httpRequest.headers.add(name: "X-GitHub-Api-Version", value: request.apiVersion ?? configuration.apiVersion)
        httpRequest.headers.add(name: "User-Agent", value: configuration.userAgent)
        if let token = configuration.token {
            // A token with a control character would be refused by the HTTP layer with the whole
            // header in its error; refuse it here, naming only what is wrong with it.
            guard GitHubToken.isWellFormed(token) else {
                logger.debug("GitHub request not sent: malformed token", metadata: ["url": "\(logged(url))"])
                let flaw = GitHubToken.flaw(in: token).map { ": \($0)" } ?? ""
                throw .invalidRequest("the token contains characters a GitHub token cannot have\(flaw)")
            }
            httpRequest.headers.add(name: "Authorization", value: "Bearer \(token)")
        }
        if let etag = request.ifNoneMatch { httpRequest.headers.add(name: "If-None-Match", value: etag) }
        if let date = request.ifModifiedSince { httpRequest.headers.add(name: "If-Modified-Since", value: date) }
        if let body = request.body {
            httpRequest.headers.add(name: "Content-Type", value: "application/json")
            httpRequest.body = .bytes(ByteBuffer(bytes: body))
        } else if request.method != .get {
            httpRequest.headers.add(name: "Content-Length", value: "0")
        }

        // The token is in a header, never in `url`; the names in it are logged at trace only.
        logger.debug("GitHub request", metadata: ["method": "\(request.method.rawValue)", "url": "\(logged(url))"])
        let httpClient = try clients.client()
        do {
            let response = try await httpClient.execute(httpRequest, deadline: deadline, logger: logger)
            let length = response.headers.first(name: "content-length").flatMap { Count.parse($0) }
            let body = try await Self.collect(response.body, expectedLength: length, limit: Self.maximumBodySize)
            var headers: [String: String] = [:]
            for (name, value) in response.headers {
                let key = name.lowercased()
                headers[key] = headers[key].map { $0 + ", " + value } ?? value
            }
            logger.debug("GitHub response", metadata: ["status": "\(response.status.code)", "url": "\(logged(url))"])
            return GitHubResponse(status: Int(response.status.code), headers: headers, body: body, url: url)
        } catch {
            // Only our own sentence is logged: the library's description can hold header values.
            let failure = Self.classify(error, host: url.host ?? configuration.baseURL.absoluteString)
            logger.debug("GitHub request failed", metadata: ["error": "\(failure)", "url": "\(logged(url))"])
            throw failure
        }
    }

    /// An answer's body went past the limit after `bytesRead` bytes; the rest was never read.
    struct BodyTooLarge: Error {
        let bytesRead: Int
    }

    /// Reads `body` straight into one `Data`, so the answer is held once (not in a buffer and
    /// then copied), and stops at `limit`: a declared length over it is refused before a byte is
    /// read, and a body that grows past it is dropped after the chunk that crossed it, which ends
    /// the request (AsyncHTTPClient stops reading when its stream is dropped).
    static func collect<Body: AsyncSequence>(_ body: Body, expectedLength: Int?, limit: Int) async throws -> Data
    where Body.Element == ByteBuffer {
        if let expectedLength, expectedLength > limit { throw BodyTooLarge(bytesRead: 0) }
        var data = Data()
        data.reserveCapacity(min(expectedLength ?? 0, limit))
        for try await chunk in body {
            guard data.count + chunk.readableBytes <= limit else { throw BodyTooLarge(bytesRead: data.count + chunk.readableBytes) }
            data.append(contentsOf: chunk.readableBytesView)
        }
        return data
    }

    /// Names a socket-level failure the way a user would understand it. The error's own
    /// description is never part of the answer: AsyncHTTPClient's can hold header values (the
    /// `Authorization` header among them), so only its `shortDescription`, which has none, is used.
    static func classify(_ error: any Error, host: String) -> GitHubError {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout, .tlsHandshakeTimeout:
                return .timeout
            case .remoteConnectionClosed:
                return .offline(reason: "the connection to \(host) closed before the answer was complete")
            case .bodyLengthMismatch:
                return .offline(reason: "the answer from \(host) was cut short")
            default:
                if error.shortDescription == HTTPClientError.invalidHeaderFieldValues([]).shortDescription
                    || error.shortDescription == HTTPClientError.invalidHeaderFieldNames([]).shortDescription
                {
                    return .invalidRequest("a request header holds characters HTTP does not allow")
                }
                return .offline(reason: "could not talk to \(host) (\(error.shortDescription.lowercased()))")
            }
        }
        if error is BodyTooLarge || error is NIOTooManyBytesError {
            return .tooLarge(limit: maximumBodySize)
        }
        if error is CancellationError {
            return .offline(reason: "the request to \(host) was cancelled")
        }
        let text = String(describing: error)
        if text.contains("CERTIFICATE_VERIFY_FAILED") {
            return .offline(
                reason: "the certificate of \(host) is not signed by an authority this machine trusts "
                    + "(for a server with its own authority, name its certificate in SSL_CERT_FILE)")
        }
        if text.contains("noSuchFilesystemObject") || text.contains("failedToLoadCertificate") {
            return .offline(reason: "the certificate file named by SSL_CERT_FILE cannot be read")
        }
        if text.contains("refused") || text.contains("connectionRefused") || text.contains("ECONNREFUSED") {
            return .offline(reason: "could not connect to \(host) (connection refused)")
        }
        if text.lowercased().contains("dns") || text.contains("NXDOMAIN") || text.contains("resolve") {
            return .offline(reason: "could not find the host \(host)")
        }
        return .offline(reason: "could not connect to \(host)")
    }
}
