import ArgumentParser
import StarscopeCore
import StarscopeModels

struct RepoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repo",
        abstract: "One repository in detail."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The repository, as OWNER/NAME.")
    var name: String

    @Flag(help: "Print JSON with GitHub's field names, for scripts.")
    var json = false

    func validate() throws {
        do {
            _ = try RepositoryName(parsing: name)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() async throws {
        try await Session.run(global) { session in
            let repository = try await session.explorer.repository(try RepositoryName(parsing: name))
            try await RepositoryPrinter.print(repository, json: json, session: session)
        }
    }
}

struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Show the repository a link points to.",
        discussion: "LINK is starscope://repo/OWNER/NAME, https://github.com/OWNER/NAME or OWNER/NAME."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The link.")
    var link: String

    @Flag(help: "Print JSON with GitHub's field names, for scripts.")
    var json = false

    func validate() throws {
        do {
            _ = try DeepLink.repository(from: link)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() async throws {
        try await Session.run(global) { session in
            let repository = try await session.explorer.open(link: link)
            try await RepositoryPrinter.print(repository, json: json, session: session)
        }
    }
}

enum RepositoryPrinter {
    static func print(_ repository: Repository, json: Bool, session: Session) async throws {
        let favorite = await session.explorer.favoriteIDs().contains(repository.id)
        if json {
            try printJSON(RepositoryJSON(repository: repository, favorite: favorite))
        } else {
            writeOut(RepositoryOutput.detail(repository, favorite: favorite, terminal: session.terminal, now: session.explorer.now()))
        }
    }
}
