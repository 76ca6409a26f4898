import FakeGitHub
import Foundation
import Testing

/// `starscope trending`, run as a binary against the fake GitHub.
@Suite struct TrendingCommandTests {
    /// The N most-starred non-fork repositories created after today minus `days` (UTC), computed
    /// from the fake's data independently of its search code.
    static func expected(_ fake: FakeGitHub, days: Int, count: Int) async -> [FakeRepository] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = calendar.startOfDay(for: Date())
        let firstIncludedDay = calendar.date(byAdding: .day, value: -days + 1, to: today)!
        return await fake.repositories()
            .filter { !$0.fork && $0.createdAt >= firstIncludedDay }
            .sorted { $0.stars != $1.stars ? $0.stars > $1.stars : $0.id < $1.id }
            .prefix(count)
            .map { $0 }
    }

    @Test func weekOfThreeHundredIsExactlyTheMostStarredInThreeRequests() async throws {
        try await FakeGitHub.with { fake, url in
            let result = try await CLI.run(["trending", "--since", "week", "--limit", "300", "--json"], api: url)
            #expect(result.status == 0, "\(result.stderr)")
            let items = try jsonArray(result.stdout)
            let expected = await Self.expected(fake, days: 7, count: 300)
            #expect(expected.count == 300)
            #expect(items.compactMap { $0["full_name"] as? String } == expected.map(\.fullName))
            #expect(items.compactMap { $0["stargazers_count"] as? Int } == expected.map(\.stars))
            for item in items {
                for field in [
                    "id", "name", "full_name", "description", "stargazers_count", "forks_count", "language", "created_at", "html_url",
                    "favorite",
                ] {
                    #expect(item.keys.contains(field), "missing \(field)")
                }
                let owner = try #require(item["owner"] as? [String: Any])
                #expect(owner["login"] is String)
                #expect(owner.keys.contains("avatar_url"))
                #expect(item["favorite"] as? Bool == false)
                #expect(item["fork"] as? Bool == false)
            }
            let requests = await fake.requests()
            #expect(requests.count == 3)
            #expect(requests.allSatisfy { $0.path == "/search/repositories" && $0.status == 200 })
            #expect(requests.allSatisfy { ($0.query ?? "").contains("per_page=100") && ($0.query ?? "").contains("sort=stars") })
        }
    }

    @Test func defaultIsThirtyOfTheWeekInOneRequest() async throws {
        try await FakeGitHub.with { fake, url in
            let result = try await CLI.run(["trending", "--json"], api: url)
            #expect(result.status == 0)
            let expected = await Self.expected(fake, days: 7, count: 30)
            #expect(try jsonArray(result.stdout).compactMap { $0["full_name"] as? String } == expected.map(\.fullName))
            #expect(await fake.requests().count == 1)
        }
    }

    @Test func languageAndTextJoinTheSearchQuery() async throws {
        try await FakeGitHub.with { fake, url in
            let result = try await CLI.run(["trending", "--since", "month", "--language", "C++", "--query", "engine", "--json"], api: url)
            #expect(result.status == 0, "\(result.stderr)")
            let items = try jsonArray(result.stdout)
            #expect(!items.isEmpty)
            #expect(items.allSatisfy { $0["language"] as? String == "C++" })
            let query = try #require(await fake.requests().first?.query)
            #expect(query.contains("language%3AC%2B%2B"))
            #expect(query.contains("engine%20created%3A%3E"))
        }
    }

    @Test func tableIsAlignedFittedAndFreeOfEscapes() async throws {
        try await FakeGitHub.with { _, url in
            let result = try await CLI.run(["trending", "--since", "month", "--limit", "200"], api: url, environment: ["COLUMNS": "100"])
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 201)
            #expect(lines[0].hasPrefix("REPOSITORY"))
            let edge = lines[0].distance(from: lines[0].startIndex, to: try #require(lines[0].range(of: "STARS")).upperBound) - 1
            for line in lines {
                #expect(TerminalWidth.of(line) <= 100, "too wide: \(line)")
                // Star counts are right-aligned under the STARS header.
                let characters = Array(line)
                #expect(characters.count > edge && characters[edge] != " ", "misaligned: \(line)")
            }
            #expect(result.stdout.contains("No description provided"))
            #expect(result.stdout.contains("k "))
            // Untrusted text reaches the terminal without control characters or direction overrides.
            let forbidden = result.stdout.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
            }
            #expect(forbidden.isEmpty)
        }
    }

    @Test func colourAndProgressOnlyOnATerminal() async throws {
        try await FakeGitHub.with { _, url in
            let command = "\(CLI.binary.path) trending --since month --limit 300"
            let onTerminal = try await CLI.run(["-c", "script -qec '\(command)' /dev/null"], api: url, viaShell: true)
            #expect(onTerminal.stdout.contains("\u{1B}[1m"))
            #expect(onTerminal.stdout.contains("Loading page 2 of 3"))
            let noColour = try await CLI.run(
                ["-c", "script -qec '\(command)' /dev/null"], api: url, environment: ["NO_COLOR": "1"], viaShell: true)
            #expect(!noColour.stdout.contains("\u{1B}[1m"))
            #expect(!noColour.stdout.contains("\u{1B}[33m"))
            let piped = try await CLI.run(["trending", "--since", "month", "--limit", "300"], api: url)
            #expect(!piped.stdout.contains("\u{1B}"))
            #expect(!piped.stderr.contains("Loading"))
        }
    }

    @Test(arguments: [
        ["trending", "--limit", "1001"], ["trending", "--limit", "0"], ["trending", "--since", "year"], ["trending", "--bogus"],
        ["nonsense"],
    ])
    func badUsageExitsTwo(arguments: [String]) async throws {
        let result = try await CLI.run(arguments, api: URL(string: "http://127.0.0.1:9"))
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
        #expect(result.stdout.isEmpty)
    }

    @Test func incompleteSearchIsFlaggedButStillShown() async throws {
        try await FakeGitHub.with { fake, url in
            await fake.inject(.incompleteResults, path: "/search")
            let result = try await CLI.run(["trending", "--json"], api: url)
            #expect(result.status == 0)
            #expect(try jsonArray(result.stdout).count == 30)
            #expect(result.stderr.contains("some repositories may be missing"))
        }
    }
}

/// Terminal columns of a line (East Asian wide characters and emoji take two).
enum TerminalWidth {
    static func of(_ text: String) -> Int {
        text.reduce(0) { total, character in
            let scalar = character.unicodeScalars.first?.value ?? 0
            let wide =
                character.unicodeScalars.contains { $0.properties.isEmojiPresentation } || (0x1100...0x115F).contains(scalar)
                || (0x2E80...0xA4CF).contains(scalar) || (0xAC00...0xD7A3).contains(scalar) || (0xFF00...0xFF60).contains(scalar)
            return total + (wide ? 2 : 1)
        }
    }
}
