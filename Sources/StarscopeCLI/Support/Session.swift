import AsyncHTTPClient
import Foundation
import GitHubAPI
import StarscopeCore

/// What one command run needs: the environment, the terminal, and a client to GitHub.
struct Session {
    let environment: [String: String]
    let terminal: Terminal
    let explorer: Explorer

    /// Builds the session from options and environment, runs `body`, and always shuts the HTTP client down.
    static func run<T>(
        _ options: GlobalOptions,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        _ body: (Session) async throws -> T
    ) async throws -> T {
        let configuration = try Self.configuration(options, environment: environment)
        let httpConfiguration = HTTPTransport.httpClientConfiguration(timeout: configuration.timeout)
        return try await HTTPClient.withHTTPClient(configuration: httpConfiguration) { httpClient in
            let transport = HTTPTransport(configuration: configuration, httpClient: httpClient)
            let session = Session(
                environment: environment,
                terminal: Terminal(environment: environment),
                explorer: Explorer(client: GitHubClient(transport: transport))
            )
            return try await body(session)
        }
    }

    static func configuration(_ options: GlobalOptions, environment: [String: String]) throws -> GitHubConfiguration {
        let text = options.apiURL ?? environment["STARSCOPE_API_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? "https://api.github.com"
        guard let baseURL = GlobalOptions.parseAPIURL(text) else {
            throw StarscopeError.invalidInput("STARSCOPE_API_URL must be an http or https URL, such as https://api.github.com.")
        }
        let token = ["GH_TOKEN", "GITHUB_TOKEN"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        let timeout = environment["STARSCOPE_TIMEOUT"].flatMap { Double($0) }.map { Duration.milliseconds(Int64($0 * 1000)) }
        return GitHubConfiguration(
            baseURL: baseURL,
            token: token,
            userAgent: "Starscope/0.1",
            timeout: timeout ?? .seconds(30)
        )
    }

    /// A progress reporter for lists of several pages, shown only on a terminal.
    var progress: PageProgress? {
        terminal.progressReporter()
    }
}
