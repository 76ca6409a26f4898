import Foundation
import HTTPTypes
import Hummingbird

/// A feed answers as `application/atom+xml` with a strong ETag computed from its bytes, so a feed
/// reader's repeat with `If-None-Match` costs a `304 Not Modified` and no body. `Last-Modified`
/// says when the newest entry changed; `If-Modified-Since` is not answered with 304, because a
/// feed also changes when a count in a summary moves or an entry leaves, which that date misses:
/// the ETag is the validator.
extension AtomFeed: ResponseGenerator {
    static let contentType = "application/atom+xml; charset=utf-8"

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = Array(document.utf8)
        let tag = Self.entityTag(of: body)
        var headers = HTTPFields()
        headers[.eTag] = tag
        headers[.cacheControl] = "no-cache"
        headers[.lastModified] = Self.httpDate(updated)
        if Self.ifNoneMatch(request.headers[values: .ifNoneMatch], matches: tag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = Self.contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A strong entity tag from the bytes: 64-bit FNV-1a and the length, `"<hash>-<length>"`.
    static func entityTag(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "-" + String(bytes.count, radix: 16) + "\""
    }

    /// `If-None-Match` (every field line, each a list) names `tag` or is `*`. The comparison is
    /// the weak one RFC 9110 prescribes for this header: `W/"x"` matches `"x"`.
    static func ifNoneMatch(_ fields: [String], matches tag: String) -> Bool {
        for field in fields {
            for candidate in field.split(separator: ",") {
                var candidate = candidate.trimmingCharacters(in: .whitespaces)[...]
                if candidate == "*" { return true }
                if candidate.hasPrefix("W/") { candidate = candidate.dropFirst(2) }
                if candidate == tag[...] { return true }
            }
        }
        return false
    }

    /// An HTTP date (IMF-fixdate): `Tue, 24 Nov 2026 02:25:38 GMT`.
    static func httpDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        let weekday = days[((parts.weekday ?? 1) - 1 + 7) % 7]
        let month = months[((parts.month ?? 1) - 1 + 12) % 12]
        return
            "\(weekday), \(two(parts.day)) \(month) \(parts.year ?? 1970) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) GMT"
    }
}
