import Foundation
import Hummingbird

/// Reading a form from a request, apart from the parsers, which touch no request (so that their
/// fuzz target builds without the server).
extension FormData {
    /// Reads a form of at most `limit` bytes that arrives within `timeout`; a larger, slower or
    /// over-divided one is refused (413, 408) before any of it is parsed further.
    static func read(_ request: Request, limit: Int = 64 * 1024, timeout: Duration = .seconds(30)) async throws -> FormData {
        let body = request.body
        let buffer = try await withThrowingTaskGroup(of: ByteBuffer.self) { group in
            group.addTask { try await body.collect(upTo: limit) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw HTTPError(.requestTimeout, message: "The form took too long to arrive.")
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw HTTPError(.badRequest) }
            return first
        }
        let data = Data(buffer.readableBytesView)
        let contentType = request.headers[.contentType] ?? ""
        if contentType.lowercased().hasPrefix("multipart/form-data"), let boundary = boundary(in: contentType) {
            return try multipart(data, boundary: boundary)
        }
        return try urlEncoded(String(decoding: data, as: UTF8.self))
    }
}
