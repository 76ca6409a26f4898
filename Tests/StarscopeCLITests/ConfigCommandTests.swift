import Foundation
import Testing

/// `starscope config show` and `serve --config`, run as a user runs them.
@Suite struct ConfigCommandTests {
    @Test func showPrintsEachSettingInForceWithItsSourceAndNoSecret() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("starscope-config-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"port": 9090, "liveInterval": 30, "metrics": true, "appUrl": "https://mona:s3cret@stars.example/"}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let result = try await CLI.run(
            ["config", "show", "--config", path, "--json"],
            environment: [
                "STARSCOPE_LIVE_INTERVAL": "45", "STARSCOPE_DATABASE_URL": "postgres://user:hunter2@db/starscope",
                "GH_TOKEN": "ghp_FAKEoctocatTOKEN0000000000000000000000",
                "STARSCOPE_API_URL": "https://ghe-user:pa@ss-word@ghe.example/api/v3",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: [String: String]])
        #expect(object["port"] == ["value": "9090", "source": path])
        #expect(object["liveInterval"] == ["value": "45", "source": "STARSCOPE_LIVE_INTERVAL"])
        #expect(object["metrics"] == ["value": "true", "source": path])
        #expect(object["liveShare"] == ["value": "0.5", "source": "default"])
        #expect(object["databaseUrl"] == ["value": "set", "source": "STARSCOPE_DATABASE_URL"])
        #expect(object["metricsToken"] == ["value": "unset", "source": "default"])
        #expect(object["token"] == ["value": "set", "source": "GH_TOKEN"])
        #expect(object["apiUrl"] == ["value": "https://***@ghe.example/api/v3", "source": "STARSCOPE_API_URL"])
        #expect(object["appUrl"] == ["value": "https://***@stars.example/", "source": path])
        #expect(!result.stdout.contains("hunter2") && !result.stdout.contains("ghp_"))
        #expect(!result.stdout.contains("pa@ss-word") && !result.stdout.contains("s3cret") && !result.stdout.contains("ghe-user"))
        // The plain table masks them too.
        let table = try await CLI.run(
            ["config", "show", "--config", path], environment: ["STARSCOPE_API_URL": "https://ghe-user:pa@ss-word@ghe.example/api/v3"])
        #expect(table.status == 0 && table.stdout.contains("https://***@ghe.example/api/v3") && !table.stdout.contains("ss-word"))
    }

    @Test func aSecretInAFileEveryoneMayReadIsRefused() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("starscope-config-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"databaseUrl": "postgres://user:hunter2@db/starscope", "metricsToken": "t0ken"}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let refused = try await CLI.run(["serve", "--config", path], timeout: .seconds(30))
        #expect(refused.status == 2)
        #expect(
            refused.stderrLines == [
                "starscope: \(path) can be read by every user of this machine, so it must not hold databaseUrl or metricsToken: "
                    + "make it readable by its owner only (chmod 600), or set STARSCOPE_DATABASE_URL and STARSCOPE_METRICS_TOKEN "
                    + "in a file only root reads (systemd's EnvironmentFile=)."
            ])
        #expect(!refused.stderr.contains("hunter2") && !refused.stderr.contains("t0ken"))
        // Readable by its owner only, the same file is read.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        let shown = try await CLI.run(["config", "show", "--config", path, "--json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: [String: String]])
        #expect(object["databaseUrl"] == ["value": "set", "source": path])
    }

    @Test func serveRefusesABadFileWithOneSentenceBeforeItListens() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("starscope-config-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"port": 8080, "liveIntervall": 30}"#.utf8).write(to: URL(fileURLWithPath: path))
        let result = try await CLI.run(["serve", "--config", path], timeout: .seconds(30))
        #expect(result.status == 2)
        #expect(result.stderrLines == ["starscope: “liveIntervall” in \(path) is not a Starscope setting (see `starscope config show`)."])
    }
}
