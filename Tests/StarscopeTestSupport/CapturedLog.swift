import Logging
import Synchronization

/// A swift-log handler that keeps every line, with its metadata, for tests that check what was logged.
public final class CapturedLog: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    /// A logger at `level` that writes here.
    public func logger(_ label: String = "starscope.test", level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: label) { _ in Handler(sink: self) }
        logger.logLevel = level
        return logger
    }

    /// Every line so far: level, message and metadata, as a log would print them.
    public var all: [String] { lines.withLock { $0 } }

    fileprivate func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    struct Handler: LogHandler {
        let sink: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
            let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            let error = event.error.map { " error=\(String(reflecting: $0))" } ?? ""
            sink.append("\(event.level) \(event.message) \(fields)\(error)")
        }
    }
}
