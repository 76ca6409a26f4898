import ArgumentParser
import Foundation
import StarscopeCore
import StarscopeModels

struct RepoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repo",
        abstract: "One repository in detail."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var argument: RepositoryArgument

    @Flag(help: "Print JSON with GitHub's field names, for scripts.")
    var json = false

    @Flag(help: "Then keep printing star changes as they happen (within the rate-limit budget).")
    var watch = false

    func run() async throws {
        try await Session.run(global) { session in
            let repositoryName = try argument.repository
            let repository = try await session.reading.details.repository(repositoryName)
            RenameNotice.note(repository, requested: repositoryName)
            try await RepositoryPrinter.print(repository, json: json, session: session)
            // On a terminal, as `gh repo view`: the languages, the latest release and the README.
            if !json && session.terminal.stdoutIsTerminal {
                await RepositorySections.print(repository, session: session)
            }
            if watch { await Watch.run([.repository(repositoryName)], session: session) }
        }
    }
}

struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Show the repository (or user or organisation) a link points to.",
        discussion: "LINK is starscope://repo/OWNER/NAME, https://github.com/OWNER/NAME, https://github.com/LOGIN or OWNER/NAME."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The link.")
    var link: String

    @Flag(help: "Print JSON with GitHub's field names, for scripts.")
    var json = false

    @Flag(help: "Open the repository in the running web app, in the system browser.")
    var web = false

    @Option(help: ArgumentHelp("The web app's address (env: STARSCOPE_APP_URL).", valueName: "url"))
    var appURL: String?

    func validate() throws {
        do {
            _ = try DeepLink.target(from: link)
        } catch {
            throw ValidationError(error.message)
        }
        if web && json { throw ValidationError("--web and --json cannot be used together.") }
    }

    func run() async throws {
        if web {
            let environment = ProcessInfo.processInfo.environment
            let base = appURL ?? SettingsSources(variables: environment).text(.appUrl) ?? "http://127.0.0.1:8080"
            guard let app = GlobalOptions.parseAPIURL(base) else {
                throw StarscopeError.invalidInput("The web app's address must be an http or https URL, such as http://127.0.0.1:8080.")
            }
            var address = app.absoluteString
            while address.hasSuffix("/") { address.removeLast() }
            switch try DeepLink.target(from: link) {
            case .repository(let name): try SystemBrowser.open(address + "/repos/\(name)")
            case .account(let login): try SystemBrowser.open(address + "/users/\(login)")
            }
            return
        }
        try await Session.run(global) { session in
            // A user's or organisation's link prints that account, as `starscope user` does.
            if case .account(let login) = try DeepLink.target(from: link) {
                let profile = try await session.reading.people.profile(login: login)
                if json {
                    try printJSON(profile)
                } else {
                    writeOut(AccountOutput.profile(profile, terminal: session.terminal, now: session.reading.now()))
                }
                return
            }
            let repository = try await session.reading.details.open(link: link)
            if let requested = try? DeepLink.repository(from: link) { RenameNotice.note(repository, requested: requested) }
            try await RepositoryPrinter.print(repository, json: json, session: session)
        }
    }
}

enum RepositoryPrinter {
    static func print(_ repository: Repository, json: Bool, session: Session) async throws {
        let favorite = await session.reading.favoriteIDs(for: session.viewer).contains(repository.id)
        if json {
            printJSON(RepositoryJSON(repository: repository, favorite: favorite))
        } else {
            writeOut(RepositoryOutput.detail(repository, favorite: favorite, terminal: session.terminal, now: session.reading.now()))
        }
    }
}
