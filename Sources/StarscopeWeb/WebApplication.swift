import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging

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
        configuration: .init(address: .hostname(host, port: services.settings.port), serverName: "Starscope"),
        onServerRunning: { channel in onListening(host, channel.localAddress?.port ?? services.settings.port) },
        logger: logger
    )
}

/// The router alone, for in-process tests.
public func buildRouter(services: WebServices) -> Router<WebContext> {
    let router = Router(context: WebContext.self)
    router.add(middleware: SecurityMiddleware())
    router.add(middleware: ErrorPageMiddleware())
    router.add(middleware: CSRFMiddleware())
    TrendingController(services: services).addRoutes(to: router)
    FavoritesController(services: services).addRoutes(to: router)
    AccountsController(services: services).addRoutes(to: router)
    SettingsController(services: services).addRoutes(to: router)
    SupportController(services: services).addRoutes(to: router)
    LiveController(services: services).addRoutes(to: router)
    RisingController(services: services).addRoutes(to: router)
    return router
}
