import Foundation
import StarscopeCore
import StarscopeModels

/// What `repo` prints after the facts on a terminal, as `gh repo view` does: the languages, the
/// latest release and the README. Each is one request (none while cached); one that cannot be
/// had is named on stderr and the rest still printed.
enum RepositorySections {
    static func print(_ repository: Repository, session: Session) async {
        guard let name = try? RepositoryName(parsing: repository.fullName) else { return }
        let reading = session.reading
        var fields: [(String, String)] = []
        do {
            fields.append(("Languages", SectionOutput.languages(try await reading.details.languages(name))))
        } catch {
            StandardError().writeLine("starscope: languages unavailable: \(error.message)")
        }
        do {
            fields.append(("Latest release", SectionOutput.latestRelease(try await reading.details.latestRelease(name))))
        } catch {
            StandardError().writeLine("starscope: latest release unavailable: \(error.message)")
        }
        var text = KeyValueOutput.lines(fields, terminal: session.terminal).joined(separator: "\n") + "\n"
        do {
            if let markdown = try await reading.details.readmeMarkdown(name) {
                text += "\n" + session.terminal.style("README", .bold) + "\n\n" + SectionOutput.cleanLines(markdown)
                if !text.hasSuffix("\n") { text += "\n" }
            } else {
                text += "\n" + session.terminal.style("No README.", .dim) + "\n"
            }
        } catch {
            StandardError().writeLine("starscope: README unavailable: \(error.message)")
        }
        writeOut("\n" + text)
    }
}

/// One line on stderr when GitHub answered for a repository under another name (renamed or
/// transferred); the new name is what is printed.
enum RenameNotice {
    static func note(_ repository: Repository, requested: RepositoryName) {
        guard repository.isRenamed(from: requested) else { return }
        StandardError().writeLine("note: \(requested) has moved to \(repository.fullName).")
    }
}
