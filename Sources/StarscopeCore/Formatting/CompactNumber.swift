/// Star and fork counts as people read them: 999, 1.2k, 12.3k, 123k, 1.2M.
///
/// Any `Int` is formatted, `Int.min` and `Int.max` included: the arithmetic is on the
/// magnitude as a `UInt` and never multiplies it, so nothing can overflow.
public enum CompactNumber {
    public static func format(_ value: Int) -> String {
        let magnitude = value.magnitude
        let sign = value < 0 ? "-" : ""
        switch magnitude {
        case ..<1_000:
            return "\(value)"
        case ..<1_000_000:
            return sign + scaled(magnitude, by: 1_000, suffix: "k", next: "M")
        default:
            return sign + scaled(magnitude, by: 1_000_000, suffix: "M", next: nil)
        }
    }

    /// One decimal below 100 units (12.3k), none above (123k); never rounds up to "1000k".
    /// The tenths are `(value + unit / 20) / (unit / 10)`, which is `(value * 10 + unit / 2) / unit`
    /// without the product.
    private static func scaled(_ value: UInt, by unit: UInt, suffix: String, next: String?) -> String {
        let tenths = (value + unit / 20) / (unit / 10)
        if tenths >= 1_000 {
            let whole = (value + unit / 2) / unit
            if whole >= 1_000, let next { return "1\(next)" }
            return "\(whole)\(suffix)"
        }
        let whole = tenths / 10
        let fraction = tenths % 10
        return fraction == 0 ? "\(whole)\(suffix)" : "\(whole).\(fraction)\(suffix)"
    }
}
