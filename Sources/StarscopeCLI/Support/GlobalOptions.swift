import ArgumentParser
import Configuration
import Foundation
import StarscopeCore

/// Options every command that talks to GitHub accepts.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("GitHub API base URL (env: STARSCOPE_API_URL).", valueName: "url"))
    var apiURL: String?

    @Option(name: .long, help: ArgumentHelp("Where the database and caches live (env: STARSCOPE_DATA_DIR).", valueName: "dir"))
    var dataDir: String?

    @Flag(help: "Answer from the local store only; open no connection.")
    var offline = false

    mutating func validate() throws {
        if let apiURL, Self.parseAPIURL(apiURL) == nil {
            throw ValidationError("--api-url must be an http or https URL, such as https://api.github.com or https://HOST/api/v3.")
        }
    }

    static func parseAPIURL(_ text: String) -> URL? {
        StarscopeEnvironment.parseAPIURL(text)
    }

    /// These options (and a command's own `flags`) over `variables` over `file`: the one
    /// environment every command and `serve` start from.
    func environment(_ variables: [String: String], flags: [SettingKey: ConfigContent] = [:], file: SettingsFile? = nil)
        throws(StarscopeError) -> StarscopeEnvironment
    {
        try StarscopeEnvironment(variables: variables, apiURL: apiURL, dataDirectory: dataDir, offline: offline, flags: flags, file: file)
    }
}

/// `--json` and `--limit`, for the commands that print lists.
struct ListOptions: ParsableArguments {
    @Option(help: "How many to show.")
    var limit: Int = 30

    @Flag(help: "Print JSON with GitHub's field names, for scripts.")
    var json = false

    func validate(maximum: Int? = nil) throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1.") }
        if let maximum, limit > maximum {
            throw ValidationError("--limit can be at most \(maximum): GitHub's search returns only its first \(maximum) results.")
        }
    }
}

/// An `OWNER/NAME` argument, checked before anything runs.
struct RepositoryArgument: ParsableArguments {
    @Argument(help: "The repository, as OWNER/NAME.")
    var name: String

    func validate() throws {
        do { _ = try RepositoryName(parsing: name) } catch { throw ValidationError(error.message) }
    }

    var repository: RepositoryName {
        get throws { try RepositoryName(parsing: name) }
    }
}
