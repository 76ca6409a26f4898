import Foundation
import GitHubAPI
import StarscopeModels

// The rate-limit headers and `Cache-Control`: lines of the input are header values (limit,
// remaining, reset, used, resource, cache-control); any of them parses without trapping, and a
// snapshot read from them never reports a negative `used` that GitHub did not send.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeaders(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let names = ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "x-ratelimit-used", "x-ratelimit-resource"]
    var headers: [String: String] = [:]
    for (name, value) in zip(names, lines) where !value.isEmpty { headers[name] = value }
    if let snapshot = RateLimit(headers: headers) {
        precondition(snapshot.used >= 0 || headers["x-ratelimit-used"] != nil, "used \(snapshot.used) from \(headers)")
        _ = snapshot.reset.timeIntervalSince1970
    }
    let cacheControl = CacheControl(lines.count > 5 ? lines[5...].joined(separator: "\n") : text)
    if let maxAge = cacheControl.maxAge { _ = maxAge }
    return 0
}
