import Foundation
import StarscopeCore
import StarscopeModels

/// How accounts, profiles and activity look in a terminal.
enum AccountOutput {
    static func table(_ accounts: [Account], terminal: Terminal) -> String {
        var table = Table(columns: [.init(title: "LOGIN", style: .bold), .init(title: "TYPE"), .init(title: "ID", alignRight: true)])
        for account in accounts {
            table.append([account.login, account.kind == .organization ? "Organization" : account.kind.rawValue, String(account.id)])
        }
        return table.render(width: terminal.width, terminal: terminal)
    }

    static func profile(_ profile: Profile, terminal: Terminal, now: Date) -> String {
        var lines = [terminal.style(TerminalText.clean(profile.login), .bold) + (profile.name.map { "  " + TerminalText.clean($0) } ?? "")]
        if let bio = profile.bio, !bio.isEmpty { lines.append(TerminalText.clean(bio)) }
        lines.append("")
        var fields: [(String, String)] = [
            ("Type", profile.kind == .organization ? "Organization" : "User"),
            ("Followers", CompactNumber.format(profile.followers)),
            ("Following", CompactNumber.format(profile.following)),
            ("Repositories", String(profile.publicRepos)),
        ]
        if let location = profile.location, !location.isEmpty { fields.append(("Location", location)) }
        if let email = profile.email, !email.isEmpty {
            let warning = EmailAddress.isValid(email) ? "" : "  ⚠ not a valid email address"
            fields.append(("Email", email + warning))
        }
        if let company = profile.company, !company.isEmpty { fields.append(("Company", company)) }
        if let blog = profile.blog, !blog.isEmpty { fields.append(("Blog", blog)) }
        if let created = profile.createdAt {
            fields.append(("Joined", "\(RelativeTime.day(created)) (\(RelativeTime.describe(created, now: now)))"))
        }
        if let url = profile.htmlURL { fields.append(("On GitHub", url)) }
        lines += KeyValueOutput.lines(fields, terminal: terminal)
        return lines.joined(separator: "\n") + "\n"
    }

    static func activity(_ events: [Event], terminal: Terminal, now: Date) -> String {
        var table = Table(columns: [.init(title: "WHEN", style: .dim), .init(title: "WHAT HAPPENED", flexible: true)])
        for event in events {
            table.append([RelativeTime.describe(event.createdAt, now: now), EventSentence.describe(event)])
        }
        return table.render(width: terminal.width, terminal: terminal)
    }
}
