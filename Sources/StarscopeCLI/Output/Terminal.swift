import Foundation
import StarscopeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the terminal can show: its width, whether colour is wanted, whether progress may be drawn.
struct Terminal: Sendable {
    let stdoutIsTerminal: Bool
    let stderrIsTerminal: Bool
    /// Columns to fit tables to; nil when output goes to a pipe and COLUMNS is unset.
    let width: Int?
    let colour: Bool

    init(environment: [String: String]) {
        stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        stderrIsTerminal = isatty(STDERR_FILENO) == 1
        let columns = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        width = stdoutIsTerminal ? (Self.windowWidth() ?? columns ?? 80) : columns
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        colour = stdoutIsTerminal && !noColour && environment["TERM"] != "dumb"
    }

    static func windowWidth() -> Int? {
        var size = winsize()
        #if canImport(Glibc)
            let request = UInt(TIOCGWINSZ)
        #else
            let request = TIOCGWINSZ
        #endif
        guard ioctl(STDOUT_FILENO, request, &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    func style(_ text: String, _ style: Style) -> String {
        colour ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    enum Style: String {
        case bold = "1"
        case dim = "2"
        case yellow = "33"
        case red = "31"
    }

    /// A progress line on standard error ("Loading page 2 of 3…"), only when stderr is a terminal.
    func progressReporter() -> PageProgress? {
        guard stderrIsTerminal else { return nil }
        let standardError = StandardError()
        return { loaded, expected in
            guard expected > 1 else { return }
            if loaded < expected {
                standardError.write("\r\u{1B}[KLoading page \(loaded + 1) of \(expected)…")
            } else {
                standardError.write("\r\u{1B}[K")
            }
        }
    }
}
