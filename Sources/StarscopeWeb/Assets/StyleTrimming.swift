/// Style sheets as served: without their `/* … */` comments, which are for people reading
/// `Public/` and cost a browser bytes on every first visit. The sheets hold no string with `/*`.
enum StyleTrimming {
    static func trimmed(_ source: String) -> String {
        var text = Substring(source)
        var kept = ""
        while let start = text.range(of: "/*") {
            kept += text[..<start.lowerBound]
            guard let end = text[start.upperBound...].range(of: "*/") else { return kept }
            text = text[end.upperBound...].drop { $0 == "\n" && kept.last == "\n" }
        }
        return kept + text
    }
}
