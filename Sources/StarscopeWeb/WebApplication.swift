import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// Builds the web app: routes, middleware and services, as in Hummingbird's examples.
public func buildApplication(
    services: WebServices,
    storeServices: [any Service] = [],
    logger: Logger? = nil,
    onListening: @escaping @Sendable (String, Int) -> Void = { _, _ in }
) -> some ApplicationProtocol {
    let router = buildRouter(services: services)
    let host = services.settings.host
    return Application(
        router: router,
        server: .boundedHTTP1(services.settings.connections, proxies: services.guards.trustedProxies),
        // A deep accept queue (the kernel caps it at net.core.somaxconn), so a burst of connections
        // (thousands of slow clients reconnecting) does not leave others waiting on SYN retries.
        configuration: .init(address: .hostname(host, port: services.settings.port), serverName: "Starscope", backlog: 4096),
        // A team's PostgreSQL client first: a service group stops its services in reverse order,
        // so the client closes after the server and the background rounds.
        services: storeServices + [
            BackgroundChecks(
                rounds: services.rounds, enabled: services.settings.backgroundRounds, interval: services.settings.updatesInterval,
                metrics: services.metrics)
        ],
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? services.settings.port
            onListening(host, port)
            await services.didStartListening(host: host, port: port)
        },
        // The settings' logger: `STARSCOPE_LOG_LEVEL`, in `--log-format`.
        logger: logger ?? services.settings.logger
    )
}

/// The router alone, for in-process tests.
public func buildRouter(services: WebServices) -> Router<WebContext> {
    // HEAD is answered like GET, without the body.
    let router = Router(context: WebContext.self, options: .autoGenerateHeadEndpoints)
    // First, so that it accounts for every answer, refusals of the middleware below included.
    router.add(middleware: RequestTelemetryMiddleware(metrics: services.metrics, logger: services.settings.logger))
    router.add(middleware: HostCheckMiddleware(policy: services.guards.hostPolicy, port: { services.listeningPort }))
    router.add(middleware: SecurityMiddleware())
    router.add(middleware: EncodingMiddleware(compressionCache: CompressionCache()))
    router.add(middleware: ErrorPageMiddleware())
    router.add(
        middleware: SignInMiddleware(
            rules: SignInMiddleware.Rules(services.settings), sessions: services.guards.sessions, database: services.database))
    router.add(middleware: PrivatePagesMiddleware())
    router.add(middleware: CSRFMiddleware(proxies: services.guards.trustedProxies))
    router.add(middleware: UpdatesCountMiddleware(updates: services.updatesForViewer))
    services.trendingController.addRoutes(to: router)
    services.searchController.addRoutes(to: router)
    services.repositoryController.addRoutes(to: router)
    services.starsController.addRoutes(to: router)
    services.listsController.addRoutes(to: router)
    services.updatesController.addRoutes(to: router)
    services.favoritesController.addRoutes(to: router)
    services.accountsController.addRoutes(to: router)
    services.settingsController.addRoutes(to: router)
    services.supportController.addRoutes(to: router)
    services.liveController.addRoutes(to: router)
    services.risingController.addRoutes(to: router)
    services.signInController.addRoutes(to: router)
    services.feedsController.addRoutes(to: router)
    services.historyController.addRoutes(to: router)
    if services.settings.metrics { services.metricsController.addRoutes(to: router) }
    return router
}
