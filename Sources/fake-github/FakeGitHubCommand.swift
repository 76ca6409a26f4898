import ArgumentParser
import FakeGitHub
import Foundation
import HummingbirdTLS
import NIOSSL

/// Runs the fake GitHub on its own, so that Starscope can be tried with no network.
@main
struct FakeGitHubCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fake-github",
        abstract: "A fake GitHub REST API with seeded data, for trying and testing Starscope offline.",
        discussion: """
            Point Starscope at it with --api-url http://HOST:PORT (or http://HOST:PORT/api/v3).
            Accepted token: \(FakeGitHub.octocatToken) (belongs to octocat).
            Steer it over HTTP: POST /_fake/faults, /_fake/stars, /_fake/rate-limit, /_fake/rate-limit-headers, /_fake/rename;
            GET /_fake/requests.
            With --tls-cert and --tls-key it speaks HTTPS, as GitHub Enterprise does (for gh).
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

    @Option(help: "Requests an hour with a token.")
    var tokenCoreLimit = 5_000

    @Option(help: "Searches a minute with a token.")
    var tokenSearchLimit = 30

    @Option(help: ArgumentHelp("Every this many seconds, popular new repositories gain stars (for live counts).", valueName: "seconds"))
    var drift: Double?

    @Option(help: "The max-age of cacheable answers, in seconds (GitHub sends 60).")
    var maxAge = 60

    @Flag(help: "Fill every free-text field (names, bios, descriptions, languages, topics…) from the hostile corpus.")
    var hostile = false

    @Option(help: ArgumentHelp("A PEM certificate chain: serve HTTPS instead of HTTP.", valueName: "path"))
    var tlsCert: String?

    @Option(help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "path"))
    var tlsKey: String?

    @Option(
        name: .customLong("token"),
        help: ArgumentHelp("Another valid token and the login it belongs to (repeatable), besides octocat's.", valueName: "TOKEN=LOGIN"))
    var extraTokens: [String] = []

    @Option(
        name: .customLong("private"),
        help: ArgumentHelp("A repository only its owner's token sees (repeatable); everyone else gets 404.", valueName: "OWNER/NAME"))
    var privateRepositories: [String] = []

    func validate() throws {
        for pair in extraTokens where pair.split(separator: "=").count != 2 {
            throw ValidationError("--token takes TOKEN=LOGIN, not “\(pair)”.")
        }
        if (tlsCert == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-cert and --tls-key go together.")
        }
    }

    func run() async throws {
        var configuration = FakeGitHub.Configuration()
        configuration.seed = seed
        configuration.coreLimitAnonymous = coreLimit
        configuration.searchLimitAnonymous = searchLimit
        configuration.coreLimitAuthenticated = tokenCoreLimit
        configuration.searchLimitAuthenticated = tokenSearchLimit
        configuration.driftInterval = drift
        configuration.maxAge = maxAge
        configuration.hostile = hostile
        configuration.privateRepositories = privateRepositories
        for pair in extraTokens {
            let parts = pair.split(separator: "=").map(String.init)
            configuration.tokens[parts[0]] = parts[1]
        }
        let fake = FakeGitHub(configuration)
        let host = self.host
        var tls: TLSConfiguration?
        if let tlsCert, let tlsKey {
            let chain = try NIOSSLCertificate.fromPEMFile(tlsCert).map { NIOSSLCertificateSource.certificate($0) }
            let key = try NIOSSLPrivateKey(file: tlsKey, format: .pem)
            tls = TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
        }
        let scheme = tls == nil ? "http" : "https"
        try await fake.run(host: host, port: port, tls: tls) { port in
            FileHandle.standardOutput.write(Data("Fake GitHub listening on \(scheme)://\(host):\(port)\n".utf8))
        }
    }
}
