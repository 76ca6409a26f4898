import Foundation
import StarscopeCore
import StarscopeModels

/// How a repository's sections look in a terminal: releases, contributors, languages, README.
enum SectionOutput {
    static func releases(_ releases: [Release], terminal: Terminal) -> String {
        var table = Table(columns: [
            .init(title: "TAG", style: .bold),
            .init(title: "NAME", flexible: true),
            .init(title: "PUBLISHED"),
            .init(title: "", style: .yellow),
        ])
        for release in releases {
            table.append([
                release.tagName, release.title, (release.publishedAt ?? release.createdAt).map(RelativeTime.day) ?? "—",
                release.prerelease ? "pre-release" : "",
            ])
        }
        return table.render(width: terminal.width, terminal: terminal)
    }

    static func contributors(_ contributors: [Contributor], terminal: Terminal) -> String {
        var table = Table(columns: [
            .init(title: "LOGIN", style: .bold),
            .init(title: "CONTRIBUTIONS", alignRight: true),
        ])
        for contributor in contributors {
            table.append([contributor.login, GroupedNumber.format(contributor.contributions)])
        }
        return table.render(width: terminal.width, terminal: terminal)
    }

    /// `Swift 81.2%, C 12.0%, Shell 6.8%`.
    static func languages(_ languages: Languages) -> String {
        guard !languages.shares.isEmpty else { return "—" }
        return languages.shares.prefix(6).map { share in
            let percent = (languages.fraction(of: share) * 1_000).rounded() / 10
            return "\(share.name) \(String(format: "%.1f", percent))%"
        }.joined(separator: ", ")
    }

    /// `v1.2.0 — Name (2026-11-01)`, or "none".
    static func latestRelease(_ release: Release?) -> String {
        guard let release else { return "none" }
        let title = release.title == release.tagName ? release.tagName : "\(release.tagName) — \(release.title)"
        return title + ((release.publishedAt ?? release.createdAt).map { " (\(RelativeTime.day($0)))" } ?? "")
    }

    /// Text from GitHub line by line, without control characters or direction overrides.
    static func cleanLines(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.clean(String($0)) }.joined(separator: "\n")
    }

    /// One line on stderr when GitHub sent items Starscope could not read (they were left out).
    static func noteSkipped(_ count: Int) {
        guard count > 0 else { return }
        StandardError().writeLine(
            "note: left out \(count) item\(count == 1 ? "" : "s") GitHub sent in a shape Starscope cannot read.")
    }
}

extension SectionOutput {
    /// A section's list: a note for items that could not be read, then JSON, the empty sentence
    /// (nothing at all when `empty` is nil), or the table.
    static func write<Item: Encodable>(_ result: ListResult<Item>, json: Bool, empty: String?, table: ([Item]) -> String) throws {
        noteSkipped(result.skippedItems)
        if json {
            try printJSON(result.items)
        } else if result.items.isEmpty {
            if let empty { writeOut(empty + "\n") }
        } else {
            writeOut(table(result.items))
        }
    }
}
