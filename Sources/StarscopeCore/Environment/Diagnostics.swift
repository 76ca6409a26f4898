import Foundation
import Logging

/// Diagnostic logging on standard error at the `logLevel` setting (`STARSCOPE_LOG_LEVEL`: `trace`,
/// `debug`, `info`, …), as plain lines or one JSON object a line (`LogFormat`). Unset, the terminal's
/// commands stay quiet and `serve` logs at `info`. Log lines name routes, URLs and statuses, never tokens.
public enum Diagnostics {
    /// At `level` (`trace`, `debug`, `info`, …; `fallback` when nil or unknown), as `format` writes.
    public static func logger(_ label: String, level: String?, format: LogFormat, fallback: Logger.Level = .critical) -> Logger {
        var logger = Logger(label: label) { DiagnosticsLogHandler(label: $0, format: format) }
        logger.logLevel = level.flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? fallback
        return logger
    }
}

/// How log lines are written: `plain` (swift-log's own lines) or `json` (one object a line, for
/// journald, Loki and the like).
public enum LogFormat: String, Sendable, CaseIterable {
    case plain
    case json

    /// The format `name`d (the `logFormat` setting, any case), else plain on a terminal and JSON
    /// elsewhere (a service's journal).
    public init(named name: String?, standardErrorIsTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        if let named = name.flatMap({ LogFormat(rawValue: $0.lowercased()) }) {
            self = named
        } else {
            self = standardErrorIsTerminal ? .plain : .json
        }
    }
}

/// Lines on standard error in `format`: swift-log's `StreamLogHandler` (plain) or `JSONLogLine`,
/// the metadata written out only when a line is: the web server gives every request's logger an
/// id, and the stream handler writes out its metadata at once each time, a cost on every answer
/// even with logging off. Metadata that could hold a secret never reaches a line (`LogRedaction`).
struct DiagnosticsLogHandler: LogHandler {
    let label: String
    let format: LogFormat
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, format: LogFormat) {
        self.label = label
        self.format = format
        metadataProvider = LoggingSystem.metadataProvider
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        guard format == .plain else {
            var merged = metadata
            if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
            if let given = event.metadata { merged.merge(given) { $1 } }
            JSONLogLine.write(
                JSONLogLine.line(
                    time: Date(), level: event.level, label: label, message: event.message.description,
                    metadata: LogRedaction.redacted(merged)))
            return
        }
        var stream = StreamLogHandler.standardError(label: label, metadataProvider: metadataProvider)
        stream.logLevel = logLevel
        stream.metadata = LogRedaction.redacted(metadata)
        var event = event
        event.metadata = event.metadata.map(LogRedaction.redacted)
        stream.log(event: event)
    }
}
