import Foundation
import GitHubAPI

/// What went wrong, in words a user can act on. Every face (terminal, web) shows `message`.
public enum StarscopeError: Error, Hashable, Sendable {
    /// The user's input cannot be used (a malformed link or name); nothing was asked of GitHub.
    case invalidInput(String)
    /// GitHub has no such repository or account.
    case notFound(String)
    /// GitHub could not answer; `message` says why and what to do.
    case unavailable(String)
    /// The token was refused.
    case badCredentials(String)
    /// A primary or secondary rate limit stands in the way.
    case rateLimited(String)

    public var message: String {
        switch self {
        case .invalidInput(let text), .notFound(let text), .unavailable(let text), .badCredentials(let text), .rateLimited(let text):
            text
        }
    }
}

extension StarscopeError: CustomStringConvertible {
    public var description: String { message }
}

/// What a request was about, to say "repository x/y was not found" rather than "404".
public enum Subject: Sendable {
    case repository(RepositoryName)
    case account(String)
    case search
    case users
    case token
}

extension StarscopeError {
    /// Translates a client failure into one sentence for a person.
    public init(_ error: GitHubError, about subject: Subject, timeZone: TimeZone = .current) {
        switch error {
        case .notFound:
            switch subject {
            case .repository(let name): self = .notFound("Repository \(name) was not found on GitHub.")
            case .account(let login): self = .notFound("No GitHub user or organisation is called \"\(login)\".")
            case .token: self = .badCredentials("GitHub does not know this token's user.")
            case .search, .users: self = .notFound("GitHub answered that this list does not exist.")
            }
        case .badCredentials(let message):
            // Each face adds where to fix it (the terminal: GH_TOKEN or `auth login`; the web app: Settings).
            self = .badCredentials("GitHub rejected the token (\(message)).")
        case .rateLimited(let resource, let limit, let reset):
            let bucket = resource == "search" ? "search rate limit" : resource == "graphql" ? "GraphQL rate limit" : "rate limit"
            // Without a token GitHub allows 60 core requests an hour and 10 searches a minute; with
            // one, 5,000 and 30. The limit is the token's in use, so a token is only suggested
            // when none was used (a limit of 0 means GitHub did not say: no advice then).
            let anonymous = resource == "search" ? (1...10).contains(limit) : (1...60).contains(limit)
            let hint =
                anonymous
                ? (resource == "search" ? "; a token raises it to 30 searches a minute" : "; add a token for 5,000 requests an hour") : ""
            if let reset {
                self = .rateLimited("GitHub's \(bucket) is used up: it resets at \(ClockTime.format(reset, timeZone: timeZone))\(hint).")
            } else {
                self = .rateLimited("GitHub's \(bucket) is used up\(hint).")
            }
        case .secondaryRateLimit(let retryAfter):
            self = .rateLimited("GitHub asked Starscope to slow down (secondary rate limit): try again in \(retryAfter ?? 60) seconds.")
        case .validationFailed(let message):
            self = .unavailable("GitHub refused the request: \(message).")
        case .forbidden(let message):
            self = .unavailable("GitHub refused access: \(message).")
        case .serverError(let status):
            self = .unavailable("GitHub is having trouble (HTTP \(status)); try again in a moment.")
        case .unexpectedStatus(451, let message):
            // Blocked for legal reasons: for this repository as good as gone (rounds try it once a day).
            if case .repository(let name) = subject {
                self = .notFound("Repository \(name) is blocked on GitHub for legal reasons (\(message)).")
            } else {
                self = .unavailable("GitHub answered with HTTP 451: \(message).")
            }
        case .unexpectedStatus(let status, let message):
            self = .unavailable("GitHub answered with HTTP \(status): \(message).")
        case .offline(let reason):
            self = .unavailable("Could not reach GitHub: \(reason).")
        case .timeout:
            self = .unavailable("GitHub did not answer in time; check your connection and try again.")
        case .undecodable:
            // Which field was wrong helps nobody reading it; the reason stays in the `GitHubError`.
            self = .unavailable("GitHub sent an answer Starscope cannot read; try again in a moment.")
        case .foreignURL(let url):
            self = .unavailable("GitHub pointed to \(url), outside the configured API; Starscope did not follow it.")
        case .tooLarge(let limit):
            self = .unavailable("GitHub sent an answer larger than \(limit >> 20) MB; Starscope did not read it.")
        case .invalidRequest(let reason):
            self = .invalidInput("Starscope could not form the request: \(reason).")
        case .insufficientScopes(let scope):
            self = .badCredentials(
                "Your GitHub token lacks the `\(scope)` scope, which changing star Lists needs: add it to the token at "
                    + "https://github.com/settings/tokens (or run `gh auth refresh -s \(scope)`); nothing was changed.")
        case .graphQL(let type, let message):
            self = .unavailable("GitHub refused the request (\(type.isEmpty ? "GraphQL" : type)): \(message)")
        }
    }
}
