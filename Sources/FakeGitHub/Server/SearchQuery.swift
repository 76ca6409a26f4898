import Foundation

/// GitHub's repository search syntax, as much of it as Starscope and its users type: free-text
/// terms and the `created:`, `pushed:`, `language:`, `topic:`, `user:`/`org:`, `repo:`, `fork:`,
/// `archived:`, `license:`, `stars:`, `forks:`, `is:public|private` and `in:name|description|topics`
/// qualifiers (other `is:` values and `sort:` are accepted and ignored).
struct SearchQuery {
    var terms: [String] = []
    /// Inclusive lower and exclusive upper bounds.
    var createdFrom: Date?
    var createdBefore: Date?
    var language: String?
    /// Every `topic:` given (GitHub requires all of them).
    var topics: [String] = []
    var owner: String?
    var forks: ForkMode = .exclude
    var starsMin: Int?
    var starsMax: Int?
    var forksMin: Int?
    var forksMax: Int?
    var pushedFrom: Date?
    var pushedBefore: Date?
    /// `repo:OWNER/NAME`, lowercased.
    var fullName: String?
    var archived: Bool?
    var license: String?
    /// Where free-text terms are looked for (`in:`); everywhere when empty.
    var within: Set<String> = []
    /// `is:private` (true) or `is:public` (false): only repositories of that visibility.
    var isPrivate: Bool?

    enum ForkMode { case exclude, include, only }

    struct Invalid: Error {
        var field: String
        var code: String
    }

    init(parsing text: String) throws(Invalid) {
        for token in Self.tokenize(text) {
            guard let colon = token.firstIndex(of: ":"), colon != token.startIndex else {
                terms.append(token.lowercased())
                continue
            }
            let key = token[..<colon].lowercased()
            let value = String(token[token.index(after: colon)...]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            switch key {
            case "created":
                guard let (from, before) = Self.dateRange(value) else { throw Invalid(field: "q", code: "invalid") }
                createdFrom = from ?? createdFrom
                createdBefore = before ?? createdBefore
            case "language": language = value.lowercased()
            case "topic": topics.append(value.lowercased())
            case "user", "org": owner = value.lowercased()
            case "fork": forks = value == "only" ? .only : (value == "true" ? .include : .exclude)
            case "stars":
                guard let (low, high) = Self.numberRange(value) else { throw Invalid(field: "q", code: "invalid") }
                starsMin = low
                starsMax = high
            case "pushed":
                guard let (from, before) = Self.dateRange(value) else { throw Invalid(field: "q", code: "invalid") }
                pushedFrom = from ?? pushedFrom
                pushedBefore = before ?? pushedBefore
            case "forks":
                guard let (low, high) = Self.numberRange(value) else { throw Invalid(field: "q", code: "invalid") }
                forksMin = low
                forksMax = high
            case "repo": fullName = value.lowercased()
            case "archived":
                guard value == "true" || value == "false" else { throw Invalid(field: "q", code: "invalid") }
                archived = value == "true"
            case "license": license = value.lowercased()
            case "in": within.formUnion(value.lowercased().split(separator: ",").map(String.init))
            case "is" where value.lowercased() == "public": isPrivate = false
            case "is" where value.lowercased() == "private": isPrivate = true
            case "is", "sort": break
            default: terms.append(token.lowercased())
            }
        }
    }

    func matches(_ repo: FakeRepository) -> Bool {
        switch forks {
        case .exclude where repo.fork: return false
        case .only where !repo.fork: return false
        default: break
        }
        if let createdFrom, repo.createdAt < createdFrom { return false }
        if let createdBefore, repo.createdAt >= createdBefore { return false }
        if let language, repo.language?.lowercased() != language { return false }
        if let owner, repo.ownerLogin.lowercased() != owner { return false }
        if !topics.isEmpty, !topics.allSatisfy({ topic in repo.topics.contains { $0.lowercased() == topic } }) { return false }
        if let starsMin, repo.stars < starsMin { return false }
        if let starsMax, repo.stars > starsMax { return false }
        if let forksMin, repo.forks < forksMin { return false }
        if let forksMax, repo.forks > forksMax { return false }
        if let pushedFrom, repo.pushedAt < pushedFrom { return false }
        if let pushedBefore, repo.pushedAt >= pushedBefore { return false }
        if let fullName, repo.fullName.lowercased() != fullName { return false }
        if let archived, repo.archived != archived { return false }
        if let license, repo.license?.key != license { return false }
        if let isPrivate, repo.isPrivate != isPrivate { return false }
        guard !terms.isEmpty else { return true }
        var fields: [String] = []
        if within.isEmpty || within.contains("name") { fields.append(repo.name) }
        if within.isEmpty || within.contains("description") { fields.append(repo.description ?? "") }
        if within.isEmpty || within.contains("topics") { fields += repo.topics }
        let haystack = fields.joined(separator: " ").lowercased()
        return terms.allSatisfy { haystack.contains($0) }
    }

    /// Splits on spaces outside double quotes.
    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if character.isWhitespace && !quoted {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// `>D`, `>=D`, `<D`, `<=D`, `D`, `A..B`, each `D` a whole UTC day (`2026-11-26`) or, as
    /// GitHub also takes, a moment (`2026-11-26T13:00:00Z`, `…+02:00`): a day's bounds move by
    /// the day, a moment's by the second (GitHub's times are whole seconds).
    static func dateRange(_ value: String) -> (Date?, Date?)? {
        if value.contains("..") {
            let parts = value.components(separatedBy: "..")
            guard parts.count == 2 else { return nil }
            let from = parts[0] == "*" ? nil : parseMoment(parts[0])?.start
            let to = parts[1] == "*" ? nil : parseMoment(parts[1]).map { $0.start + $0.length }
            return (from, to)
        }
        for (prefix, transform) in [(">=", 0), ("<=", 1), (">", 2), ("<", 3)] where value.hasPrefix(prefix) {
            guard let (date, length) = parseMoment(String(value.dropFirst(prefix.count))) else { return nil }
            switch transform {
            case 0: return (date, nil)
            case 1: return (nil, date + length)
            case 2: return (date + length, nil)
            default: return (nil, date)
            }
        }
        guard let (date, length) = parseMoment(value) else { return nil }
        return (date, date + length)
    }

    /// A day (`YYYY-MM-DD`, 86,400 seconds long) or a moment (`YYYY-MM-DDTHH:MM:SS` then `Z` or
    /// `±HH:MM`, one second long).
    static func parseMoment(_ text: String) -> (start: Date, length: TimeInterval)? {
        guard let t = text.firstIndex(of: "T") else { return parseDay(text).map { ($0, 86_400) } }
        guard let day = parseDay(String(text[..<t])) else { return nil }
        var rest = text[text.index(after: t)...]
        var offset = 0
        if rest.hasSuffix("Z") {
            rest = rest.dropLast()
        } else if let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = rest[rest.index(after: sign)...].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard zone.count == 2, let hours = zone[0], let minutes = zone[1], (0...23).contains(hours), (0...59).contains(minutes)
            else { return nil }
            offset = (hours * 3_600 + minutes * 60) * (rest[sign] == "-" ? -1 : 1)
            rest = rest[..<sign]
        }
        let clock = rest.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(clock.count), let hour = clock[0], let minute = clock[1], (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = clock.count == 3 ? clock[2] : 0
        guard let second, (0...59).contains(second) else { return nil }
        let seconds = hour * 3_600 + minute * 60 + second - offset
        return (day + TimeInterval(seconds), 1)
    }

    static func parseDay(_ text: String) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }

    static func numberRange(_ value: String) -> (Int?, Int?)? {
        if value.contains("..") {
            let parts = value.components(separatedBy: "..")
            guard parts.count == 2 else { return nil }
            return (Int(parts[0]), Int(parts[1]))
        }
        for prefix in [">=", "<=", ">", "<"] where value.hasPrefix(prefix) {
            guard let number = Int(value.dropFirst(prefix.count)) else { return nil }
            switch prefix {
            case ">=": return (number, nil)
            case "<=": return (nil, number)
            case ">": return (number + 1, nil)
            default: return (nil, number - 1)
            }
        }
        guard let number = Int(value) else { return nil }
        return (number, number)
    }
}
