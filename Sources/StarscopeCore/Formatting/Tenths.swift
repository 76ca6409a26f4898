import Foundation

/// A number with one decimal, `12.3`, written as `String(format: "%.1f", value)` writes it: the
/// exact binary value rounded to the nearest tenth, a tie to the even digit. By integer
/// arithmetic on the value's bits: a detail page writes a dozen of these (its language shares), and
/// `String(format:)` goes through CoreFoundation for each.
public enum Tenths {
    public static func format(_ value: Double) -> String {
        // Negative values, -0, infinities, NaN and very large values are left to the formatter.
        guard value.sign == .plus, value < 0x1p40 else { return String(format: "%.1f", value) }
        let tenths = rounded(value)
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `value` × 10 rounded to the nearest whole number, ties to even, for 0 ≤ `value` < 2⁴⁰.
    static func rounded(_ value: Double) -> UInt64 {
        // Below 2⁻¹⁰, ten times the value is below 0.01: it rounds to 0 (subnormals and 0 too).
        guard value >= 0x1p-10 else { return 0 }
        // value = significand × 2^-shift exactly, with the significand's 53 bits and 13 ≤ shift ≤ 62,
        // so ten times the significand fits in 57 bits.
        let significand = value.significandBitPattern | (1 << 52)
        let shift = UInt64(52 - Int(value.exponent))
        let scaled = significand * 10
        var quotient = scaled >> shift
        let remainder = scaled & ((1 << shift) - 1)
        let half: UInt64 = 1 << (shift - 1)
        if remainder > half || (remainder == half && quotient % 2 == 1) { quotient += 1 }
        return quotient
    }
}
