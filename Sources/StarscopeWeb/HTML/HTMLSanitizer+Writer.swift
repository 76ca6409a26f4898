import Foundation

extension HTMLSanitizer {
    /// Writes the allowed tokens, keeps the stack of open elements and closes what it opened.
    struct Writer {
        let sanitizer: HTMLSanitizer
        var output = ""
        var open: [String] = []
        /// Inside an element dropped with its content: its name and how deep.
        var skipping: (name: String, depth: Int)?

        init(sanitizer: HTMLSanitizer) {
            self.sanitizer = sanitizer
        }

        mutating func take(_ token: Token) {
            if let skip = skipping {
                switch token {
                case .start(let name, _, _) where name == skip.name: skipping?.depth += 1
                case .end(let name) where name == skip.name: skipping = skip.depth > 1 ? (name, skip.depth - 1) : nil
                default: break
                }
                return
            }
            switch token {
            case .text(let text):
                output += HTML.escape(text)
            case .start(let name, let attributes, _):
                start(name, attributes)
            case .end(let name):
                guard !HTMLSanitizer.voidTags.contains(name), let index = open.lastIndex(of: name) else { return }
                while open.count > index { output += "</\(open.removeLast())>" }
            }
        }

        mutating func start(_ name: String, _ attributes: [(name: String, value: String)]) {
            if HTMLSanitizer.droppedWithContent.contains(name) {
                if !HTMLSanitizer.emptyDropped.contains(name) { skipping = (name, 1) }
                return
            }
            guard HTMLSanitizer.allowedTags.contains(name), open.count < sanitizer.maximumDepth else { return }
            var kept = sanitizer.attributes(of: name, attributes)
            if name == "img" {
                guard let source = attributes.first(where: { $0.name == "src" }).flatMap({ sanitizer.image($0.value) }) else {
                    // No image that may load: its description stays, as text.
                    output += HTML.escape(attributes.first { $0.name == "alt" }?.value ?? "")
                    return
                }
                kept.insert(("src", source), at: 0)
                // An image the README does not describe is left out of what screen readers say,
                // rather than read out as its address.
                if !kept.contains(where: { $0.name == "alt" }) { kept.append(("alt", "")) }
            }
            output += "<" + name
            for (attribute, value) in kept {
                output += attribute == "open" ? " open" : " \(attribute)=\"\(HTML.escape(value))\""
            }
            output += ">"
            if !HTMLSanitizer.voidTags.contains(name) { open.append(name) }
        }

        mutating func closeAll() {
            while let name = open.popLast() { output += "</\(name)>" }
        }
    }
}
