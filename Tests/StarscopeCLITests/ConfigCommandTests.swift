import Foundation
import Testing

/// `starscope config show` and `serve --config`, run as a user runs them.
@Suite struct ConfigCommandTests {
    @Test func showPrintsEachSettingInForceWithItsSourceAndNoSecret() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("starscope-config-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"port": 9090, "liveInterval": 30, "metrics": true}"#.utf8).write(to: URL(fileURLWithPath: path))
        let result = try await CLI.run(
            ["config", "show", "--config", path, "--json"],
            environment: [
                "STARSCOPE_LIVE_INTERVAL": "45", "STARSCOPE_DATABASE_URL": "postgres://user:hunter2@db/starscope",
                "GH_TOKEN": "ghp_FAKEoctocatTOKEN0000000000000000000000",
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
        #expect(!result.stdout.contains("hunter2") && !result.stdout.contains("ghp_"))
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
