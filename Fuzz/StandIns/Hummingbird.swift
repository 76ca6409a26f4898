// The fuzz build's stand-in for Hummingbird, so that the form parsers (FormData.swift, which only
// ever throws `HTTPError`) compile without the server: the same name and initialiser, nothing else.
// A parser that needs more of Hummingbird fails to build here, loudly, rather than being fuzzed
// against something else.

public struct HTTPError: Error {
    public enum Status: Sendable { case badRequest, contentTooLarge, requestTimeout }

    public var status: Status
    public var message: String?

    public init(_ status: Status, message: String? = nil) {
        self.status = status
        self.message = message
    }
}
