import ArgumentParser
import StarscopeCore

struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "GitHub's accounts in the order they joined."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var list: ListOptions

    @Option(help: ArgumentHelp("Start after this account id.", valueName: "id"))
    var since: Int64?

    func validate() throws {
        try list.validate()
        if let since, since < 0 { throw ValidationError("--since must be an account id (0 or more).") }
    }

    func run() async throws {
        try await Session.run(global) { session in
            let result = try await session.reading.people.users(since: since, limit: list.limit, progress: session.progress)
            if list.json {
                try printJSON(result.items)
            } else {
                writeOut(AccountOutput.table(result.items, terminal: session.terminal))
            }
        }
    }
}

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "A user's or organisation's profile."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The user or organisation.")
    var login: String

    @Flag(help: "Print JSON with GitHub's field names, for scripts.")
    var json = false

    func run() async throws {
        try await Session.run(global) { session in
            let profile = try await session.reading.people.profile(login: login)
            if json {
                try printJSON(profile)
            } else {
                writeOut(AccountOutput.profile(profile, terminal: session.terminal, now: session.reading.now()))
            }
        }
    }
}

struct ActivityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activity",
        abstract: "A user's or organisation's recent public activity, newest first."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var list: ListOptions

    @Argument(help: "The user or organisation.")
    var login: String

    func validate() throws {
        try list.validate(maximum: 300)
    }

    func run() async throws {
        try await Session.run(global) { session in
            let result = try await session.reading.people.activity(login: login, limit: list.limit, progress: session.progress)
            SectionOutput.noteSkipped(result.skippedItems)
            if list.json {
                try printJSON(result.items)
            } else if result.items.isEmpty {
                writeOut("\(login) has no recent public activity.\n")
            } else {
                writeOut(AccountOutput.activity(result.items, terminal: session.terminal, now: session.reading.now()))
            }
        }
    }
}
