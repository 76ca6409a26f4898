/// Whole counts in full, with thousands grouped: `1,234,567`.
///
/// The interface is in English, so the separator is always a comma, whatever the machine's
/// locale; and formatting this way loads no ICU locale data, which a command's start can feel.
public enum GroupedNumber {
    public static func format(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        grouped.reserveCapacity(digits.utf8.count + digits.utf8.count / 3 + 1)
        if value < 0 { grouped.append("-") }
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped
    }
}
