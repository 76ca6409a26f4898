import Foundation
import Logging

/// One JSON object a line: `time`, `level`, `label`, `message`, and the metadata as members
/// (`request_id`, `route`, `status`, `duration`, `error`, …), numbers as numbers.
enum JSONLogLine {
    /// Writes `line` and a newline to standard error in one write: lines from several tasks never interleave.
    static func write(_ line: [UInt8]) {
        let bytes = line + [UInt8(ascii: "\n")]
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(STDERR_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// The line's JSON, keys sorted.
    static func line(time: Date, level: Logger.Level, label: String, message: String, metadata: Logger.Metadata) -> [UInt8] {
        var object: [String: Any] = [:]
        for (key, value) in metadata { object[Self.key(key)] = Self.json(value) }
        object["time"] = Self.timestamp(time)
        object["level"] = level.rawValue
        object["label"] = label
        object["message"] = message
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return Array(data)
    }

    /// Hummingbird's `hb.request.id` is written `request_id`, as log stores name it.
    static func key(_ key: String) -> String {
        key == "hb.request.id" ? "request_id" : key
    }

    static func json(_ value: Logger.MetadataValue) -> Any {
        switch value {
        case .string(let text): return text
        case .stringConvertible(let number as Int): return number
        case .stringConvertible(let number as Double) where number.isFinite: return number
        case .stringConvertible(let flag as Bool): return flag
        case .stringConvertible(let other): return other.description
        case .dictionary(let members): return members.mapValues(json)
        case .array(let items): return items.map(json)
        }
    }

    /// ISO 8601 in UTC to the millisecond.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: true).timeSeparator(.colon))
            + "Z"
    }
}

/// What never goes into a log line: members whose names say they may hold a secret (a token, a
/// cookie, a sign-in code, a password, an `Authorization` header), whatever their value.
enum LogRedaction {
    static let secretWords = ["token", "cookie", "authorization", "code", "secret", "password", "session", "key"]

    static func redacted(_ metadata: Logger.Metadata) -> Logger.Metadata {
        metadata.filter { key, _ in
            let name = key.lowercased()
            return !secretWords.contains { name.contains($0) }
        }
    }
}
