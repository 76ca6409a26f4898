import Foundation

/// What a person may write on a favourite: notes of at most 2,000 characters, and tags of 1 to 40
/// printable characters without commas (a comma separates tags where people type them), described
/// in one line of at most 500 characters.
public enum FavoriteText {
    public static let maximumNoteLength = 2_000
    public static let maximumTagDescriptionLength = 500
    public static let maximumTagLength = 40
    public static let maximumTags = 20

    /// The note trimmed, or nil when it is too long.
    public static func note(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= maximumNoteLength, !trimmed.unicodeScalars.contains(where: isControl) else { return nil }
        return trimmed
    }

    /// The tag's description trimmed, or nil when it is too long or not one line.
    public static func tagDescription(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= maximumTagDescriptionLength,
            !trimmed.unicodeScalars.contains(where: { isControl($0) || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        else { return nil }
        return trimmed
    }

    /// The tag trimmed, with inner white space folded to single spaces, or nil when it cannot be one.
    public static func tag(_ text: String) -> String? {
        let folded = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !folded.isEmpty, folded.count <= maximumTagLength, !folded.contains(","),
            !folded.unicodeScalars.contains(where: isControl)
        else { return nil }
        return folded
    }

    /// Control and format characters (NUL, escapes, bidirectional overrides), newlines and tabs
    /// aside in notes.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\n" || scalar == "\t" { return false }
        switch scalar.properties.generalCategory {
        case .control, .format: return true
        default: return false
        }
    }
}
