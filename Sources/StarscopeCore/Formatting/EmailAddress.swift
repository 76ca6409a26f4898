/// A light check of a profile's email, so that a broken one can carry a visible warning.
public enum EmailAddress {
    /// One `@`, a non-empty local part, a dotted domain, no spaces or markup characters.
    public static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64, text.count <= 254 else { return false }
        let domain = parts[1]
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }) else { return false }
        let forbidden = Set(" \t\r\n<>()[]\\,;:\"")
        guard !text.contains(where: { forbidden.contains($0) }) else { return false }
        return domain.unicodeScalars.allSatisfy { $0.isASCIIAlphanumeric || $0 == "-" || $0 == "." }
    }
}
