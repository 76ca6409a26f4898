import Foundation
import StarscopeCore
import StarscopeModels

/// How repositories look in a terminal.
enum RepositoryOutput {
    static let noDescription = "No description provided"

    static func table(_ repositories: [Repository], favorites: Set<Int64> = [], terminal: Terminal) -> String {
        var table = Table(columns: [
            .init(title: "REPOSITORY", style: .bold),
            .init(title: "STARS", alignRight: true, style: .yellow),
            .init(title: "LANGUAGE"),
            .init(title: "DESCRIPTION", flexible: true),
        ])
        for repository in repositories {
            let description = repository.description.flatMap { $0.isEmpty ? nil : $0 }
            table.append(
                [
                    repository.fullName, CompactNumber.format(repository.stargazersCount), repository.language ?? "",
                    description ?? noDescription,
                ],
                styles: [nil, nil, nil, description == nil ? .dim : nil]
            )
        }
        return table.render(width: terminal.width, terminal: terminal)
    }

    static func detail(_ repository: Repository, favorite: Bool, terminal: Terminal, now: Date) -> String {
        let clean = TerminalText.clean
        var lines = [terminal.style(clean(repository.fullName), .bold) + (favorite ? "  ♥ favourite" : "")]
        lines.append(clean(repository.description.flatMap { $0.isEmpty ? nil : $0 } ?? noDescription))
        lines.append("")
        var fields: [(String, String)] = [
            ("Stars", "\(CompactNumber.format(repository.stargazersCount)) (\(repository.stargazersCount))"),
            ("Forks", CompactNumber.format(repository.forksCount)),
            ("Open issues", String(repository.openIssuesCount)),
            ("Language", repository.language ?? "—"),
        ]
        if !repository.topics.isEmpty { fields.append(("Topics", repository.topics.joined(separator: ", "))) }
        fields.append(("Licence", repository.license?.name ?? "None"))
        fields.append(("Created", "\(RelativeTime.day(repository.createdAt)) (\(RelativeTime.describe(repository.createdAt, now: now)))"))
        if let pushed = repository.pushedAt {
            fields.append(("Last push", "\(RelativeTime.day(pushed)) (\(RelativeTime.describe(pushed, now: now)))"))
        }
        if repository.fork { fields.append(("Fork", "yes")) }
        if repository.archived { fields.append(("Archived", "yes — read-only")) }
        if let homepage = repository.homepage, !homepage.isEmpty { fields.append(("Homepage", homepage)) }
        fields.append(("On GitHub", repository.htmlURL))
        lines += KeyValueOutput.lines(fields, terminal: terminal)
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `Label:  value` lines with the values aligned.
enum KeyValueOutput {
    static func lines(_ fields: [(String, String)], terminal: Terminal) -> [String] {
        let labelWidth = (fields.map { $0.0.count }.max() ?? 0) + 1
        return fields.map { label, value in
            let padded = (label + ":").padding(toLength: labelWidth, withPad: " ", startingAt: 0)
            let text = TerminalText.clean(value)
            let fitted = terminal.width.map { TerminalText.truncate(text, to: max(10, $0 - labelWidth - 2)) } ?? text
            return terminal.style(padded, .dim) + "  " + fitted
        }
    }
}
