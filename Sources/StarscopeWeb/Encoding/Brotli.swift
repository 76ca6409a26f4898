import CBrotli
import NIOCore

/// Brotli (RFC 7932) through the system's library, in one call: web answers are small and whole.
/// Browsers ask for it beside gzip, and it sends text smaller, mostly through its dictionary of
/// words common on the web.
enum Brotli {
    /// How hard the encoder works: `page` for what is compressed as it is served (about gzip's
    /// time), `asset` for what is compressed once and served many times (much slower, smaller).
    enum Quality: Int32, Sendable {
        case page = 5
        case asset = 11
    }

    /// `bytes` compressed, or nil if the encoder refuses (out of memory, or an input too large).
    static func compress(_ bytes: ByteBuffer, quality: Quality) -> ByteBuffer? {
        let bound = BrotliEncoderMaxCompressedSize(bytes.readableBytes)
        guard bound > 0 else { return nil }
        var output = ByteBuffer()
        var succeeded = false
        _ = bytes.withUnsafeReadableBytes { input in
            output.writeWithUnsafeMutableBytes(minimumWritableBytes: bound) { out in
                var size = out.count
                succeeded =
                    BrotliEncoderCompress(
                        quality.rawValue, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, input.count,
                        input.bindMemory(to: UInt8.self).baseAddress, &size, out.bindMemory(to: UInt8.self).baseAddress
                    ) == BROTLI_TRUE
                return succeeded ? size : 0
            }
        }
        return succeeded ? output : nil
    }
}
