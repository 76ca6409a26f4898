import ArgumentParser
import Foundation
import StarscopeCore
import StarscopeModels

struct ReadmeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "readme",
        abstract: "A repository's README, as GitHub stores it (usually Markdown)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var argument: RepositoryArgument

    func run() async throws {
        try await Session.run(global) { session in
            let name = try argument.repository
            guard let markdown = try await session.reading.details.readmeMarkdown(name) else {
                throw StarscopeError.notFound("\(name) has no README.")
            }
            // As stored for a pipe; on a terminal, without the escape sequences a README could hide.
            let text = session.terminal.stdoutIsTerminal ? SectionOutput.cleanLines(markdown) : markdown
            writeOut(text.hasSuffix("\n") ? text : text + "\n")
        }
    }
}

struct ReleasesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "releases",
        abstract: "A repository's releases, newest first."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var argument: RepositoryArgument
    @OptionGroup var list: ListOptions

    func validate() throws {
        try list.validate()
    }

    func run() async throws {
        try await Session.run(global) { session in
            let name = try argument.repository
            let result = try await session.reading.details.releases(name, limit: list.limit)
            try SectionOutput.write(result, json: list.json, empty: "\(name) has no releases.") {
                SectionOutput.releases($0, terminal: session.terminal)
            }
        }
    }
}

struct ContributorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contributors",
        abstract: "A repository's top contributors, most contributions first."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var argument: RepositoryArgument
    @OptionGroup var list: ListOptions

    func validate() throws {
        try list.validate()
    }

    func run() async throws {
        try await Session.run(global) { session in
            let name = try argument.repository
            let result = try await session.reading.details.contributors(name, limit: list.limit)
            // An empty repository (GitHub answers 204) has none: nothing to print, as `gh` prints nothing.
            try SectionOutput.write(result, json: list.json, empty: nil) {
                SectionOutput.contributors($0, terminal: session.terminal)
            }
        }
    }
}
