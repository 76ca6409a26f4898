import Foundation

/// A count with its noun, singular or plural as the count asks: "1 fork", "2 forks", "1.2k stars".
public enum CountNoun {
    /// `count` written by `number` (grouped by default: "1,234"), then `noun`, or `plural`
    /// ("`noun`s" unless given) for any count but one.
    public static func text(
        _ count: Int, _ noun: String, plural: String? = nil, number: (Int) -> String = GroupedNumber.format
    ) -> String {
        "\(number(count)) \(word(count, noun, plural: plural))"
    }

    /// The noun alone, as `count` asks: "fork" for one, "forks" otherwise.
    public static func word(_ count: some BinaryInteger, _ noun: String, plural: String? = nil) -> String {
        count == 1 ? noun : plural ?? noun + "s"
    }
}
