import FakeGitHub
import Foundation
import StarscopeTestSupport
import Testing

/// Every fault the fake GitHub can make, through the terminal: exit 1 and one line on stderr
/// when nothing is saved; the saved answer and one notice line when something is; favourites
/// never lost.
@Suite struct FaultMatrixCommandTests {
    static let trending = ["trending", "--since", "month", "--json"]
    /// Setting up and checking afterwards have time to spare on a busy machine; the run under the
    /// fault has 12 s, less than the slow fault's 30 s (and far more than any other answer takes).
    static let environment = [
        "GH_TOKEN": FaultCase.token, "STARSCOPE_TIMEOUT": "20", "STARSCOPE_SEARCH_FRESHNESS": "0",
    ]

    @Test(arguments: FaultCase.allCases)
    func trendingWithNothingSaved(fault: FaultCase) async throws {
        try await withHome { home in
            try await FakeGitHub.with(FaultCase.configuration(smallConfiguration())) { fake, url in
                let favourite = try #require(fake.dataset.repositories.first?.fullName)
                #expect(try await run(["favorites", "add", favourite], url, home).status == 0)
                await fault.inject(into: fake, path: "/search")
                let result = try await run(Self.trending, url, home, timeout: "12")
                #expect(!result.timedOut)
                if let phrase = fault.phrase {
                    #expect(result.status == 1, "\(fault)")
                    #expect(result.stdout.isEmpty)
                    #expect(result.stderrLines.count == 1, "\(fault): \(result.stderr)")
                    #expect(result.stderr.contains(phrase), "\(fault): \(result.stderr)")
                } else {
                    #expect(result.status == 0)
                    #expect(try jsonArray(result.stdout).count == 30)
                    #expect(result.stderr.contains("some repositories may be missing"))
                }
                try await Self.expectNothingLost(favourite, fault: fault, fake: fake, url: url, home: home)
            }
        }
    }

    @Test(arguments: FaultCase.allCases)
    func trendingWithASavedAnswer(fault: FaultCase) async throws {
        try await withHome { home in
            try await FakeGitHub.with(FaultCase.configuration(smallConfiguration())) { fake, url in
                let favourite = try #require(fake.dataset.repositories.first?.fullName)
                #expect(try await run(["favorites", "add", favourite], url, home).status == 0)
                let saved = try await run(Self.trending, url, home)
                #expect(saved.status == 0)
                await fault.inject(into: fake, path: "/search")
                let result = try await run(Self.trending, url, home, timeout: "12")
                if fault.savedAnswerStandsIn {
                    #expect(result.status == 0, "\(fault): \(result.stderr)")
                    #expect(result.stdout == saved.stdout, "\(fault)")
                    #expect(result.stderrLines.count == 1, "\(fault): \(result.stderr)")
                    #expect(result.stderr.contains("showing results from"), "\(fault): \(result.stderr)")
                } else if let phrase = fault.phrase {
                    #expect(result.status == 1, "\(fault)")
                    #expect(result.stderrLines.count == 1, "\(fault): \(result.stderr)")
                    #expect(result.stderr.contains(phrase), "\(fault): \(result.stderr)")
                } else {
                    #expect(result.status == 0)
                }
                try await Self.expectNothingLost(favourite, fault: fault, fake: fake, url: url, home: home)
                // The failure did not replace the saved answer.
                #expect(try await run(Self.trending, url, home).stdout == saved.stdout, "\(fault)")
            }
        }
    }

    static func expectNothingLost(_ favourite: String, fault: FaultCase, fake: FakeGitHub, url: URL, home: URL) async throws {
        await fault.clear(from: fake)
        let list = try await run(["favorites", "list", "--json", "--offline"], url, home)
        #expect(list.status == 0, "\(fault): \(list.stderr)")
        #expect(try jsonArray(list.stdout).compactMap { $0["full_name"] as? String } == [favourite], "\(fault)")
    }
}

private func run(_ arguments: [String], _ url: URL, _ home: URL, timeout: String? = nil) async throws -> CLIResult {
    var environment = FaultMatrixCommandTests.environment
    if let timeout { environment["STARSCOPE_TIMEOUT"] = timeout }
    return try await CLI.run(arguments, api: url, environment: environment, timeout: .seconds(60), home: home)
}
