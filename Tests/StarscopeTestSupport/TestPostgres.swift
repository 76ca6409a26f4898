import Foundation
import Logging
import PostgresNIO
import StarscopePostgres
import StarscopeSQLite
import StarscopeStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The PostgreSQL server the tests use: `STARSCOPE_TEST_POSTGRES_URL` when set (a server of
/// your own), else a throwaway cluster started once for this test process with
/// `scripts/postgres-test-cluster`. Each test gets a database of its own.
public enum TestPostgres {
    /// The server's address, the cluster started on first use. Starting it blocks for seconds
    /// (initdb, pg_ctl): that happens on a thread of its own, never on the two threads Swift's
    /// task pool has here, so every other test's async work goes on meanwhile.
    public static func serverURL() async throws -> String {
        try await ClusterStart.shared.url().get()
    }

    /// Starts the cluster (blocking: call it off the task pool) and says where it listens.
    static func startCluster() -> Result<String, TestPostgresError> {
        if let url = ProcessInfo.processInfo.environment["STARSCOPE_TEST_POSTGRES_URL"], !url.isEmpty { return .success(url) }
        guard let pipe = popen("'\(scriptPath)' start '\(directory)'", "r") else {
            return .failure(TestPostgresError(message: "cannot run \(scriptPath)"))
        }
        var output = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), pipe) != nil {
            output += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let status = pclose(pipe)
        let url = output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0, url.hasPrefix("postgres://") else {
            return .failure(TestPostgresError(message: "scripts/postgres-test-cluster failed (is Debian's postgresql installed?)"))
        }
        atexit {
            _ = system("'\(TestPostgres.scriptPath)' stop '\(TestPostgres.directory)' >/dev/null 2>&1; rm -rf '\(TestPostgres.directory)'")
        }
        return .success(url)
    }

    static var scriptPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/postgres-test-cluster").path
    }

    static var directory: String { "/tmp/starscope-test-postgres-\(getpid())" }

    /// A new, empty database on the test server, and its address.
    public static func newDatabase() async throws -> String {
        let server = try await serverURL()
        let name = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        guard var components = URLComponents(string: server) else { throw TestPostgresError(message: "bad address \(server)") }
        let admin = PostgresClient(configuration: try PostgresURL.configuration(server), backgroundLogger: Logger(label: "test.postgres"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await admin.run() }
            try await admin.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
            group.cancelAll()
        }
        components.path = "/" + name
        return components.string ?? server
    }
}

/// Starts the cluster once for the process, on a thread of its own, and hands every caller the outcome.
actor ClusterStart {
    static let shared = ClusterStart()
    private var started: Task<Result<String, TestPostgresError>, Never>?

    func url() async -> Result<String, TestPostgresError> {
        if let started { return await started.value }
        let task = Task<Result<String, TestPostgresError>, Never> {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: TestPostgres.startCluster()) }.start()
            }
        }
        started = task
        return await task.value
    }
}

public struct TestPostgresError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// The two stores every contract test runs on.
public enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite, postgres

    public var description: String { rawValue }

    public func make() async throws -> any Store {
        switch self {
        case .sqlite: try AppDatabase.inMemory()
        case .postgres: try await PostgresStore.open(url: try await TestPostgres.newDatabase())
        }
    }
}
