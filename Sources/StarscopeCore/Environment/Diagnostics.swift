import Foundation
import Logging

/// Diagnostic logging on standard error, off unless `STARSCOPE_LOG_LEVEL` asks for it
/// (`trace`, `debug`, `info`, …). Log lines name URLs and statuses, never tokens.
public enum Diagnostics {
    public static func logger(_ label: String, environment: [String: String]) -> Logger {
        var logger = Logger(label: label) { DiagnosticsLogHandler(label: $0) }
        logger.logLevel = environment["STARSCOPE_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? .critical
        return logger
    }
}

/// Swift-log's `StreamLogHandler` on standard error, its metadata written out only when a line
/// is: the web server gives every request's logger an id, and the stream handler writes out its
/// metadata at once each time, a cost on every answer even with logging off.
struct DiagnosticsLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String) {
        self.label = label
        metadataProvider = LoggingSystem.metadataProvider
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// The line the stream handler writes with this metadata.
    func log(event: LogEvent) {
        var stream = StreamLogHandler.standardError(label: label, metadataProvider: metadataProvider)
        stream.logLevel = logLevel
        stream.metadata = metadata
        stream.log(event: event)
    }
}
