import Foundation
import Logging
import StarscopeModels

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

    /// The line's JSON, keys sorted, written straight to bytes: `serve` writes one for every
    /// request, so it costs a few microseconds, not a general encoder's.
    static func line(time: Date, level: Logger.Level, label: String, message: String, metadata: Logger.Metadata) -> [UInt8] {
        var members: [String: [UInt8]] = [:]
        for (key, value) in metadata { members[Self.key(key)] = Self.json(value) }
        members["time"] = Self.string(Self.timestamp(time))
        members["level"] = Self.string(level.rawValue)
        members["label"] = Self.string(label)
        members["message"] = Self.string(message)
        return Self.object(members)
    }

    /// Hummingbird's `hb.request.id` is written `request_id`, as log stores name it.
    static func key(_ key: String) -> String {
        key == "hb.request.id" ? "request_id" : key
    }

    static func json(_ value: Logger.MetadataValue) -> [UInt8] {
        switch value {
        case .string(let text): return string(text)
        case .stringConvertible(let number as Int): return Array(String(number).utf8)
        case .stringConvertible(let number as Double) where number.isFinite: return Array("\(number)".utf8)
        case .stringConvertible(let flag as Bool): return Array((flag ? "true" : "false").utf8)
        case .stringConvertible(let other): return string(other.description)
        case .dictionary(let members): return object(members.mapValues(json))
        case .array(let items):
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: json(item))
            }
            bytes.append(UInt8(ascii: "]"))
            return bytes
        }
    }

    static func string(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONObjectWriter.appendString(text, to: &bytes)
        return bytes
    }

    /// An object of members already written, keys sorted.
    static func object(_ members: [String: [UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for (index, key) in members.keys.sorted().enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONObjectWriter.appendString(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: members[key] ?? [])
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// ISO 8601 in UTC to the millisecond: `2027-01-15T08:00:00.125Z`.
    static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let (_, fraction) = CivilDate.floorDivide(milliseconds, by: 1000)
        return String(CivilDate(millisecondsSince1970: milliseconds).iso8601.dropLast()) + "." + CivilDate.pad(fraction, 3) + "Z"
    }
}

/// What never goes into a log line: members whose names say they may hold a secret (a token, a
/// cookie, a sign-in code, a password, an `Authorization` header), whatever their value.
enum LogRedaction {
    static let secretWords = ["token", "cookie", "authorization", "code", "secret", "password", "session", "key"]

    /// `metadata` without a member whose name holds a secret word, in any case. Searched as bytes:
    /// `String.contains` of a string goes through Foundation's locale-aware search, which cost
    /// more than the rest of a request's log line.
    static func redacted(_ metadata: Logger.Metadata) -> Logger.Metadata {
        metadata.filter { key, _ in
            let name = key.lowercased()
            return !secretWords.contains { name.firstUTF8Range(of: $0) != nil }
        }
    }
}
