import FakeGitHub
import Foundation
import Testing

/// Numbers in the environment are input too: a value too large to convert (`1e300` seconds), one
/// that is not a finite number, or a negative one must start the command as if it were the
/// nearest sensible value, never trap on the way to a `Duration` or an `Int`.
@Suite struct HostileEnvironmentCommandTests {
    static let values = ["1e300", "-1e300", "inf", "-inf", "nan", "9223372036854775807", "-9223372036854775808", "0", "-1", "ten"]

    static let names = [
        "STARSCOPE_TIMEOUT", "STARSCOPE_SEARCH_FRESHNESS", "STARSCOPE_LIVE_INTERVAL", "STARSCOPE_LIVE_SHARE",
        "STARSCOPE_AVATAR_CACHE_MB", "STARSCOPE_IDLE_TIMEOUT", "STARSCOPE_REQUEST_TIMEOUT", "STARSCOPE_MIN_RATE",
        "STARSCOPE_STREAM_LIFETIME", "STARSCOPE_MAX_CONNECTIONS_PER_ADDRESS", "STARSCOPE_MAX_CONNECTIONS",
        "STARSCOPE_UPDATES_INTERVAL",
    ]

    @Test(arguments: values) func theServerStartsWithAHostileNumberInEveryVariable(_ value: String) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("starscope-env-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = Dictionary(uniqueKeysWithValues: Self.names.map { ($0, value) })
        let (listened, status, stderr) = try await AccountsKeyCommandTests.serve(home, environment: environment)
        #expect(listened, "\(value): exit \(status.map(String.init) ?? "-"), \(stderr)")
    }

    @Test(arguments: values) func aHostileNumberInEveryVariableStillAnswers(_ value: String) async throws {
        try await FakeGitHub.with { fake, url in
            var environment = Dictionary(uniqueKeysWithValues: Self.names.map { ($0, value) })
            // A time-out of 0 counts as the shortest one (a millisecond): the fake may not answer
            // within it, which is an error the user reads, not a trap.
            if Double(value).map({ $0 <= 0 || $0.isNaN }) ?? true { environment["STARSCOPE_TIMEOUT"] = "20" }
            let result = try await CLI.run(["trending", "--limit", "3", "--json"], api: url, environment: environment)
            #expect(result.status == 0, "\(value): \(result.stderr)")
            let items = try jsonArray(result.stdout)
            #expect(items.count == 3)
            _ = fake
        }
    }
}
