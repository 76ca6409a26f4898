import CZlib
import NIOCore

/// gzip (RFC 1952) through the system's zlib, in one call: web answers are small and whole.
enum Gzip {
    /// zlib's level 6, its default: close to level 9's size on HTML, in much less time.
    static let level: Int32 = 6

    /// `bytes` compressed as a gzip member, or nil if zlib refuses (out of memory).
    static func compress(_ bytes: ByteBuffer) -> ByteBuffer? {
        var stream = z_stream()
        // windowBits 15 + 16: a gzip header and trailer instead of zlib's.
        guard
            deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
                == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.readableBytes)))
        var output = ByteBuffer()
        var finished = false
        _ = bytes.withUnsafeReadableBytes { input in
            output.writeWithUnsafeMutableBytes(minimumWritableBytes: bound) { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                finished = deflate(&stream, Z_FINISH) == Z_STREAM_END
                return finished ? Int(stream.total_out) : 0
            }
        }
        return finished ? output : nil
    }
}
