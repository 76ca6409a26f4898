import Foundation

extension HTMLSanitizer {
    enum Token {
        case text(String)
        case start(String, [(name: String, value: String)], selfClosing: Bool)
        case end(String)
    }

    /// Splits HTML into text and tags as the HTML5 tokeniser does, in the parts that matter here:
    /// tags and attributes (quoted or not), comments and bogus comments, the raw text of
    /// `script`, `style` and their like (read to their end tag and dropped), and character
    /// references (decoded, so that URLs are checked as the browser would read them).
    struct Tokenizer {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// Set after the start tag of an element whose content is raw text.
        var rawTextOf: String?

        static let rawTextElements: Set<String> = [
            "script", "style", "iframe", "noscript", "xmp", "noembed", "noframes", "textarea", "title", "plaintext",
        ]

        init(_ html: String) {
            scalars = Array(html.unicodeScalars)
        }

        mutating func next() -> Token? {
            if let raw = rawTextOf {
                rawTextOf = nil
                skipRawText(until: raw)
            }
            guard index < scalars.count else { return nil }
            if scalars[index] == "<", let token = markup() { return token }
            guard index < scalars.count else { return nil }
            // Text up to the next `<` (a `<` that starts no markup is text too).
            let start = index
            index += 1
            while index < scalars.count, scalars[index] != "<" { index += 1 }
            return .text(Self.decode(scalars[start..<index]))
        }

        /// The markup at `<`, consuming it; nil (consuming nothing) when the `<` is text.
        mutating func markup() -> Token? {
            let next = peek(1)
            if let next, Self.isLetter(next) {
                index += 1
                let name = readName()
                let (attributes, selfClosing, complete) = readAttributes()
                guard complete else { return nil }
                if Self.rawTextElements.contains(name) { rawTextOf = name }
                return .start(name, attributes, selfClosing: selfClosing)
            }
            if next == "/" {
                if let after = peek(2), Self.isLetter(after) {
                    index += 2
                    let name = readName()
                    _ = readAttributes()
                    return .end(name)
                }
                if peek(2) == ">" {
                    index += 3
                    return .text("")
                }
                index += 2
                skipPast(">")
                return .text("")
            }
            if next == "!" {
                if peek(2) == "-", peek(3) == "-" {
                    index += 4
                    // `<!-->` and `<!--->` end at once.
                    if peek(0) == ">" { index += 1 } else if peek(0) == "-", peek(1) == ">" { index += 2 } else { skipPast("-->") }
                    return .text("")
                }
                index += 2
                skipPast(">")
                return .text("")
            }
            if next == "?" {
                index += 2
                skipPast(">")
                return .text("")
            }
            return nil
        }

        func peek(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        }

        static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
        }

        /// A tag name, lower-cased, up to a space, `/` or `>`.
        mutating func readName() -> String {
            let start = index
            while index < scalars.count, !Self.isSpace(scalars[index]), scalars[index] != "/", scalars[index] != ">" { index += 1 }
            return String(String.UnicodeScalarView(scalars[start..<index])).lowercased()
        }

        /// Attributes up to `>`; `complete` is false when the input ends inside the tag (the
        /// browser drops such a tag, and so does this).
        mutating func readAttributes() -> (attributes: [(name: String, value: String)], selfClosing: Bool, complete: Bool) {
            var attributes: [(name: String, value: String)] = []
            // Names seen so far: a set, so a tag with 60,000 attributes is read in linear time.
            var names = Set<String>()
            var selfClosing = false
            while index < scalars.count {
                let scalar = scalars[index]
                if Self.isSpace(scalar) {
                    index += 1
                    continue
                }
                if scalar == "/" {
                    selfClosing = true
                    index += 1
                    continue
                }
                if scalar == ">" {
                    index += 1
                    return (attributes, selfClosing, true)
                }
                selfClosing = false
                let nameStart = index
                index += 1  // the first character may be anything, even `=`
                while index < scalars.count, !Self.isSpace(scalars[index]), scalars[index] != "/", scalars[index] != ">",
                    scalars[index] != "="
                {
                    index += 1
                }
                let name = String(String.UnicodeScalarView(scalars[nameStart..<index])).lowercased()
                while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
                var value = ""
                if index < scalars.count, scalars[index] == "=" {
                    index += 1
                    while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
                    if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                        let quote = scalars[index]
                        index += 1
                        let start = index
                        while index < scalars.count, scalars[index] != quote { index += 1 }
                        guard index < scalars.count else { return (attributes, false, false) }
                        value = Self.decode(scalars[start..<index])
                        index += 1
                    } else {
                        let start = index
                        while index < scalars.count, !Self.isSpace(scalars[index]), scalars[index] != ">" { index += 1 }
                        value = Self.decode(scalars[start..<index])
                    }
                }
                // The first of two attributes with one name wins, as in browsers.
                if names.insert(name).inserted { attributes.append((name, value)) }
            }
            return (attributes, false, false)
        }

        mutating func skipPast(_ terminator: String) {
            let end = Array(terminator.unicodeScalars)
            while index < scalars.count {
                if scalars[index] == end[0], index + end.count <= scalars.count, Array(scalars[index..<(index + end.count)]) == end {
                    index += end.count
                    return
                }
                index += 1
            }
        }

        /// Skips raw text up to (not past) `</name` followed by a space, `/` or `>`; `plaintext` to the end.
        mutating func skipRawText(until name: String) {
            guard name != "plaintext" else {
                index = scalars.count
                return
            }
            let target = Array(name.unicodeScalars)
            while index < scalars.count {
                if scalars[index] == "<", peek(1) == "/", index + 2 + target.count <= scalars.count {
                    let candidate = String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 2 + target.count)])).lowercased()
                    let after = peek(2 + target.count)
                    if candidate == name, after.map({ Self.isSpace($0) || $0 == "/" || $0 == ">" }) ?? true { return }
                }
                index += 1
            }
        }

        // MARK: Character references

        static let named: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®", "trade": "™",
            "mdash": "—", "ndash": "–", "hellip": "…", "laquo": "«", "raquo": "»", "middot": "·", "times": "×", "larr": "←",
            "rarr": "→", "uarr": "↑", "darr": "↓", "check": "✓", "bull": "•", "deg": "°", "colon": ":", "tab": "\t", "newline": "\n",
            "lpar": "(", "rpar": ")", "sol": "/", "num": "#", "excl": "!", "quest": "?", "equals": "=", "plus": "+", "comma": ",",
            "period": ".", "semi": ";", "lsqb": "[", "rsqb": "]", "lbrace": "{", "rbrace": "}", "grave": "`", "hyphen": "‐",
        ]

        /// Text with its character references replaced by the characters they stand for
        /// (numeric ones, with or without `;`, and the common named ones).
        static func decode(_ slice: ArraySlice<Unicode.Scalar>) -> String {
            guard slice.contains("&") else { return String(String.UnicodeScalarView(slice)) }
            var result = String.UnicodeScalarView()
            var index = slice.startIndex
            while index < slice.endIndex {
                let scalar = slice[index]
                guard scalar == "&" else {
                    result.append(scalar)
                    index += 1
                    continue
                }
                var cursor = index + 1
                if cursor < slice.endIndex, slice[cursor] == "#" {
                    cursor += 1
                    let hex = cursor < slice.endIndex && (slice[cursor] == "x" || slice[cursor] == "X")
                    if hex { cursor += 1 }
                    let digitsStart = cursor
                    while cursor < slice.endIndex, hex ? slice[cursor].properties.isASCIIHexDigit : ("0"..."9").contains(slice[cursor]) {
                        cursor += 1
                    }
                    if cursor > digitsStart {
                        let digits = String(String.UnicodeScalarView(slice[digitsStart..<cursor]))
                        let value = UInt32(digits.suffix(8), radix: hex ? 16 : 10) ?? 0xFFFD
                        let decoded = value == 0 || value > 0x10FFFF ? nil : Unicode.Scalar(value)
                        result.append(decoded ?? "\u{FFFD}")
                        if cursor < slice.endIndex, slice[cursor] == ";" { cursor += 1 }
                        index = cursor
                        continue
                    }
                } else {
                    while cursor < slice.endIndex, cursor - index <= 10, isLetter(slice[cursor]) || ("0"..."9").contains(slice[cursor]) {
                        cursor += 1
                    }
                    let name = String(String.UnicodeScalarView(slice[(index + 1)..<cursor]))
                    if let value = named[name], cursor < slice.endIndex, slice[cursor] == ";" {
                        result.append(contentsOf: value.unicodeScalars)
                        index = cursor + 1
                        continue
                    }
                }
                result.append("&")
                index += 1
            }
            return String(result)
        }
    }
}
