#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one connection may take, and how many there may be: every phase of a connection has a
/// bound, so no client can hold the server's memory or descriptors by being slow.
///
/// - Waiting for a request (a new connection, or idle keep-alive between requests): `idleTimeout`.
/// - A request arriving (its first byte to the end of its body): `requestTimeout` in all, and from
///   `rateGrace` on, at least `minimumRate` bytes a second on average.
/// - An answer being written: no bound but the application's own, except event streams (`/live`),
///   closed after `streamLifetime` (the page's `EventSource` connects again).
/// - Connections: at most `perAddress` from one client address (a trusted proxy's are capped by
///   the total only) and `total(descriptorLimit:)` in all; one over is closed as soon as it is
///   accepted.
///
public struct ConnectionLimits: Sendable, Hashable {
    /// Seconds a connection may wait for a request's first byte (`STARSCOPE_IDLE_TIMEOUT`, 15).
    public var idleTimeout: Double = 15
    /// Seconds a whole request, head and body, may take to arrive (`STARSCOPE_REQUEST_TIMEOUT`, 30).
    public var requestTimeout: Double = 30
    /// Bytes a second a request must average once it has taken `rateGrace` seconds
    /// (`STARSCOPE_MIN_RATE`, 500; 0 turns the check off).
    public var minimumRate: Double = 500
    /// Seconds before `minimumRate` is checked (5).
    public var rateGrace: Double = 5
    /// Seconds an event stream may stay open (`STARSCOPE_STREAM_LIFETIME`, 3,600).
    public var streamLifetime: Double = 3600
    /// Connections one client address may hold (`STARSCOPE_MAX_CONNECTIONS_PER_ADDRESS`, 512: eight
    /// times the `/live` streams one client may hold). A trusted proxy's are not capped as one
    /// client's: the browsers behind it are told apart by `X-Forwarded-For`.
    public var perAddress = 512
    /// Connections in all asked for (`STARSCOPE_MAX_CONNECTIONS`, 10,000); `total(descriptorLimit:)`
    /// is what is allowed.
    public var maximumTotal = 10_000
    /// Request bodies up to this size are held until whole before the application sees the
    /// request, so a slow one never ties up a handler (64 KB, the size of a form); larger ones
    /// (imports) go through as they arrive, under the same time bounds.
    public var heldBody = 64 * 1024

    public init() {}

    /// Descriptors kept free for everything but client connections.
    public static func descriptorHeadroom(descriptorLimit: Int) -> Int {
        max(128, descriptorLimit / 10)
    }

    /// Connections allowed in all: `maximumTotal`, or fewer when the open-file limit
    /// `descriptorLimit` would not leave `descriptorHeadroom` descriptors for the database,
    /// GitHub, logs and the listening socket, so the process never reaches the limit.
    public func total(descriptorLimit: Int) -> Int {
        max(16, min(maximumTotal, descriptorLimit - Self.descriptorHeadroom(descriptorLimit: descriptorLimit)))
    }

    /// The process's soft limit on open files (`RLIMIT_NOFILE`), read now: `serve` raises it first.
    public static func descriptorLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return Int(clamping: limit.rlim_cur)  // unlimited (all ones) reads as Int.max
    }
}
