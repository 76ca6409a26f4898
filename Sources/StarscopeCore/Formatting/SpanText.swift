import Foundation

/// A span as a short label: "6d 4h", "3h 12m", "45m".
public enum SpanText {
    /// Any span: negative, NaN or beyond `Int`'s range is held to 0 through 10¹⁵ seconds first.
    public static func short(_ seconds: TimeInterval) -> String {
        let minutes = Int((seconds.isNaN ? 0 : min(max(seconds, 0), 1e15)) / 60)
        let (days, hours, rest) = (minutes / 1_440, (minutes % 1_440) / 60, minutes % 60)
        if days > 0 { return "\(days)d \(hours)h" }
        if hours > 0 { return "\(hours)h \(rest)m" }
        return "\(max(1, rest))m"
    }
}
