import HTTPTypes
import Hummingbird
import Logging
import StarscopeCore

/// Accounts for every request, whichever middleware or route answered it: one count and one
/// duration in the metrics (`WebMetrics`), and one log line at `info` (an answer of 500 or more
/// at `error`) with the request's id, method, route pattern, status, duration and, when the
/// answer is an error page, its one sentence. Never the path or query, which can hold a sign-in code.
///
/// With metrics off and the log quieter than `info` (the default) it only takes the sentence off:
/// a page then costs nothing more.
struct RequestTelemetryMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let metrics: WebMetrics
    /// Whether anything is recorded: metrics on, or request lines logged.
    let records: Bool

    init(metrics: WebMetrics, logger: Logger) {
        self.metrics = metrics
        records = metrics.registry != nil || logger.logLevel <= .info
    }

    /// Set by `ErrorPageMiddleware` on the error pages it makes, read and removed here: the
    /// sentence reaches the log line, never the browser (it is on the page already).
    static let errorField = HTTPField.Name("x-starscope-log-error")

    func handle(_ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response) async throws -> Response {
        guard records else {
            var response = try await next(request, context)
            if let field = Self.errorField { response.headers[field] = nil }
            return response
        }
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            let sentence = (error as? HTTPError)?.body ?? (error as? StarscopeError)?.message ?? "The request failed."
            record(request, context: context, status: status.code, error: sentence, since: start)
            throw error
        }
        let status = response.status.code
        var sentence: String?
        if let field = Self.errorField {
            sentence = response.headers[field]
            response.headers[field] = nil
        }
        let (metrics, method, route, logger, error) = (self.metrics, request.method, context.endpointPath, context.logger, sentence)
        // Counted once the answer is written (or its writing failed): a streamed page or `/live`
        // takes as long as it is sent.
        let body = response.body
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            defer {
                Self.record(
                    metrics, logger: logger, method: method, route: route, status: status, error: error, took: ContinuousClock.now - start)
            }
            try await body.write(writer)
        }
        return response
    }

    private func record(_ request: Request, context: WebContext, status: Int, error: String?, since start: ContinuousClock.Instant) {
        Self.record(
            metrics, logger: context.logger, method: request.method, route: context.endpointPath, status: status, error: error,
            took: ContinuousClock.now - start)
    }

    private static func record(
        _ metrics: WebMetrics, logger: Logger, method: HTTPRequest.Method, route: String?, status: Int, error: String?,
        took duration: Duration
    ) {
        metrics.served(route: route, status: status, took: duration)
        let level: Logger.Level = status >= 500 ? .error : .info
        guard logger.logLevel <= level else { return }
        var metadata: Logger.Metadata = [
            "method": .string(method.rawValue), "route": .string(route ?? "unmatched"), "status": .stringConvertible(status),
            "duration": .stringConvertible(Double(duration.nanoseconds) / 1e9),
        ]
        if let error { metadata["error"] = .string(error) }
        logger.log(level: level, "\(method.rawValue) \(route ?? "unmatched") \(status)", metadata: metadata)
    }
}
