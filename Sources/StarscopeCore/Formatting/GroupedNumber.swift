/// Whole counts in full, with thousands grouped: `1,234,567`.
///
/// The interface is in English, so the separator is always a comma, whatever the machine's
/// locale; and formatting this way loads no ICU locale data, which a command's start can feel.
public enum GroupedNumber {
    /// Any `Int`, `Int.min` included (its magnitude is a `UInt`, so nothing overflows).
    public static func format(_ value: Int) -> String {
        format(value.magnitude, negative: value < 0)
    }

    /// A magnitude without a sign, for a difference written with its own `+` or `−`.
    public static func format(_ magnitude: UInt, negative: Bool = false) -> String {
        let digits = String(magnitude)
        var grouped = ""
        grouped.reserveCapacity(digits.utf8.count + digits.utf8.count / 3 + 1)
        if negative { grouped.append("-") }
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped
    }
}
