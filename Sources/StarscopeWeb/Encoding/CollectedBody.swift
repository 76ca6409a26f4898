import Hummingbird
import NIOCore

/// The bytes of a response body whose length is known (one built from a buffer): read once,
/// so a middleware can hash or compress it. Streamed bodies are never collected.
enum CollectedBody {
    static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let sink = Sink()
        try await body.write(Writer(sink: sink))
        return sink.buffer
    }

    /// Where the writer puts the bytes; the body's `write` consumes the writer itself.
    private final class Sink {
        var buffer = ByteBuffer()
    }

    private struct Writer: ResponseBodyWriter {
        let sink: Sink

        mutating func write(_ buffer: ByteBuffer) async throws {
            if sink.buffer.readableBytes == 0 {
                sink.buffer = buffer
            } else {
                var buffer = buffer
                sink.buffer.writeBuffer(&buffer)
            }
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
