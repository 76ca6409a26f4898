import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension FileHandle {
    /// Everything up to the end of the file, read with `read(2)` and read again when a signal
    /// interrupts it. Foundation's `readDataToEndOfFile()` traps on `EINTR`, which takes the
    /// whole test process down when any signal (a crash report's, a debugger's) reaches the
    /// reading thread.
    public func readAllRetryingInterrupts() -> Data {
        var data = Data()
        while let chunk = readChunkRetryingInterrupts(upTo: 65_536), !chunk.isEmpty {
            data.append(chunk)
        }
        return data
    }

    /// Up to `count` bytes, waiting for at least one; empty at the end of the file and `nil` on
    /// an error other than an interruption.
    public func readChunkRetryingInterrupts(upTo count: Int) -> Data? {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let read = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, count) }
            if read >= 0 { return Data(buffer[0..<read]) }
            if errno != EINTR { return nil }
        }
    }
}
