import ArgumentParser
import Foundation
import StarscopeCore

/// The `starscope` command: GitHub's new and popular repositories, accounts and activity in a terminal.
public struct Starscope: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "starscope",
        abstract: "Explore GitHub from the terminal: new and popular repositories, accounts and their activity.",
        discussion: """
            Log in with `starscope auth login`, or set GH_TOKEN or GITHUB_TOKEN, for GitHub's higher rate limit
            (5,000 requests an hour instead of 60). Answers are kept in the data directory and reused offline.
            Point STARSCOPE_API_URL or --api-url at another API, such as https://HOST/api/v3 for GitHub Enterprise.
            """,
        version: "0.1.0",
        subcommands: [
            TrendingCommand.self, RisingCommand.self, ReposCommand.self, RepoCommand.self, ReadmeCommand.self, ReleasesCommand.self,
            ContributorsCommand.self, HistoryCommand.self, CompareCommand.self, UsersCommand.self, UserCommand.self, ActivityCommand.self,
            OpenCommand.self, SearchCommand.self, FavoritesCommand.self, ListsCommand.self,
            StarCommand.self, UnstarCommand.self, UpdatesCommand.self,
            AuthCommand.self, AccountsCommand.self, ServeCommand.self, ConfigCommand.self, BackupCommand.self, RestoreCommand.self,
        ]
    )

    public init() {}

    /// Runs the command line and returns the process's exit code:
    /// 0 success, 1 the request could not be answered, 2 bad usage.
    public static func run(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) async -> Int32 {
        let standardError = StandardError()
        if arguments == ["--version"] {
            print(configuration.version)
            return 0
        }
        do {
            var command = try quickParse(arguments) ?? parseAsRoot(arguments)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            return 0
        } catch let error as StarscopeError {
            standardError.writeLine("starscope: \(error.message)\(error.terminalHint)")
            if case .invalidInput = error { return ExitStatus.usage }
            return ExitStatus.failure
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                return 0
            }
            if !message.isEmpty { standardError.writeLine(message) }
            return code == .validationFailure ? ExitStatus.usage : code.rawValue
        }
    }
}

extension Starscope {
    /// The command `arguments` name, parsed by its own type alone when that parse succeeds and
    /// asks for nothing built in (help, version, completion scripts); nil otherwise, and the
    /// whole tree parses them, with its messages. The same command's own parse gives the same
    /// value with less reflection (`Mirror`) than the whole tree's, a noticeable part of a warm
    /// command's work (see docs/PERFORMANCE.md).
    static func quickParse(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let name = arguments.first, let type = configuration.subcommands.first(where: { $0.configuration.commandName == name })
        else { return nil }
        let rest = Array(arguments.dropFirst())
        guard !rest.contains(where: asksForSomethingBuiltIn) else { return nil }
        guard let command = try? type.parseAsRoot(rest), ourCommands.contains(ObjectIdentifier(Swift.type(of: command))) else {
            return nil
        }
        return command
    }

    /// Whether `argument` may ask ArgumentParser for help, the version, a completion script or
    /// its help dump: those answers name the whole command, so the whole tree gives them.
    static func asksForSomethingBuiltIn(_ argument: String) -> Bool {
        argument == "help" || argument.hasPrefix("-h") || argument.hasPrefix("--h") || argument == "-help"
            || argument.hasPrefix("--version") || argument.hasPrefix("--generate-completion") || argument.hasPrefix("--experimental")
            || argument.hasPrefix("---")
    }

    /// Every command type under `starscope`, however deep.
    static let ourCommands: Set<ObjectIdentifier> = {
        var found: Set<ObjectIdentifier> = []
        var waiting = configuration.subcommands
        while let type = waiting.popLast() {
            guard found.insert(ObjectIdentifier(type)).inserted else { continue }
            waiting += type.configuration.subcommands
        }
        return found
    }()
}

extension StarscopeError {
    /// Where a person at the terminal fixes it.
    var terminalHint: String {
        guard case .badCredentials = self else { return "" }
        if message.hasPrefix("GitHub rejected") { return " Check GH_TOKEN or GITHUB_TOKEN, or log in again with `starscope auth login`." }
        if message.hasPrefix("Starring on GitHub needs") || message.hasPrefix("Syncing with GitHub Lists needs") {
            return " Log in with `starscope auth login`, or set GH_TOKEN."
        }
        return ""
    }
}

/// The exit codes of the interface contract.
enum ExitStatus {
    static let failure: Int32 = 1
    static let usage: Int32 = 2
}
