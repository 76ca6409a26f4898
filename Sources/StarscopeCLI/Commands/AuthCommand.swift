import ArgumentParser
import Foundation
import GitHubAPI
import StarscopeCore
import StarscopeModels
import StarscopeStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Store, check or remove your GitHub token.",
        discussion: "GH_TOKEN, then GITHUB_TOKEN, win over the stored token. A token is never printed.",
        subcommands: [Login.self, Status.self, Logout.self]
    )

    struct Login: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "login",
            abstract: "Check a token with GitHub and store it (read from standard input, or a hidden prompt on a terminal)."
        )

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let token = try TokenPrompt.read()
            let environment = ProcessInfo.processInfo.environment
            try await Session.run(global, token: .environment(EnvironmentToken(name: "input", token: token))) { session in
                let (profile, rateLimit) = try await TokenCheck.owner(session)
                let file = TokenFile(directory: Paths(environment: environment).configDirectory)
                do { try file.write(token) } catch let error as StoreError { throw StarscopeError(error) }
                let host = session.configuration.baseURL.host ?? "GitHub"
                var line = "Logged in to \(host) as \(profile.login)."
                if let rateLimit {
                    line +=
                        " Rate limit: \(GroupedNumber.format(rateLimit.limit)) requests an hour, \(GroupedNumber.format(rateLimit.remaining)) left."
                }
                writeOut(line + "\n")
                if let name = ["GH_TOKEN", "GITHUB_TOKEN"].first(where: { environment[$0]?.isEmpty == false }) {
                    StandardError().writeLine("note: \(name) is set in the environment and is used instead of the stored token.")
                }
            }
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show whose token is in use and the rate limits left; never the token."
        )

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Session.run(global) { session in
                var lines: [String] = []
                let host = session.configuration.baseURL.host ?? "GitHub"
                switch session.tokenSource {
                case .environment(let found): lines.append("Token: from \(found.name).")
                case .file(let file, _): lines.append("Token: stored in \(file.url.path).")
                case .none:
                    lines.append("Not logged in to \(host): requests are anonymous (60 an hour). Log in with `starscope auth login`.")
                }
                if session.tokenSource.token != nil {
                    let (profile, _) = try await TokenCheck.owner(session)
                    lines.append("Logged in to \(host) as \(profile.login).")
                }
                do {
                    let limits = try await session.network.rateLimits()
                    for name in ["core", "search"] {
                        guard let limit = limits.resources[name] else { continue }
                        let label = name == "core" ? "Requests" : "Searches"
                        lines.append(
                            "\(label): \(GroupedNumber.format(limit.remaining)) of \(GroupedNumber.format(limit.limit)) left, resets at \(ClockTime.format(limit.reset))."
                        )
                    }
                } catch let error as GitHubError {
                    throw StarscopeError(error, about: .token)
                }
                writeOut(lines.joined(separator: "\n") + "\n")
            }
        }
    }

    struct Logout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout",
            abstract: "Delete the stored token."
        )

        func run() async throws {
            let environment = ProcessInfo.processInfo.environment
            let file = TokenFile(directory: Paths(environment: environment).configDirectory)
            let deleted: Bool
            do { deleted = try file.delete() } catch { throw StarscopeError(error) }
            writeOut(deleted ? "Logged out: the stored token is deleted.\n" : "No token was stored.\n")
            if let name = ["GH_TOKEN", "GITHUB_TOKEN"].first(where: { environment[$0]?.isEmpty == false }) {
                StandardError().writeLine("note: \(name) is still set in the environment.")
            }
        }
    }
}

/// Asks GitHub whose the session's token is.
enum TokenCheck {
    static func owner(_ session: Session) async throws -> (Profile, RateLimit?) {
        do {
            return try await session.network.tokenOwner()
        } catch {
            throw StarscopeError(error, about: .token)
        }
    }
}

/// Reads a token: all of standard input when it is not a terminal, else a prompt with echo off.
enum TokenPrompt {
    static func read() throws -> String {
        let token: String
        if isatty(STDIN_FILENO) == 1 {
            StandardError().write("Paste a GitHub token (input is hidden): ")
            token = readHidden()
            StandardError().write("\n")
        } else {
            token = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        let trimmed = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw StarscopeError.invalidInput(
                "No token was given: paste one token (it has no spaces), or pipe it to `starscope auth login`.")
        }
        // Spaces, control characters and anything not ASCII: never sent, stored or shown.
        if let refusal = GitHubToken.refusal(trimmed, from: "the input") { throw StarscopeError.invalidInput(refusal) }
        return trimmed
    }

    private static func readHidden() -> String {
        var original = termios()
        let hasTerminal = tcgetattr(STDIN_FILENO, &original) == 0
        if hasTerminal {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        defer { if hasTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) } }
        return Swift.readLine(strippingNewline: true) ?? ""
    }
}
