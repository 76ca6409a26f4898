import FakeGitHub
import Foundation
import StarscopeCore
import Testing

/// `starscope repo` and `open`: one repository, and every way fetching it can fail.
@Suite struct RepoCommandTests {
    static func someRepository(_ fake: FakeGitHub) throws -> FakeRepository {
        try #require(fake.dataset.repositories.first { $0.description != nil && $0.language != nil && !$0.fork })
    }

    @Test func detailShowsEveryFieldAndJSONUsesGitHubsNames() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let repo = try Self.someRepository(fake)
            let human = try await CLI.run(["repo", repo.fullName], api: url)
            #expect(human.status == 0)
            for label in ["Stars:", "Forks:", "Open issues:", "Language:", "Licence:", "Created:", "Last push:", "On GitHub:"] {
                #expect(human.stdout.contains(label), "missing \(label)")
            }
            #expect(human.stdout.contains("https://github.com/\(repo.fullName)"))
            let json = try jsonObject(try await CLI.run(["repo", repo.fullName, "--json"], api: url).stdout)
            #expect(json["full_name"] as? String == repo.fullName)
            #expect(json["stargazers_count"] as? Int == repo.stars)
            #expect(json["favorite"] as? Bool == false)
        }
    }

    @Test func missingRepositoryExitsOneWithOneLine() async throws {
        try await FakeGitHub.with(smallConfiguration()) { _, url in
            let result = try await CLI.run(["repo", "octocat/does-not-exist"], api: url)
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(result.stderrLines == ["starscope: Repository octocat/does-not-exist was not found on GitHub."])
        }
    }

    @Test func exhaustedRateLimitNamesTheResetTime() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            await fake.setRemaining(0)
            let reset = await fake.rateLimit().reset
            // As a person reads it: the clock time, with the date when the reset is not today
            // (an hour after 23:00 UTC is tomorrow).
            let clock = ClockTime.format(reset, timeZone: try #require(TimeZone(identifier: "UTC")))
            let result = try await CLI.run(["repo", "swiftlang/anything"], api: url)
            #expect(result.status == 1)
            #expect(result.stderrLines.count == 1)
            #expect(result.stderr.contains("resets at \(clock)"))
            #expect(result.stderr.contains("add a token"))
        }
    }

    @Test(arguments: [
        (Fault.serverError, "HTTP 500"),
        (Fault.badGateway, "HTTP 502"),
        (Fault.malformedJSON, "cannot read"),
        (Fault.wrongShape, "cannot read"),
        (Fault.dropConnection, "Could not reach GitHub"),
        (Fault.secondaryRateLimit(retryAfter: 30), "try again in 30 seconds"),
        (Fault.slow(seconds: 40), "did not answer in time"),
    ])
    func faultsExitOneWithOneClearLine(fault: Fault, phrase: String) async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let repo = try Self.someRepository(fake)
            await fake.inject(fault, path: "/repos/")
            // A time-out far above what an answer takes, even from a fake sharing two busy cores
            // with hundreds of tests; the slow fault outlasts it.
            let result = try await CLI.run(
                ["repo", repo.fullName], api: url, environment: ["STARSCOPE_TIMEOUT": "20"], timeout: .seconds(90))
            #expect(!result.timedOut)
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(result.stderrLines.count == 1, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("starscope: "))
            #expect(result.stderr.contains(phrase), "\(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"))
        }
    }

    @Test func nothingListeningExitsOneQuickly() async throws {
        let url = try await FakeGitHub.with(smallConfiguration()) { _, url in url }
        let start = ContinuousClock.now
        let result = try await CLI.run(["repo", "swiftlang/swift"], api: url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Could not reach GitHub"))
        // Not after the 30 s time-out of retried connects (a busy machine may take a few seconds).
        #expect(ContinuousClock.now - start < .seconds(15))
    }

    @Test func openAcceptsTheThreeLinkForms() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let repo = try Self.someRepository(fake)
            for link in ["starscope://repo/\(repo.fullName)", "https://github.com/\(repo.fullName)", repo.fullName] {
                let result = try await CLI.run(["open", link, "--json"], api: url)
                #expect(result.status == 0, "\(link): \(result.stderr)")
                #expect(try jsonObject(result.stdout)["full_name"] as? String == repo.fullName)
            }
        }
    }

    @Test(arguments: ["https://example.com/a/b", "starscope://user/x", "not a link", "a/b/c"])
    func openRefusesOtherLinksAsUsageErrors(link: String) async throws {
        let result = try await CLI.run(["open", link], api: URL(string: "http://127.0.0.1:9"))
        #expect(result.status == 2)
        #expect(result.stderr.contains("is not a link Starscope can open"))
    }

    @Test func openOfAMissingRepositorySaysSo() async throws {
        try await FakeGitHub.with(smallConfiguration()) { _, url in
            let result = try await CLI.run(["open", "starscope://repo/octocat/nope"], api: url)
            #expect(result.status == 1)
            #expect(result.stderr.contains("was not found"))
        }
    }

    @Test func enterpriseAPIURLFormWorksAndOptionBeatsEnvironment() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let repo = try Self.someRepository(fake)
            let result = try await CLI.run(
                ["repo", repo.fullName, "--json", "--api-url", url.absoluteString + "/api/v3"],
                api: URL(string: "http://127.0.0.1:9")
            )
            #expect(result.status == 0, "\(result.stderr)")
            #expect(await fake.requests().count == 1)
        }
    }

    @Test func badTokenIsExplainedAndNeverPrinted() async throws {
        try await FakeGitHub.with(smallConfiguration()) { _, url in
            let token = "ghp_THIS_IS_A_SECRET_TOKEN_123456"
            let result = try await CLI.run(["repo", "swiftlang/swift"], api: url, environment: ["GH_TOKEN": token])
            #expect(result.status == 1)
            #expect(result.stderr.contains("rejected the token"))
            #expect(!result.stderr.contains(token) && !result.stdout.contains(token))
        }
    }

    @Test func tokenFromTheEnvironmentIsUsedAndGHTokenWins() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let repo = try Self.someRepository(fake)
            let result = try await CLI.run(
                ["repo", repo.fullName, "--json"], api: url,
                environment: ["GH_TOKEN": FakeGitHub.octocatToken, "GITHUB_TOKEN": "ghp_wrong"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(await fake.requests().first?.authenticated == true)
            let fallback = try await CLI.run(
                ["repo", repo.fullName, "--json"], api: url, environment: ["GITHUB_TOKEN": FakeGitHub.octocatToken])
            #expect(fallback.status == 0)
            #expect(!fallback.stdout.contains(FakeGitHub.octocatToken))
        }
    }
}

func smallConfiguration() -> FakeGitHub.Configuration {
    var configuration = FakeGitHub.Configuration()
    configuration.accountCount = 40
    configuration.repositoryCount = 600
    return configuration
}

@Suite struct OpenInBrowserTests {
    @Test func openWebHandsTheAppsPageToTheSystemBrowser() async throws {
        try await withHome { home in
            let bin = home.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let record = home.appendingPathComponent("opened.txt")
            let opener = bin.appendingPathComponent("xdg-open")
            try "#!/bin/sh\necho \"$1\" > \(record.path)\n".write(to: opener, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
            let result = try await CLI.run(
                ["open", "starscope://repo/swiftlang/swift", "--web", "--app-url", "http://127.0.0.1:8181/"],
                environment: ["PATH": "\(bin.path):/usr/bin:/bin"], home: home)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try String(contentsOf: record, encoding: .utf8) == "http://127.0.0.1:8181/repos/swiftlang/swift\n")
            let refused = try await CLI.run(
                ["open", "https://evil.example/a/b", "--web"], environment: ["PATH": "\(bin.path):/usr/bin:/bin"], home: home)
            #expect(refused.status == 2)
        }
    }
}

@Suite struct DiagnosticsTests {
    @Test func debugLoggingNamesRequestsButNeverTheToken() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let repo = try #require(fake.dataset.repositories.first)
            let result = try await CLI.run(
                ["repo", repo.fullName], api: url, environment: ["GH_TOKEN": FakeGitHub.octocatToken, "STARSCOPE_LOG_LEVEL": "trace"])
            #expect(result.status == 0)
            #expect(result.stderr.contains("GitHub request"))
            #expect(result.stderr.contains("/repos/\(repo.fullName)"))
            #expect(!result.stderr.contains(FakeGitHub.octocatToken))
            #expect(!result.stdout.contains(FakeGitHub.octocatToken))
        }
    }

    /// At debug, what is asked of GitHub is logged by its shape: no repository, account or
    /// search is named (a private repository's name would be); trace names them.
    @Test func debugLoggingNamesNoRepositoryOrSearch() async throws {
        try await FakeGitHub.with(smallConfiguration()) { fake, url in
            let repo = try #require(fake.dataset.repositories.first)
            let shown = try await CLI.run(
                ["repo", repo.fullName], api: url, environment: ["GH_TOKEN": FakeGitHub.octocatToken, "STARSCOPE_LOG_LEVEL": "debug"])
            #expect(shown.status == 0)
            #expect(shown.stderr.contains("/repos/{owner}/{name}"), "\(shown.stderr)")
            #expect(!shown.stderr.contains(repo.fullName) && !shown.stderr.contains("/\(repo.name)"))
            let searched = try await CLI.run(
                ["search", "zzsecretword", "--json"], api: url,
                environment: ["GH_TOKEN": FakeGitHub.octocatToken, "STARSCOPE_LOG_LEVEL": "debug"])
            #expect(searched.stderr.contains("GitHub request") && !searched.stderr.contains("zzsecretword"), "\(searched.stderr)")
        }
    }
}
