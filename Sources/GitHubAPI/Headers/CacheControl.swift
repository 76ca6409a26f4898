import StarscopeModels

/// The parts of `Cache-Control` that decide whether a stored answer may be reused.
public struct CacheControl: Hashable, Sendable {
    public var maxAge: Int?
    public var noCache: Bool
    public var noStore: Bool

    public init(_ header: String) {
        var maxAge: Int?
        var noCache = false
        var noStore = false
        for directive in header.split(separator: ",") {
            let pair = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            switch pair.first {
            // Held to 0…10¹² seconds (`Count.parse`), whatever the digits.
            case "max-age": maxAge = pair.count == 2 ? Count.parse(pair[1]) : nil
            case "no-cache": noCache = true
            case "no-store": noStore = true
            default: break
            }
        }
        self.maxAge = maxAge
        self.noCache = noCache
        self.noStore = noStore
    }
}
