import Foundation
import Logging

/// Diagnostic logging on standard error, off unless `STARSCOPE_LOG_LEVEL` asks for it
/// (`trace`, `debug`, `info`, …). Log lines name URLs and statuses, never tokens.
public enum Diagnostics {
    public static func logger(_ label: String, environment: [String: String]) -> Logger {
        var logger = Logger(label: label) { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = environment["STARSCOPE_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? .critical
        return logger
    }
}
