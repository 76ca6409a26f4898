import Foundation
import Logging
import NIOSSL
import PostgresNIO
import ServiceLifecycle
import StarscopeModels
import StarscopeStore

/// The store on PostgreSQL: one database shared by several `starscope serve` instances.
///
/// Its schema follows `AppDatabase`'s migration for migration (`PostgresMigrations`), and the
/// same contract tests run on both. Accounts (logins) are kept in lower case here, so that the
/// case-insensitive keys SQLite gets from `COLLATE NOCASE` are plain keys.
public struct PostgresStore: Store {
    let client: PostgresClient
    let logger: Logger
    /// With `open`: the task that runs the client for as long as the store is used. Without,
    /// whoever connected runs it: `serve`'s service group (`clientService`) or `withStore`.
    private let lifetime: ClientLifetime?
    /// Whether the server answered lately: while it is away, statements are refused at once.
    let availability = Availability()

    public var isShared: Bool { true }
    /// Other instances change it too: their changes cannot be counted here.
    public var revision: Int? { nil }

    /// Connects to `url` (`postgres://USER:PASSWORD@HOST:PORT/DB`, `?sslmode=disable|prefer|require`)
    /// and brings the schema up to date: whichever instance starts first migrates, the others wait.
    /// The client runs until `close()`: for tests and the terminal's one-off commands.
    public static func open(url: String, logger: Logger = PostgresStore.quietLogger) async throws(StoreError) -> PostgresStore {
        let configuration = try PostgresURL.configuration(url)
        try await checkSignIn(url, logger: logger)
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let store = PostgresStore(client: client, logger: logger, lifetime: ClientLifetime(client))
        try await store.migrate()
        return store
    }

    /// Connects to `url` for a server whose service group runs the client (`clientService`), as
    /// Hummingbird's todos-postgres example adds its client: a refused sign-in is told at once;
    /// statements wait until the group starts the client. The schema is not migrated here
    /// (`withStore` does it before the server is put together).
    public static func connect(url: String, logger: Logger = PostgresStore.quietLogger) async throws(StoreError) -> PostgresStore {
        let configuration = try PostgresURL.configuration(url)
        try await checkSignIn(url, logger: logger)
        return PostgresStore(client: PostgresClient(configuration: configuration, backgroundLogger: logger), logger: logger, lifetime: nil)
    }

    /// The client's connection pool, to run in `serve`'s service group: it stops at graceful
    /// shutdown, after the server (a service group stops its services in reverse order).
    public var clientService: any Service { client }

    /// Runs `body` over a store whose client runs beside it, the schema brought up to date first;
    /// the client closes when `body` returns.
    public static func withStore<T: Sendable>(
        url: String, logger: Logger = PostgresStore.quietLogger, _ body: (PostgresStore) async throws -> T
    ) async throws -> T {
        let store = try await connect(url: url, logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.client.run() }
            defer { group.cancelAll() }
            try await store.migrate()
            return try await body(store)
        }
    }

    /// Connects once, on its own, before the pool does: a server that refuses the address's user,
    /// password or database says so at once, in a sentence (the pool would keep trying, silently).
    /// Anything else, such as a server not up yet, is left to the pool as before.
    static func checkSignIn(_ url: String, logger: Logger) async throws(StoreError) {
        let parts = try PostgresURL.parts(url)
        guard let configuration = try PostgresURL.connectionConfiguration(url) else { return }
        let refusal: StoreError?
        do {
            let connection = try await Deadline.run(.seconds(5)) {
                try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            }
            try? await connection.close()
            refusal = nil
        } catch let error as PSQLError {
            refusal = signInRefusal(code: error.serverInfo?[.sqlState], message: error.serverInfo?[.message], parts: parts)
        } catch {
            refusal = nil
        }
        if let refusal { throw refusal }
    }

    /// PostgreSQL's refusal of a sign-in, by its SQLSTATE, in a sentence naming what is wrong.
    static func signInRefusal(code: String?, message: String?, parts: PostgresURL.Parts) -> StoreError? {
        let reason: String
        switch code {
        case "28P01":
            reason = "PostgreSQL did not accept the password for user “\(parts.user)” (or has no such user): check the database address"
        case "28000":
            let said = String((message ?? "").prefix(200).map { $0.isNewline || $0.asciiValue.map { $0 < 32 } == true ? " " : $0 })
            reason =
                said.contains("does not exist")
                ? "PostgreSQL has no user “\(parts.user)”: create it, or check the database address"
                : "PostgreSQL does not let user “\(parts.user)” in (\(said))"
        case "3D000":
            reason = "PostgreSQL has no database “\(parts.database)”: create it, or check the database address"
        default:
            return nil
        }
        return .cannotOpen(path: parts.place, reason: reason)
    }

    /// Warnings and errors only: the pool's reconnections are routine.
    public static var quietLogger: Logger {
        var logger = Logger(label: "starscope.postgres")
        logger.logLevel = .warning
        return logger
    }

    /// Whether the server answers now, asked with the short deadline of a probe (`/healthz`).
    public func ping() async throws(StoreError) {
        let client = client
        let logger = logger
        _ = try await guarded(Availability.probeDeadline) { try await client.query("SELECT 1", logger: logger).collect() }
    }

    /// Closes every connection of a store from `open`.
    public func close() {
        lifetime?.stop()
    }

    /// Runs `body` on one connection inside a transaction.
    func transaction<T: Sendable>(deadline: Duration = deadline, _ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws(StoreError) -> T
    {
        let client = client
        let logger = logger
        return try await guarded(deadline) {
            do {
                return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
            } catch let error as PostgresTransactionError {
                throw Self.storeError(error.closureError ?? error.beginError ?? error.commitError ?? error)
            }
        }
    }

    /// Runs `work` within `deadline` as `availability` admits it: refused at once while the
    /// server is away (unless it is this statement's turn to ask again), and reported after.
    func guarded<T: Sendable>(_ deadline: Duration, _ work: @escaping @Sendable () async throws -> T) async throws(StoreError) -> T {
        let start = Date()
        let admission = availability.admit(now: start)
        if admission == .refuse { throw .unreachable }
        do {
            let value = try await Deadline.run(admission == .probe ? min(deadline, Availability.probeDeadline) : deadline, work)
            availability.report(admission, reachable: true)
            return value
        } catch {
            let failure = Self.storeError(error)
            availability.report(admission, reachable: failure != .unreachable, since: start)
            throw failure
        }
    }

    /// Runs one statement and gives back its rows.
    package func rows(_ query: @autoclosure () throws -> PostgresQuery) async throws(StoreError) -> [PostgresRow] {
        let client = client
        let logger = logger
        let made: PostgresQuery
        do {
            made = try query()
        } catch {
            throw Self.storeError(error)
        }
        return try await guarded(Self.deadline) { try await client.query(made, logger: logger).collect() }
    }

    /// Runs one statement (atomic on its own) and gives back how many rows it returned: with
    /// `RETURNING 1`, how many it changed.
    @discardableResult
    func execute(_ make: @autoclosure () throws -> PostgresQuery) async throws(StoreError) -> Int {
        try await rows(try make()).count
    }

    /// How long a statement may wait for a connection and an answer: a server that is down or
    /// restarting fails the request with a clear sentence instead of holding it.
    static let deadline: Duration = .seconds(5)

    /// One sentence for people: the server's own message when it gave one, else that it is unreachable.
    static func storeError(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return .database(message) }
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed, .uncleanShutdown:
                return .unreachable
            default:
                return .database("PostgreSQL answered with an error")
            }
        }
        if error is DecodingError { return .database("a stored value could not be read") }
        return .unreachable
    }
}

extension PostgresConnection {
    /// Runs `query` and collects its rows.
    func all(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await self.query(query, logger: Logger(label: "starscope.postgres")).collect()
    }
}

/// Runs the client's connection pool for as long as the store is used.
final class ClientLifetime: Sendable {
    private let task: Task<Void, Never>

    init(_ client: PostgresClient) {
        task = Task { await client.run() }
    }

    func stop() {
        task.cancel()
    }

    deinit {
        task.cancel()
    }
}

/// Reads a `postgres://` address.
public enum PostgresURL {
    /// What a database address names.
    struct Parts {
        var user: String
        var password: String?
        var database: String
        var host: String
        var port: Int
        /// A Unix socket's directory (`?host=/run/postgresql`), instead of `host`.
        var socketDirectory: String?
        var sslMode: String
        var pool: Int

        /// Where, for sentences: never the password.
        var place: String {
            (socketDirectory.map { "\($0)/.s.PGSQL.\(port)" } ?? "\(host):\(port)") + "/" + (database.isEmpty ? user : database)
        }
    }

    static func parts(_ text: String) throws(StoreError) -> Parts {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme ?? ""),
            let user = components.user, !user.isEmpty
        else {
            throw .cannotOpen(path: "the database address", reason: "it must look like postgres://USER:PASSWORD@HOST:PORT/DATABASE")
        }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        return Parts(
            user: user, password: components.password, database: database, host: components.host ?? "localhost",
            port: components.port ?? 5432, socketDirectory: query["host"].flatMap { $0.hasPrefix("/") ? $0 : nil },
            sslMode: query["sslmode"] ?? "prefer", pool: Int(query["pool"] ?? "") ?? 10)
    }

    public static func configuration(_ text: String) throws(StoreError) -> PostgresClient.Configuration {
        let parts = try parts(text)
        let tls: PostgresClient.Configuration.TLS
        switch parts.sslMode {
        case "disable": tls = .disable
        case "require": tls = .require(.makeClientConfiguration())
        default: tls = .prefer(.makeClientConfiguration())
        }
        var configuration: PostgresClient.Configuration
        if let socket = parts.socketDirectory {
            configuration = .init(
                unixSocketPath: socket + "/.s.PGSQL.\(parts.port)", username: parts.user, password: parts.password,
                database: parts.database.isEmpty ? nil : parts.database)
        } else {
            configuration = .init(
                host: parts.host, port: parts.port, username: parts.user, password: parts.password,
                database: parts.database.isEmpty ? nil : parts.database, tls: tls)
        }
        configuration.options.minimumConnections = 0
        configuration.options.maximumConnections = parts.pool
        configuration.options.connectionIdleTimeout = .seconds(60)
        return configuration
    }

    /// The same address for one connection of its own (`PostgresStore.checkSignIn`); nil when
    /// TLS is asked for and cannot be set up here (the pool then says why).
    static func connectionConfiguration(_ text: String) throws(StoreError) -> PostgresConnection.Configuration? {
        let parts = try parts(text)
        let tls: PostgresConnection.Configuration.TLS
        if parts.sslMode == "disable" {
            tls = .disable
        } else {
            guard let context = try? NIOSSLContext(configuration: .makeClientConfiguration()) else { return nil }
            tls = parts.sslMode == "require" ? .require(context) : .prefer(context)
        }
        if let socket = parts.socketDirectory {
            return .init(
                unixSocketPath: socket + "/.s.PGSQL.\(parts.port)", username: parts.user, password: parts.password,
                database: parts.database.isEmpty ? nil : parts.database)
        }
        return .init(
            host: parts.host, port: parts.port, username: parts.user, password: parts.password,
            database: parts.database.isEmpty ? nil : parts.database, tls: tls)
    }
}
