import ArgumentParser
import FakeGitHub
import Foundation

/// Runs the fake GitHub on its own, so that Starscope can be tried with no network.
@main
struct FakeGitHubCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fake-github",
        abstract: "A fake GitHub REST API with seeded data, for trying and testing Starscope offline.",
        discussion: """
            Point Starscope at it with --api-url http://HOST:PORT (or http://HOST:PORT/api/v3).
            Accepted token: \(FakeGitHub.octocatToken) (belongs to octocat).
            Steer it over HTTP: POST /_fake/faults, /_fake/stars, /_fake/rate-limit; GET /_fake/requests.
            """
    )

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one.")
    var port = 9090

    @Option(help: "Seed of the generated data.")
    var seed: UInt64 = 42

    @Option(help: "Requests an hour without a token.")
    var coreLimit = 60

    @Option(help: "Searches a minute without a token.")
    var searchLimit = 10

    @Option(help: ArgumentHelp("Every this many seconds, popular new repositories gain stars (for live counts).", valueName: "seconds"))
    var drift: Double?

    @Option(help: "The max-age of cacheable answers, in seconds (GitHub sends 60).")
    var maxAge = 60

    func run() async throws {
        var configuration = FakeGitHub.Configuration()
        configuration.seed = seed
        configuration.coreLimitAnonymous = coreLimit
        configuration.searchLimitAnonymous = searchLimit
        configuration.driftInterval = drift
        configuration.maxAge = maxAge
        let fake = FakeGitHub(configuration)
        let host = self.host
        try await fake.run(host: host, port: port) { port in
            FileHandle.standardOutput.write(Data("Fake GitHub listening on http://\(host):\(port)\n".utf8))
        }
    }
}
