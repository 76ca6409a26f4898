import Foundation
import Logging
import Testing

@testable import StarscopeCore

/// `--log-format json`: one object a line, with the fields a log store reads, and no secret.
@Suite struct LogFormatTests {
    @Test func aJSONLineParsesAndCarriesTheFields() throws {
        let metadata: Logger.Metadata = [
            "hb.request.id": "abc123", "route": "/repos/{owner}/{name}", "status": .stringConvertible(503),
            "duration": .stringConvertible(0.25), "error": "GitHub did not answer in time.",
        ]
        let line = JSONLogLine.line(
            time: Date(timeIntervalSince1970: 1_800_000_000.125), level: .error, label: "starscope.web", message: "GET /x 503",
            metadata: metadata)
        #expect(!line.contains(UInt8(ascii: "\n")))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
        #expect(object["time"] as? String == "2027-01-15T08:00:00.125Z")
        #expect(object["level"] as? String == "error")
        #expect(object["message"] as? String == "GET /x 503")
        #expect(object["request_id"] as? String == "abc123")
        #expect(object["route"] as? String == "/repos/{owner}/{name}")
        #expect(object["status"] as? Int == 503)
        #expect(object["duration"] as? Double == 0.25)
        #expect(object["error"] as? String == "GitHub did not answer in time.")
    }

    @Test func hostileTextStaysInsideItsString() throws {
        let hostile = "\"},\n{\"level\":\"critical\u{0}\u{2028}"
        let line = JSONLogLine.line(time: Date(), level: .info, label: "l", message: hostile, metadata: ["error": .string(hostile)])
        #expect(!line.contains(UInt8(ascii: "\n")))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
        #expect(object["message"] as? String == hostile)
        #expect(object["level"] as? String == "info")
    }

    @Test func membersThatCouldHoldASecretNeverReachTheLine() {
        let kept = LogRedaction.redacted([
            "token": "ghp_secret", "authorization": "Bearer x", "cookie": "starscope_session=y", "code": "sign-in",
            "signInCode": "z", "route": "/", "status": "200",
        ])
        #expect(Set(kept.keys) == ["route", "status"])
    }

    @Test func theFormatIsPlainOnATerminalJSONElsewhereUnlessNamed() {
        #expect(LogFormat(named: nil, standardErrorIsTerminal: true) == .plain)
        #expect(LogFormat(named: nil, standardErrorIsTerminal: false) == .json)
        #expect(LogFormat(named: "JSON", standardErrorIsTerminal: true) == .json)
        #expect(LogFormat(named: "plain", standardErrorIsTerminal: false) == .plain)
        #expect(LogFormat(named: "xml", standardErrorIsTerminal: true) == .plain)
    }
}
