import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// Builds the web app: routes, middleware and services, as in Hummingbird's examples.
public func buildApplication(
    services: WebServices,
    logger: Logger = Logger(label: "starscope.web"),
    onListening: @escaping @Sendable (String, Int) -> Void = { _, _ in }
) -> some ApplicationProtocol {
    let router = buildRouter(services: services)
    let host = services.settings.host
    return Application(
        router: router,
        server: .boundedHTTP1(services.settings.connections),
        // A deep accept queue (the kernel caps it at net.core.somaxconn), so a burst of connections
        // (thousands of slow clients reconnecting) does not leave others waiting on SYN retries.
        configuration: .init(address: .hostname(host, port: services.settings.port), serverName: "Starscope", backlog: 4096),
        // A team's PostgreSQL pool is a service too: it closes after the server at shutdown.
        services: [BackgroundChecks(services: services)] + ((services.database as? any Service).map { [$0] } ?? []),
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? services.settings.port
            onListening(host, port)
            await services.didStartListening(host: host, port: port)
        },
        logger: logger
    )
}

/// The router alone, for in-process tests.
public func buildRouter(services: WebServices) -> Router<WebContext> {
    // HEAD is answered like GET, without the body.
    let router = Router(context: WebContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: HostCheckMiddleware(services: services))
    router.add(middleware: SecurityMiddleware())
    router.add(middleware: EncodingMiddleware(gzipCache: GzipCache()))
    router.add(middleware: ErrorPageMiddleware())
    router.add(middleware: SignInMiddleware(services: services))
    router.add(middleware: CSRFMiddleware(services: services))
    router.add(middleware: UpdatesCountMiddleware(services: services))
    TrendingController(services: services).addRoutes(to: router)
    SearchController(services: services).addRoutes(to: router)
    RepositoryController(services: services).addRoutes(to: router)
    StarsController(services: services).addRoutes(to: router)
    UpdatesController(services: services).addRoutes(to: router)
    FavoritesController(services: services).addRoutes(to: router)
    AccountsController(services: services).addRoutes(to: router)
    SettingsController(services: services).addRoutes(to: router)
    SupportController(services: services).addRoutes(to: router)
    LiveController(services: services).addRoutes(to: router)
    RisingController(services: services).addRoutes(to: router)
    SignInController(services: services).addRoutes(to: router)
    FeedsController(services: services).addRoutes(to: router)
    HistoryController(services: services).addRoutes(to: router)
    return router
}
