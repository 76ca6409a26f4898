import Configuration
import Foundation
import Testing

@testable import StarscopeCore

/// One configuration, through swift-configuration: flags over variables over the file over defaults.
@Suite struct SettingsTests {
    static func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("starscope-settings-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aFlagBeatsItsVariableWhichBeatsTheFileWhichBeatsTheDefault() async throws {
        let path = try Self.file(#"{"liveInterval": 30, "liveShare": 0.25, "searchFreshness": 5, "port": 9090}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try await SettingsFile.load(path)
        let settings = SettingsSources(
            flags: [.liveInterval: .double(10)], variables: ["STARSCOPE_LIVE_INTERVAL": "20", "STARSCOPE_LIVE_SHARE": "0.75"], file: file)
        #expect(settings.number(.liveInterval, default: 60, within: 0...1e6) == 10)
        #expect(settings.origin(of: .liveInterval) == .flag)
        #expect(settings.number(.liveShare, default: 0.5, within: 0...1) == 0.75)
        #expect(settings.origin(of: .liveShare) == .environment)
        #expect(settings.number(.searchFreshness, default: 60, within: 0...1e6) == 5)
        #expect(settings.origin(of: .searchFreshness) == .file(path))
        #expect(settings.number(.updatesInterval, default: 900, within: 5...1e6) == 900)
        #expect(settings.origin(of: .updatesInterval) == .defaultValue)
    }

    @Test(arguments: SettingKey.all) func everySettingIsReadFromTheVariableItNames(_ key: SettingKey) {
        let value: String
        switch key.kind {
        case .text: value = "some-text"
        case .number: value = "7"
        case .flag: value = "true"
        case .list: value = "a,b"
        }
        let settings = SettingsSources(variables: [key.variable: value])
        switch key.kind {
        case .text: #expect(settings.text(key) == "some-text")
        case .number: #expect(settings.number(key, default: 1, within: 0...100) == 7)
        case .flag: #expect(settings.flag(key))
        case .list: #expect(settings.list(key) == ["a", "b"])
        }
        #expect(settings.origin(of: key) == .environment)
        #expect(key.variable.hasPrefix("STARSCOPE_") && key.variable == key.variable.uppercased())
    }

    @Test func aVariableThatIsNotANumberCountsAsUnsetAndOnePastItsRangeAsTheEnd() {
        let settings = SettingsSources(variables: [
            "STARSCOPE_TIMEOUT": "ten", "STARSCOPE_LIVE_INTERVAL": "1e300", "STARSCOPE_LIVE_SHARE": "nan",
        ])
        #expect(settings.number(.timeout, default: 30, within: 0.001...86_400) == 30)
        #expect(settings.number(.liveInterval, default: 60, within: 0.1...86_400) == 86_400)
        #expect(settings.number(.liveShare, default: 0.5, within: 0...1) == 0.5)
    }

    @Test(arguments: [
        (#"{"prot": 8080}"#, "“prot” in PATH is not a Starscope setting"),
        (#"{"port": "eighty"}"#, "“port” in PATH must be a port from 0 to 65535"),
        (#"{"port": 70000}"#, "“port” in PATH must be a port from 0 to 65535"),
        (#"{"metrics": "yes"}"#, "“metrics” in PATH must be true or false"),
        (#"{"trustedProxies": "10.0.0.0/8"}"#, "“trustedProxies” in PATH must be a list of text"),
        (#"{"liveInterval": -5}"#, "“liveInterval” in PATH must be a number, 0 or more"),
        (#"{"live": {"interval": 5}}"#, "“live” in PATH is not a Starscope setting"),
        (#"[1, 2]"#, "The configuration file PATH must hold one JSON object of settings"),
        (#"{"port": 80"#, "The configuration file PATH must hold one JSON object of settings"),
    ]) func aBadFileIsOneSentenceNamingTheSetting(_ text: String, _ expected: String) async throws {
        let path = try Self.file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try await SettingsFile.load(path)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.message.hasPrefix(expected.replacingOccurrences(of: "PATH", with: path)), "\(error.message)")
        }
    }

    @Test func aMissingFileIsOneSentence() async {
        do {
            _ = try await SettingsFile.load("/nonexistent/starscope.json")
            Issue.record("a missing file was accepted")
        } catch {
            #expect(error.message == "Cannot read the configuration file /nonexistent/starscope.json.")
        }
    }
}
