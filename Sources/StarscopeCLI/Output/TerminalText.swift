/// Makes text from GitHub safe and tidy for a terminal cell.
///
/// GitHub's strings are untrusted: escape sequences could recolour or rewrite the screen, and
/// bidirectional overrides could reorder what is shown. They are dropped; line breaks become spaces.
enum TerminalText {
    static func clean(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
                continue
            }
            if isControl(scalar) { continue }
            result.append(scalar)
            lastWasSpace = scalar == " "
        }
        return String(result)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: true
        default: false
        }
    }

    /// Columns a string takes in a terminal: wide (East Asian, emoji) characters take two, marks none.
    static func width(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark { return 0 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Cuts `text` to at most `columns` columns, ending with "…" when something was cut.
    static func truncate(_ text: String, to columns: Int) -> String {
        guard width(text) > columns else { return text }
        guard columns > 1 else { return columns == 1 ? "…" : "" }
        var result = ""
        var used = 0
        for character in text {
            let next = width(of: character)
            if used + next > columns - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    static func pad(_ text: String, to columns: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, columns - width(text)))
        return right ? padding + text : text + padding
    }
}
